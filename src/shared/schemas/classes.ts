// Classes: kinds of location (hypermarket, warehouse…). Name unique per customer.
// Procedures: classes.list | byId | create | update | archive | restore | delete.
// Same abilities as directions. delete is refused (CONFLICT) while locations use the class.
import { z } from 'zod';
import { msg } from '../errors/validation.ts';
import { customerFilter, ZArchivedFilter, zName, zOptionalText } from './business.ts';
import { listInput, listOutput, ZExpectedVersion, ZId, ZInputDate, ZVersion } from './common.ts';

export const ZColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, msg('classes.color'))
  .transform((c) => c.toLowerCase());

export const ZLocationClass = z.object({
  id: z.number(),
  version: ZVersion,
  customerId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  archivedAt: z.date().nullable(),
  locationCount: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TLocationClass = z.infer<typeof ZLocationClass>;

export const CLASS_SORT_KEYS = ['name', 'createdAt', 'updatedAt'] as const;
/** q matches the name. Default sort: name asc. */
export const ZListClassesInput = listInput(CLASS_SORT_KEYS, {
  /** Changed at or after this instant (incremental sync of the business API). */
  updatedSince: ZInputDate.optional(),
  ...customerFilter,
  archived: ZArchivedFilter,
});
export type TListClassesInput = z.infer<typeof ZListClassesInput>;
export const ZLocationClassList = listOutput(ZLocationClass);

/** `customerId` is required from the superadmin and ignored for everyone else. */
export const ZCreateClassInput = z.object({
  ...customerFilter,
  name: zName(120),
  description: zOptionalText(2000),
  color: ZColor.default('#6e7781'),
});
export type TCreateClassInput = z.infer<typeof ZCreateClassInput>;

export const ZUpdateClassInput = z.object({
  id: ZId,
  version: ZExpectedVersion,
  name: zName(120).optional(),
  description: zOptionalText(2000).optional(),
  color: ZColor.optional(),
});
export type TUpdateClassInput = z.infer<typeof ZUpdateClassInput>;
