// Permissions demo app: the sample permission list of the roles screens.
import { z } from 'zod';
import { ROLES, type Role } from '../constants/roles.ts';
import { msg } from '../errors/validation.ts';
import { listInput, listOutput, ZExpectedVersion, ZId } from './common.ts';

/** Roles a sample permission can be assigned to: the product's own (the roles page's). */
export const PERMISSION_ROLES = ROLES;
export type TPermissionRole = Role;
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

/** A permission as the page lists it: with the version its edits are made from. */
export const ZPermissionRow = ZPermission.extend({ version: z.number().int() });
export type TPermissionRow = z.infer<typeof ZPermissionRow>;
export const ZPermissionRowList = listOutput(ZPermissionRow);

const ZPermissionFields = z.object({
  name: z.string().trim().min(1, msg('permissions.name')).max(120),
  /** Each role at most once (duplicates are dropped). */
  assignedTo: z.array(z.enum(PERMISSION_ROLES)).max(PERMISSION_ROLES.length),
});
export const ZCreatePermissionInput = ZPermissionFields;
export type TCreatePermissionInput = z.infer<typeof ZCreatePermissionInput>;
export const ZUpdatePermissionInput = ZPermissionFields.extend({ id: ZId, version: ZExpectedVersion });
export type TUpdatePermissionInput = z.infer<typeof ZUpdatePermissionInput>;
