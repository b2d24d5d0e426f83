// App-bar search over the product's pages (stored in search_items), limited to what the caller may read.
import { SUBJECTS } from '../../../../shared/abilities/index.ts';
import { MAX_SEARCH_CHILDREN, type TSearchGroup, type TSearchInput } from '../../../../shared/schemas/search.ts';
import { authorize } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { execSql, likeContains, raw, sql } from '../../../lib/sql-list.ts';

/**
 * Groups of pages whose title contains the lowercased `q` (all pages when empty), at most 5 per group,
 * groups in menu order and empty groups left out. Pages tied to a subject the caller may not read are
 * never listed. Any role that may read DemoApp.
 */
export async function searchPages(ctx: ServiceContext, input: TSearchInput): Promise<TSearchGroup[]> {
  authorize(ctx, 'read', 'DemoApp');
  const readable = SUBJECTS.filter((s) => s !== 'all' && ctx.ability.can('read', s));
  const q = input.q?.trim().toLowerCase();
  const rows = await execSql<{ groupTitle: string; title: string; icon: string; url: string }>(
    ctx.em,
    sql`select group_title as "groupTitle", title, icon, url
          from (select s.*, row_number() over (partition by s.group_position order by s.position) as rank
                  from search_items s
                 where (s.subject is null or s.subject = any(${readable}::text[]))
                   ${q ? sql`and lower(s.title) like ${likeContains(q)}` : raw('')}) ranked
         where rank <= ${MAX_SEARCH_CHILDREN}
         order by group_position, position`,
  );
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
