// Analytics dashboard demo: the projects table.
import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../../db/base.entity.ts';
import { DemoTenant } from '../provision/demo-tenant.entity.ts';

export const AnalyticsProjectSchema = defineEntity({
  name: 'AnalyticsProject',
  tableName: 'analytics_projects',
  properties: {
    ...baseProperties,
    /** The demo tenant whose copy this row is; null for the seeded samples every copy is made from. */
    tenant: () => p.manyToOne(DemoTenant).nullable().deleteRule('cascade'),
    logo: p.text(),
    name: p.string().length(120),
    /** The kind of project. */
    project: p.string().length(80),
    leader: p.string().length(120),
    progress: p.smallint(),
    /** Time spent, "H:MM". */
    hours: p.string().length(10),
    /** Avatars of the members shown. */
    team: p.array(),
    extraMembers: p.integer(),
  },
});
export class AnalyticsProject extends AnalyticsProjectSchema.class {}
AnalyticsProjectSchema.setClass(AnalyticsProject);
