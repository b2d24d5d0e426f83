// Licenses: what a customer may use and for how many active users.
// Procedures: licenses.list | byId | current | create | update | revoke | delete.
// superadmin manages; admin and businessadmin read their own customer's licenses; others FORBIDDEN.
// Rules: active users never exceed the active license's seats; without an active license only the
// customer's `admin` users can sign in. Periods of a customer's non-revoked licenses never overlap.
import { z } from 'zod';
import { msg } from '../errors/validation.ts';
import { ZCodeRef } from './business.ts';
import { listInput, listOutput, ZExpectedVersion, ZId, ZInputDate, ZVersion, zRefId } from './common.ts';

export const LICENSE_PLANS = ['basic', 'team', 'company', 'enterprise'] as const;
export type TLicensePlan = (typeof LICENSE_PLANS)[number];
export const LICENSE_MODULES = ['tasks', 'reports', 'files', 'api'] as const;
export type TLicenseModule = (typeof LICENSE_MODULES)[number];
/** Derived from the dates: scheduled (not started), active, expired, revoked. */
export const LICENSE_STATUSES = ['scheduled', 'active', 'expired', 'revoked'] as const;
export type TLicenseStatus = (typeof LICENSE_STATUSES)[number];

export const ZLicense = z.object({
  id: z.number(),
  version: ZVersion,
  key: z.string(),
  customer: ZCodeRef,
  plan: z.enum(LICENSE_PLANS),
  seats: z.number(),
  modules: z.array(z.enum(LICENSE_MODULES)),
  startsAt: z.date(),
  expiresAt: z.date(),
  revokedAt: z.date().nullable(),
  revokeReason: z.string().nullable(),
  status: z.enum(LICENSE_STATUSES),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TLicense = z.infer<typeof ZLicense>;

export const LICENSE_SORT_KEYS = ['startsAt', 'expiresAt', 'seats', 'plan', 'customer', 'createdAt'] as const;
/** q matches the key and the customer's code or name. Default sort: startsAt desc. */
export const ZListLicensesInput = listInput(LICENSE_SORT_KEYS, {
  customerId: ZId.optional(),
  status: z.enum(LICENSE_STATUSES).optional(),
  plan: z.enum(LICENSE_PLANS).optional(),
});
export type TListLicensesInput = z.infer<typeof ZListLicensesInput>;
export const ZLicenseList = listOutput(ZLicense);

/** The license in force for a customer (the caller's own unless superadmin passes customerId). */
export const ZCurrentLicenseInput = z.object({ customerId: ZId.optional() });
export type TCurrentLicenseInput = z.infer<typeof ZCurrentLicenseInput>;
export const ZCurrentLicense = z.object({
  customerId: z.number(),
  license: ZLicense.nullable(),
  /** Active users of the customer (what the seats limit). */
  usedSeats: z.number(),
});
export type TCurrentLicense = z.infer<typeof ZCurrentLicense>;

const ZSeats = z.number().int().min(1, msg('licenses.seatsMin')).max(100_000);
const ZModules = z
  .array(z.enum(LICENSE_MODULES))
  .max(20)
  .transform((m) => [...new Set(m)]);

export const ZCreateLicenseInput = z
  .object({
    customerId: zRefId(msg('customer.choose')),
    plan: z.enum(LICENSE_PLANS),
    seats: ZSeats,
    modules: ZModules.default(['tasks', 'reports', 'files']),
    startsAt: ZInputDate,
    expiresAt: ZInputDate,
  })
  .refine((v) => v.expiresAt > v.startsAt, { message: msg('licenses.expiresAfterStart'), path: ['expiresAt'] });
export type TCreateLicenseInput = z.infer<typeof ZCreateLicenseInput>;

/** Revoked and expired licenses are history and cannot change. */
export const ZUpdateLicenseInput = z.object({
  id: ZId,
  version: ZExpectedVersion,
  plan: z.enum(LICENSE_PLANS).optional(),
  seats: ZSeats.optional(),
  modules: ZModules.optional(),
  startsAt: ZInputDate.optional(),
  expiresAt: ZInputDate.optional(),
});
export type TUpdateLicenseInput = z.infer<typeof ZUpdateLicenseInput>;

export const ZRevokeLicenseInput = z.object({
  id: ZId,
  reason: z.string().trim().min(3, msg('licenses.reasonMin')).max(300),
});
export type TRevokeLicenseInput = z.infer<typeof ZRevokeLicenseInput>;
