// App-bar search over the product's pages (stored in search_items), limited to what the caller may read.
import { sql } from 'kysely';
import { SUBJECTS } from '../../../../shared/abilities/index.ts';
import { MAX_SEARCH_CHILDREN, type TSearchGroup, type TSearchInput } from '../../../../shared/schemas/search.ts';
import { db } from '../../../db/kysely.ts';
import { authorize } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { likeContains } from '../../../lib/list/index.ts';

/**
 * Groups of pages whose title contains the lowercased `q` (all pages when empty), at most 5 per group,
 * groups in menu order and empty groups left out. Pages tied to a subject the caller may not read are
 * never listed. Any role that may read DemoApp.
 */
export async function searchPages(ctx: ServiceContext, input: TSearchInput): Promise<TSearchGroup[]> {
  authorize(ctx, 'read', 'DemoApp');
  const readable = SUBJECTS.filter((s) => s !== 'all' && ctx.ability.can('read', s));
  const q = input.q?.trim().toLowerCase();
  let visible = db(ctx.em)
    .selectFrom('search_items as s')
    .select(['s.group_title', 's.group_position', 's.title', 's.icon', 's.url', 's.position'])
    .select(sql<number>`row_number() over (partition by s.group_position order by s.position)`.as('rank'))
    .where((eb) => eb.or([eb('s.subject', 'is', null), eb('s.subject', '=', eb.fn.any(eb.val(readable)))]));
  if (q) visible = visible.where((eb) => eb(eb.fn('lower', ['s.title']), 'like', likeContains(q)));
  const rows = await db(ctx.em)
    .selectFrom(visible.as('ranked'))
    .select(['ranked.group_title as groupTitle', 'ranked.title', 'ranked.icon', 'ranked.url'])
    .where('ranked.rank', '<=', MAX_SEARCH_CHILDREN)
    .orderBy('ranked.group_position')
    .orderBy('ranked.position')
    .execute();
  const groups = new Map<string, TSearchGroup>();
  for (const row of rows) {
    let group = groups.get(row.groupTitle);
    if (!group) {
      group = { title: row.groupTitle, children: [] };
      groups.set(row.groupTitle, group);
    }
    group.children.push({ title: row.title, icon: row.icon, url: row.url });
  }
  return [...groups.values()];
}
