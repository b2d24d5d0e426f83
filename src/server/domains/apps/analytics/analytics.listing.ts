// The analytics dashboard demo's projects table: the caller's copy of the sample projects (each
// customer, and the platform, has its own, made on first use), searched, sorted and paged in SQL.
// Any caller who may read DemoApp.
import type { EntityManager } from '@mikro-orm/postgresql';
import { expressionBuilder, type Kysely, sql } from 'kysely';
import type { TAnalyticsProject, TListAnalyticsProjectsInput } from '../../../../shared/schemas/analytics.ts';
import type { DB } from '../../../db/kysely.ts';
import { defineListing, listSource, scopedListingReads } from '../../../lib/list/index.ts';
import { copiedColumns, copySampleRows, openTenantCopy } from '../provision/demo-provision.service.ts';
import { AnalyticsProject } from './analytics.entity.ts';

/** Copies the sample projects to demo tenant `tenant`. */
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

/** The projects of demo tenant `tenant`'s copy. */
export const analyticsProjectListing = (tenant: number) =>
  defineListing({ source: (db) => projectSource(db, tenant), map: (r): TAnalyticsProject => r });

/** Projects matching q (name, leader or kind), sorted and paged; FORBIDDEN unless the caller may read DemoApp. */
export const { list: listAnalyticsProjects } = scopedListingReads(
  analyticsProjectListing,
  async (ctx, _input: TListAnalyticsProjectsInput) => {
    const copy = await openTenantCopy(ctx, 'read', 'analytics', copySampleAnalyticsProjects);
    return { em: copy.ctx.em, scope: copy.tenant, where: [] };
  },
);
