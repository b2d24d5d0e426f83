// Saved views: a named list state (the list's URL query string) kept
// for one list, personal or shared with the owner's customer.
// Procedures: views.list | create | update | delete.
// Every signed-in role but `client`. list: the caller's own views of that list plus the ones shared in
// the caller's customer (the superadmin belongs to no customer: only its own). update: the owner only.
// delete: the owner, or an admin of the same customer for a shared view. Another customer's view, or
// someone else's personal view, is NOT_FOUND.
import { z } from 'zod';
import { MAX_VIEW_NAME, MAX_VIEW_QUERY, SAVED_VIEW_LIST_KEYS } from '../constants/saved-views.ts';
import { msg } from '../errors/validation.ts';
import { zName } from './business.ts';
import { ZId } from './common.ts';

export const ZSavedViewListKey = z.enum(SAVED_VIEW_LIST_KEYS, { error: msg('views.listKey') });

// Characters of an already-encoded URL query (RFC 3986 query: pchar / "/" / "?"), and well-formed %XX escapes.
const QUERY_CHARS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*$/;
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

/**
 * A list's URL query string, encoded as in the address bar (`q=north&active=true`); a leading `?`
 * is dropped. Empty is the list's default state.
 */
export const ZViewQuery = z
  .string()
  .trim()
  .transform((v) => v.replace(/^\?/, ''))
  .pipe(
    z
      .string()
      .max(MAX_VIEW_QUERY, msg('views.queryMax'))
      .regex(QUERY_CHARS, msg('views.query'))
      .refine((v) => !BAD_ESCAPE.test(v), msg('views.query')),
  );

export const ZSavedView = z.object({
  id: z.number(),
  listKey: ZSavedViewListKey,
  name: z.string(),
  /** The list's URL query string, without the leading `?`. */
  query: z.string(),
  shared: z.boolean(),
  ownerId: z.number(),
  ownerName: z.string(),
  /** The owner's customer (null for the superadmin's views). */
  customerId: z.number().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TSavedView = z.infer<typeof ZSavedView>;

export const ZListSavedViewsInput = z.object({ listKey: ZSavedViewListKey });
export type TListSavedViewsInput = z.infer<typeof ZListSavedViewsInput>;

/** The caller's own views first, then the ones others shared; each group by name. */
export const ZSavedViewList = z.object({ items: z.array(ZSavedView) });
export type TSavedViewList = z.infer<typeof ZSavedViewList>;

export const ZCreateSavedViewInput = z.object({
  listKey: ZSavedViewListKey,
  name: zName(MAX_VIEW_NAME),
  query: ZViewQuery,
  shared: z.boolean().default(false),
});
export type TCreateSavedViewInput = z.infer<typeof ZCreateSavedViewInput>;

/** Rename, change the query, share or unshare (owner only). */
export const ZUpdateSavedViewInput = z.object({
  id: ZId,
  name: zName(MAX_VIEW_NAME).optional(),
  query: ZViewQuery.optional(),
  shared: z.boolean().optional(),
});
export type TUpdateSavedViewInput = z.infer<typeof ZUpdateSavedViewInput>;
