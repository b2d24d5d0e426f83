// Sub-directions: areas inside a direction. Code unique per direction.
// Procedures: subDirections.list | byId | create | update | archive | restore | delete.
// Same abilities as directions. delete is refused (CONFLICT) while locations use the sub-direction.
import { z } from 'zod';
import { msg } from '../errors/validation.ts';
import { customerFilter, ZArchivedFilter, ZCode, ZCodeRef, zName, zOptionalText } from './business.ts';
import { listInput, listOutput, ZExpectedVersion, ZId, ZInputDate, ZVersion, zRefId } from './common.ts';

export const ZSubDirection = z.object({
  id: z.number(),
  version: ZVersion,
  customerId: z.number(),
  direction: ZCodeRef,
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  archivedAt: z.date().nullable(),
  locationCount: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TSubDirection = z.infer<typeof ZSubDirection>;

export const SUB_DIRECTION_SORT_KEYS = ['code', 'name', 'direction', 'createdAt', 'updatedAt'] as const;
/** q matches code and name. Default sort: code asc. */
export const ZListSubDirectionsInput = listInput(SUB_DIRECTION_SORT_KEYS, {
  /** Changed at or after this instant (incremental sync of the business API). */
  updatedSince: ZInputDate.optional(),
  ...customerFilter,
  directionId: ZId.optional(),
  active: z.boolean().optional(),
  archived: ZArchivedFilter,
});
export type TListSubDirectionsInput = z.infer<typeof ZListSubDirectionsInput>;
export const ZSubDirectionList = listOutput(ZSubDirection);

/** The customer is the direction's. */
export const ZCreateSubDirectionInput = z.object({
  directionId: zRefId(msg('direction.choose')),
  code: ZCode,
  name: zName(),
  description: zOptionalText(2000),
  active: z.boolean().default(true),
});
export type TCreateSubDirectionInput = z.infer<typeof ZCreateSubDirectionInput>;

/** Moving to another direction of the same customer is allowed. */
export const ZUpdateSubDirectionInput = z.object({
  id: ZId,
  version: ZExpectedVersion,
  directionId: zRefId(msg('direction.choose')).optional(),
  code: ZCode.optional(),
  name: zName().optional(),
  description: zOptionalText(2000).optional(),
  active: z.boolean().optional(),
});
export type TUpdateSubDirectionInput = z.infer<typeof ZUpdateSubDirectionInput>;
