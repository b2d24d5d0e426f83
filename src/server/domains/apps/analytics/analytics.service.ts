// Analytics dashboard demo: the projects table, searched, sorted and paged in SQL (`read DemoApp`).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ListResult } from '../../../../shared/schemas/common.ts';
import type {
  TAnalyticsProject,
  TAnalyticsProjectSortKey,
  TListAnalyticsProjectsInput,
} from '../../../../shared/schemas/analytics.ts';
import { authorize } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { listQueryOf, runList, sql, tableOf, type ListSource } from '../../../lib/sql-list.ts';
import { AnalyticsProject } from './analytics.entity.ts';

export function projectSource(em: EntityManager): ListSource<TAnalyticsProjectSortKey> {
  const t = tableOf(em, AnalyticsProject, 'a');
  return {
    from: t.from,
    id: t.col('id'),
    select: {
      id: t.col('id'),
      logo: t.col('logo'),
      name: t.col('name'),
      project: t.col('project'),
      leader: t.col('leader'),
      progress: sql`${t.col('progress')}::int`,
      hours: t.col('hours'),
      team: t.col('team'),
      extraMembers: t.col('extraMembers'),
    },
    search: [t.col('name'), t.col('leader'), t.col('project')],
    sorts: {
      // "project" is the column showing the project's name (with its kind beneath).
      project: sql`lower(${t.col('name')}) collate "C"`,
      leader: sql`lower(${t.col('leader')}) collate "C"`,
      progress: t.col('progress'),
    },
  };
}

/** Projects matching q (name, leader or kind), sorted and paged. */
export async function listAnalyticsProjects(
  ctx: ServiceContext,
  input: TListAnalyticsProjectsInput,
): Promise<ListResult<TAnalyticsProject>> {
  authorize(ctx, 'read', 'DemoApp');
  const { rows, total } = await runList<TAnalyticsProject, TAnalyticsProjectSortKey>(ctx.em, projectSource(ctx.em), listQueryOf(input));
  return { items: rows, total };
}
