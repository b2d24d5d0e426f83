// App-bar search: pages of the product grouped by area; a group lists at most 5 matching pages.
import { z } from 'zod';

export const MAX_SEARCH_CHILDREN = 5;

export const ZSearchInput = z.object({ q: z.string().trim().max(100).optional() });
export type TSearchInput = z.infer<typeof ZSearchInput>;

export const ZSearchChild = z.object({ title: z.string(), icon: z.string(), url: z.string() });
export const ZSearchGroup = z.object({ title: z.string(), children: z.array(ZSearchChild) });
export type TSearchGroup = z.infer<typeof ZSearchGroup>;
export const ZSearchResult = z.array(ZSearchGroup);
