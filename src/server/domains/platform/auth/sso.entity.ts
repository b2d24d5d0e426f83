import { defineEntity, p } from '@mikro-orm/core';
import { ROLES } from '../../../../shared/constants/roles.ts';
import { baseProperties } from '../../../db/base.entity.ts';
import { Customer } from '../../organization/customers/customer.entity.ts';

/**
 * A customer's OpenID Connect provider. The client secret is stored encrypted (AES-256-GCM with
 * SECRETS_KEY, lib/secrets.ts) and never leaves the server. `emailDomains` are lower-case and belong to
 * one customer only (the login page finds the customer by the typed address's domain).
 */
export const CustomerSsoSchema = defineEntity({
  name: 'CustomerSso',
  tableName: 'customer_sso',
  properties: {
    ...baseProperties,
    customer: () => p.manyToOne(Customer).deleteRule('cascade').unique(),
    issuer: p.string().length(500),
    clientId: p.string().length(300),
    clientSecretEncrypted: p.text(),
    emailDomains: p.array(),
    defaultRole: p.enum([...ROLES]),
    autoCreate: p.boolean(),
    enforced: p.boolean(),
  },
});

export class CustomerSso extends CustomerSsoSchema.class {}
CustomerSsoSchema.setClass(CustomerSso);

/**
 * One single sign-on attempt between `/api/auth/sso/start` and the provider's redirect back: the random
 * `state` finds it (used once, ten minutes), the PKCE verifier and the nonce check the answer. In
 * PostgreSQL, so the callback may reach another process than the start.
 */
export const SsoLoginSchema = defineEntity({
  name: 'SsoLogin',
  tableName: 'sso_logins',
  properties: {
    id: p.integer().primary().autoincrement(),
    createdAt: p.datetime().onCreate(() => new Date()),
    state: p.string().length(128).unique(),
    nonce: p.string().length(128),
    codeVerifier: p.string().length(128),
    customer: () => p.manyToOne(Customer).deleteRule('cascade').index(),
    /** Where to go after signing in (a path of this app). */
    returnTo: p.string().length(500).nullable(),
    expiresAt: p.datetime().index(),
  },
});

export class SsoLogin extends SsoLoginSchema.class {}
SsoLoginSchema.setClass(SsoLogin);
