// Customers (tenants). Procedures: customers.list | byId | create | update | delete.
// superadmin manages every customer; admin, businessadmin and businessuser read their own (the list
// then holds just that one); other roles are refused (FORBIDDEN).
import { z } from 'zod';
import { msg } from '../errors/validation.ts';
import { zName, zOptionalText } from './business.ts';
import { listInput, listOutput, ZExpectedVersion, ZId, ZTimeZone, ZVersion } from './common.ts';
import { TWO_FACTOR_POLICIES } from './two-factor.ts';

export const CUSTOMER_STATUSES = ['active', 'suspended'] as const;
export type TCustomerStatus = (typeof CUSTOMER_STATUSES)[number];

const ZCustomerCode = z
  .string()
  .trim()
  .toUpperCase()
  .min(2, msg('code.min'))
  .max(16, msg('code.max'))
  .regex(/^[A-Z0-9][A-Z0-9-]*$/, msg('code.customerChars'));

const ZCountry = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, msg('customers.country'))
  .nullish()
  .transform((v) => v ?? null);

const ZOptionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.union([z.literal(''), z.email({ message: msg('email.invalid') })]))
  .nullish()
  .transform((v) => (v ? v : null));

/** The license a customer runs on now, if any. */
export const ZActiveLicenseSummary = z.object({
  id: z.number(),
  plan: z.string(),
  seats: z.number(),
  expiresAt: z.date(),
});

export const ZCustomer = z.object({
  id: z.number(),
  version: ZVersion,
  code: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  status: z.enum(CUSTOMER_STATUSES),
  /** IANA time zone of the customer's locations (a location may override it); slots are planned in it. */
  timeZone: z.string(),
  /** The license in force now, or null (then only the customer's admins can sign in). */
  activeLicense: ZActiveLicenseSummary.nullable(),
  /** Users with status `active` (what the license's seats limit). */
  activeUsers: z.number(),
  /** Who must have a second factor: nobody else than who wants one, the administrators, or everyone. */
  twoFactorPolicy: z.enum(TWO_FACTOR_POLICIES),
  /** Days covered users may still work without a second factor once the policy widened. */
  twoFactorGraceDays: z.number().int(),
  /** When the policy last started covering more people (the grace counts from here); null while optional. */
  twoFactorPolicySince: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TCustomer = z.infer<typeof ZCustomer>;

export const CUSTOMER_SORT_KEYS = ['code', 'name', 'country', 'city', 'status', 'createdAt'] as const;
/** q matches code, name, city and email. */
export const ZListCustomersInput = listInput(CUSTOMER_SORT_KEYS, {
  status: z.enum(CUSTOMER_STATUSES).optional(),
  country: z.string().trim().toUpperCase().length(2).optional(),
});
export type TListCustomersInput = z.infer<typeof ZListCustomersInput>;
export const ZCustomerList = listOutput(ZCustomer);

export const ZCreateCustomerInput = z.object({
  code: ZCustomerCode,
  name: zName(),
  email: ZOptionalEmail,
  phone: zOptionalText(40),
  country: ZCountry,
  city: zOptionalText(120),
  address: zOptionalText(300),
  status: z.enum(CUSTOMER_STATUSES).default('active'),
  /** Default Europe/Paris. */
  timeZone: ZTimeZone.optional(),
});
export type TCreateCustomerInput = z.infer<typeof ZCreateCustomerInput>;

// zod 4 keeps a field's default under .partial(): status is redeclared without one, so an update
// that leaves it out keeps the stored status.
export const ZUpdateCustomerInput = ZCreateCustomerInput.partial().extend({
  id: ZId,
  version: ZExpectedVersion,
  status: z.enum(CUSTOMER_STATUSES).optional(),
  /** Who must have a second factor; the customer's admin may change these two alone (see TWO_FACTOR_FIELDS). */
  twoFactorPolicy: z.enum(TWO_FACTOR_POLICIES).optional(),
  /** Days covered users may still work without a second factor once the policy widens (0–365). */
  twoFactorGraceDays: z.number().int().min(0).max(365).optional(),
});
/** The fields of a customer its own admin may update (the second-factor policy). */
export const TWO_FACTOR_FIELDS = ['twoFactorPolicy', 'twoFactorGraceDays'] as const;
export type TUpdateCustomerInput = z.infer<typeof ZUpdateCustomerInput>;

export const TWO_FACTOR_ENROLMENT_SORT_KEYS = ['fullName', 'email', 'role', 'enrolled'] as const;
/**
 * customers.twoFactorEnrolment: who of a customer has a second factor. superadmin names the customer
 * (`customerId`); a customer's admin reads their own. `q` matches name and e-mail; `enrolled` filters.
 */
export const ZTwoFactorEnrolmentInput = listInput(TWO_FACTOR_ENROLMENT_SORT_KEYS, {
  customerId: ZId.optional(),
  enrolled: z.boolean().optional(),
});
export type TTwoFactorEnrolmentInput = z.infer<typeof ZTwoFactorEnrolmentInput>;

export const ZTwoFactorEnrolment = z.object({
  /** The user's id. */
  id: z.number(),
  fullName: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.string(),
  /** An authenticator app (TOTP) is turned on. */
  totp: z.boolean(),
  /** How many passkeys the person has (each is a second factor). */
  passkeys: z.number().int(),
  /** A second factor of either kind. */
  enrolled: z.boolean(),
  /** The customer's policy requires one of this person. */
  covered: z.boolean(),
});
export type TTwoFactorEnrolment = z.infer<typeof ZTwoFactorEnrolment>;
export const ZTwoFactorEnrolmentList = listOutput(ZTwoFactorEnrolment);
