// Single sign-on with OpenID Connect, per customer: sso.get | sso.update (a customer's admin for their own
// customer, superadmin for any through `customerId`), and what the login page asks before offering it.
import { z } from 'zod';
import { ROLES } from '../constants/roles.ts';
import { msg } from '../errors/validation.ts';
import { ZId } from './common.ts';

/** A domain name as typed after the `@` (lower-cased), e.g. `example.com`. */
const ZEmailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/, msg('sso.domain'));

export const ZSsoGetInput = z.object({ customerId: ZId.optional() }).optional();
export type TSsoGetInput = z.infer<typeof ZSsoGetInput>;

export const ZSsoUpdateInput = z.object({
  customerId: ZId.optional(),
  issuer: z
    .string()
    .trim()
    .min(1, msg('sso.issuerRequired'))
    .max(500)
    .pipe(z.url({ message: msg('sso.issuer') })),
  clientId: z.string().trim().min(1, msg('sso.clientIdRequired')).max(300),
  /** Required the first time; left out (or empty) later, the stored secret stays. */
  clientSecret: z.string().max(2_000).optional(),
  emailDomains: z.array(ZEmailDomain).min(1, msg('sso.domainsRequired')).max(50),
  defaultRole: z.enum(ROLES),
  autoCreate: z.boolean(),
  enforced: z.boolean(),
});
export type TSsoUpdateInput = z.infer<typeof ZSsoUpdateInput>;

/** A customer's provider as its admin reads it: never the client secret, only whether one is stored. */
export const ZSsoConfig = z.object({
  customerId: z.number().int(),
  configured: z.boolean(),
  issuer: z.string(),
  clientId: z.string(),
  emailDomains: z.array(z.string()),
  defaultRole: z.enum(ROLES),
  autoCreate: z.boolean(),
  enforced: z.boolean(),
  hasClientSecret: z.boolean(),
});
export type TSsoConfig = z.infer<typeof ZSsoConfig>;

/** auth.ssoFor: whether the typed address's domain signs in through its organisation's provider. */
export const ZSsoForInput = z.object({ email: z.string().trim().max(254) });
export const ZSsoFor = z.object({ sso: z.boolean(), enforced: z.boolean() });
