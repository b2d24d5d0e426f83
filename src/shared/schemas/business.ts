// Zod pieces shared by the business-structure domains (customers, licenses, directions,
// sub-directions, classes, locations, schemes, teams, users): filters, refs and field rules.
import { z } from 'zod';
import { msg } from '../errors/validation.ts';
import { ZId } from './common.ts';

/**
 * Which archived records a list shows: `exclude` (default) hides them, `only` shows just them,
 * `include` shows both.
 */
export const ARCHIVED_FILTERS = ['exclude', 'include', 'only'] as const;
export const ZArchivedFilter = z.enum(ARCHIVED_FILTERS).default('exclude');
export type TArchivedFilter = z.infer<typeof ZArchivedFilter>;

/**
 * Narrow a list to one customer. Only the superadmin sees several customers; for everyone else the
 * server always scopes to the caller's customer, so another customer's id just gives an empty list.
 */
export const customerFilter = { customerId: ZId.optional() };

/** Short business codes: letters, digits, `-`, `_`, `.`; stored as given (trimmed). */
export const ZCode = z
  .string()
  .trim()
  .min(1, msg('code.required'))
  .max(32, msg('code.max'))
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, msg('code.chars'));

export function zName(max = 200) {
  return z.string().trim().min(1, msg('name.required')).max(max, msg('name.max'));
}

/** Optional free text; an empty string is stored as null. */
export function zOptionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, msg('text.max'))
    .nullish()
    .transform((v) => (v ? v : null));
}

/** A small reference to a related record, as lists show it. */
export const ZCodeRef = z.object({ id: z.number(), code: z.string(), name: z.string() });
export type TCodeRef = z.infer<typeof ZCodeRef>;
export const ZNameRef = z.object({ id: z.number(), name: z.string() });
export type TNameRef = z.infer<typeof ZNameRef>;

/** Answer of `delete`: the id of the record that is gone. */
export const ZDeleted = z.object({ id: z.number(), deleted: z.literal(true) });
export type TDeleted = z.infer<typeof ZDeleted>;
