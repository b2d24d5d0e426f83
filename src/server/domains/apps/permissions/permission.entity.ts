// The permissions demo app's sample permissions and the (sample) roles they are assigned to.
import { defineEntity, p } from '@mikro-orm/core';
import type { TPermissionRole } from '../../../../shared/schemas/permissions.ts';
import { baseProperties } from '../../../db/base.entity.ts';
import { DemoTenant } from '../provision/demo-tenant.entity.ts';

export const DemoPermissionSchema = defineEntity({
  name: 'DemoPermission',
  tableName: 'demo_permissions',
  properties: {
    ...baseProperties,
    /** The demo tenant whose copy this row is; null for the seeded samples every copy is made from. */
    tenant: () => p.manyToOne(DemoTenant).nullable().deleteRule('cascade'),
    name: p.string().length(120),
    /** Role names from PERMISSION_ROLES. */
    assignedTo: p.array<TPermissionRole>(),
    createdDate: p.datetime(),
    version: p.integer().version(),
  },
});
export class DemoPermission extends DemoPermissionSchema.class {}
DemoPermissionSchema.setClass(DemoPermission);
