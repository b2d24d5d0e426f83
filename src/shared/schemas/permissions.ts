// Permissions demo app (the sample permission list of the roles screens): spec sections 3, 6 and 7.
import { z } from 'zod';
import { listInput, listOutput } from './common.ts';

/** Roles a sample permission can be assigned to. */
export const PERMISSION_ROLES = ['administrator', 'manager', 'users', 'support', 'restricted-user'] as const;
export type TPermissionRole = (typeof PERMISSION_ROLES)[number];
export const PERMISSION_SORT_KEYS = ['name'] as const;
export type TPermissionSortKey = (typeof PERMISSION_SORT_KEYS)[number];

export const ZListPermissionsInput = listInput(PERMISSION_SORT_KEYS, {});
export type TListPermissionsInput = z.infer<typeof ZListPermissionsInput>;

export const ZPermission = z.object({
  id: z.number().int(),
  name: z.string(),
  assignedTo: z.array(z.enum(PERMISSION_ROLES)),
  /** ISO date-time. */
  createdDate: z.string(),
});
export type TPermission = z.infer<typeof ZPermission>;
export const ZPermissionList = listOutput(ZPermission);
export type TPermissionList = z.infer<typeof ZPermissionList>;
