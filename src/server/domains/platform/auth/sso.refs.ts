// What sign-in needs to know of single sign-on before anyone is signed in: whether an address's domain
// belongs to a customer's provider, and whether that provider is the only way in ("SSO only").
// These never authorize: callers have authorized already (or the flow is public and reveals no account).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../../db/kysely.ts';

/** The domain of an address as the providers are found by (lower case), or null for no address. */
export function emailDomain(email: string): string | null {
  const at = email.trim().lastIndexOf('@');
  if (at < 1) return null;
  const domain = email
    .trim()
    .slice(at + 1)
    .toLowerCase();
  return domain || null;
}

export interface SsoProviderRow {
  id: number;
  customerId: number;
  issuer: string;
  clientId: string;
  clientSecretEncrypted: string;
  emailDomains: string[];
  defaultRole: string;
  autoCreate: boolean;
  enforced: boolean;
}

const COLUMNS = [
  'id',
  'customer_id',
  'issuer',
  'client_id',
  'client_secret_encrypted',
  'email_domains',
  'default_role',
  'auto_create',
  'enforced',
] as const;

function toRow(r: {
  id: number;
  customer_id: number;
  issuer: string;
  client_id: string;
  client_secret_encrypted: string;
  email_domains: string[];
  default_role: string;
  auto_create: boolean;
  enforced: boolean;
}): SsoProviderRow {
  return {
    id: r.id,
    customerId: r.customer_id,
    issuer: r.issuer,
    clientId: r.client_id,
    clientSecretEncrypted: r.client_secret_encrypted,
    emailDomains: r.email_domains,
    defaultRole: r.default_role,
    autoCreate: r.auto_create,
    enforced: r.enforced,
  };
}

/** The provider whose domains include the address's, or null. */
export async function ssoProviderForEmail(em: EntityManager, email: string): Promise<SsoProviderRow | null> {
  const domain = emailDomain(email);
  if (!domain) return null;
  const row = await db(em)
    .selectFrom('customer_sso')
    .select(COLUMNS)
    .where(sql<boolean>`email_domains @> array[${domain}]::text[]`)
    .executeTakeFirst();
  return row ? toRow(row) : null;
}

/** The customer's provider, or null. */
export async function ssoProviderOfCustomer(em: EntityManager, customerId: number): Promise<SsoProviderRow | null> {
  const row = await db(em)
    .selectFrom('customer_sso')
    .select(COLUMNS)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row ? toRow(row) : null;
}

/** Whether the address's organisation signs in only through its provider (passwords and passkeys refused). */
export async function ssoEnforcedFor(em: EntityManager, email: string): Promise<boolean> {
  return (await ssoProviderForEmail(em, email))?.enforced ?? false;
}

/** auth.ssoFor: what the login page offers for a typed address (a domain fact, the same for every address of it). */
export async function ssoFor(em: EntityManager, email: string): Promise<{ sso: boolean; enforced: boolean }> {
  const provider = await ssoProviderForEmail(em, email);
  return { sso: !!provider, enforced: provider?.enforced ?? false };
}
