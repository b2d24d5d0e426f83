// Directions: a customer's top-level grouping of locations (regions or departments).
// Procedures: directions.list | byId | create | update | archive | restore | delete.
// admin, businessadmin (and superadmin) manage; every other business role reads; `client` is refused.
// delete is refused (CONFLICT) while the direction has sub-directions; archive hides it instead.
import { z } from 'zod';
import { customerFilter, ZArchivedFilter, ZCode, zName, zOptionalText } from './business.ts';
import { listInput, listOutput, ZExpectedVersion, ZId, ZInputDate, ZVersion } from './common.ts';

export const ZDirection = z.object({
  id: z.number(),
  version: ZVersion,
  customerId: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  archivedAt: z.date().nullable(),
  subDirectionCount: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TDirection = z.infer<typeof ZDirection>;

export const DIRECTION_SORT_KEYS = ['code', 'name', 'createdAt', 'updatedAt'] as const;
/** q matches code and name. Default sort: code asc. */
export const ZListDirectionsInput = listInput(DIRECTION_SORT_KEYS, {
  /** Changed at or after this instant (incremental sync of the business API). */
  updatedSince: ZInputDate.optional(),
  ...customerFilter,
  active: z.boolean().optional(),
  archived: ZArchivedFilter,
});
export type TListDirectionsInput = z.infer<typeof ZListDirectionsInput>;
export const ZDirectionList = listOutput(ZDirection);

/** `customerId` is required from the superadmin and ignored for everyone else (own customer). */
export const ZCreateDirectionInput = z.object({
  ...customerFilter,
  code: ZCode,
  name: zName(),
  description: zOptionalText(2000),
  active: z.boolean().default(true),
});
export type TCreateDirectionInput = z.infer<typeof ZCreateDirectionInput>;

export const ZUpdateDirectionInput = z.object({
  id: ZId,
  version: ZExpectedVersion,
  code: ZCode.optional(),
  name: zName().optional(),
  description: zOptionalText(2000).optional(),
  active: z.boolean().optional(),
});
export type TUpdateDirectionInput = z.infer<typeof ZUpdateDirectionInput>;
