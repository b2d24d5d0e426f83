// The audit trail as read by admins (`audit.list`, /management/audit, a record's history): who did
// what to which record when, with the changed fields.
import { z } from 'zod';
import { msg } from '../errors/validation.ts';
import { customerFilter } from './business.ts';
import { listInput, listOutput, ZId, ZInputDate, ZOrderBy } from './common.ts';

/** Audited record types (CASL subject names), as the audit writer names them. */
export const AUDIT_ENTITY_TYPES = [
  'Customer',
  'License',
  'Direction',
  'SubDirection',
  'Class',
  'Location',
  'Scheme',
  'Team',
  'User',
  'SavedView',
  'File',
  'Project',
  'LocationAssignment',
  'Slot',
  'Task',
  'Report',
  'CorrectiveAction',
  'Import',
] as const;
export type TAuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** Security events (sign-ins, second factor, passwords, sessions): the history viewer filters to these. */
export const SECURITY_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'two_factor_on',
  'two_factor_off',
  'recovery_codes_renewed',
  'password_change',
  'sessions_ended',
  'passkey_added',
  'passkey_removed',
  'sso_sign_in_refused',
] as const;
export type TSecurityAction = (typeof SECURITY_ACTIONS)[number];

/** Audited actions, as the audit writer names them. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'archive',
  'restore',
  'publish',
  'new_version',
  'revoke',
  'activate',
  'deactivate',
  'password_reset',
  'invite',
  'hold',
  'complete',
  'generate',
  'missed',
  'start',
  'save_answers',
  'submit',
  'approve',
  'reject',
  'resume',
  'cancel',
  'offline_kept',
  'verify',
  'import',
  ...SECURITY_ACTIONS,
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_SORT_KEYS = ['at'] as const;

/**
 * Filters: the actor (a user id), record type and id, action, period (`from` inclusive, `to`
 * exclusive) and, for superadmin, the customer. Newest first unless `orderBy: 'asc'`.
 */
export const ZListAuditInput = listInput(AUDIT_SORT_KEYS, {
  orderBy: ZOrderBy.default('desc'),
  ...customerFilter,
  actorId: ZId.optional(),
  entityType: z.enum(AUDIT_ENTITY_TYPES, { error: msg('audit.entityType') }).optional(),
  entityId: ZId.optional(),
  action: z.enum(AUDIT_ACTIONS, { error: msg('audit.action') }).optional(),
  from: ZInputDate.optional(),
  to: ZInputDate.optional(),
}).refine((i) => !i.from || !i.to || i.from < i.to, { message: msg('period.endAfterStart'), path: ['to'] });
export type TListAuditInput = z.infer<typeof ZListAuditInput>;

export const ZAuditEvent = z.object({
  id: z.number(),
  at: z.date(),
  customerId: z.number().nullable(),
  /** The customer's name (superadmin sees several). */
  customerName: z.string().nullable(),
  actorId: z.number().nullable(),
  /** Kept with the event, so the trail outlives the account; 'system' for scheduled jobs. */
  actorEmail: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.number(),
  /**
   * The record's current code, name or e-mail (what its list page's search finds it by), or null
   * when it no longer exists or its type has no list to open.
   */
  recordLabel: z.string().nullable(),
  /** Updates: `{ field: { from, to } }`; create and delete: the record's fields; transitions: their own facts. */
  changes: z.record(z.string(), z.unknown()),
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;
export const ZAuditList = listOutput(ZAuditEvent);
