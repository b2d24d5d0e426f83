// Analytics dashboard demo: the projects table, searched, sorted and paged in SQL (`read DemoApp`).
import type { EntityManager } from '@mikro-orm/postgresql';
import { expressionBuilder, type Kysely, sql } from 'kysely';
import type { TAnalyticsProject, TListAnalyticsProjectsInput } from '../../../../shared/schemas/analytics.ts';
import type { ListResult } from '../../../../shared/schemas/common.ts';
import { type DB, db as kyselyOf } from '../../../db/kysely.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { listSource, runList } from '../../../lib/list.ts';
import { copiedColumns, copySampleRows, openTenantCopy } from '../provision/demo-provision.service.ts';
import { AnalyticsProject } from './analytics.entity.ts';

/** Copies the samples to demo tenant `tenant` (each customer, and the platform, has its own copy). */
export async function copySampleAnalyticsProjects(em: EntityManager, tenant: number): Promise<void> {
  await copySampleRows(em, 'analytics_projects', tenant, copiedColumns(em, AnalyticsProject));
}

export function projectSource(db: Kysely<DB>, tenant: number) {
  const from = db.selectFrom('analytics_projects as a').where('a.tenant_id', '=', tenant);
  const eb = expressionBuilder(from);
  return listSource(from, {
    id: 'a.id',
    select: (qb) =>
      qb.select([
        'a.id',
        'a.logo',
        'a.name',
        'a.project',
        'a.leader',
        'a.progress',
        'a.hours',
        'a.team',
        'a.extra_members as extraMembers',
      ]),
    search: ['a.name', 'a.leader', 'a.project'],
    sorts: {
      // "project" is the column showing the project's name (with its kind beneath).
      project: sql<string>`lower(${eb.ref('a.name')}) collate "C"`,
      leader: sql<string>`lower(${eb.ref('a.leader')}) collate "C"`,
      progress: 'a.progress',
    },
  });
}

/** Projects matching q (name, leader or kind), sorted and paged. */
export async function listAnalyticsProjects(
  ctx: ServiceContext,
  input: TListAnalyticsProjectsInput,
): Promise<ListResult<TAnalyticsProject>> {
  const copy = await openTenantCopy(ctx, 'read', 'analytics', copySampleAnalyticsProjects);
  const { rows, total } = await runList(projectSource(kyselyOf(copy.ctx.em), copy.tenant), input);
  return { items: rows, total };
}
