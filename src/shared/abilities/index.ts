// Abilities as data (CASL), defined once: who may do what. The server enforces them;
// the client rebuilds the same ability from the rules it gets at login, only to hide what would be refused.
import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';
import type { Role } from '../constants/roles.ts';

export const ACTIONS = [
  'manage',
  'read',
  'create',
  'update',
  'delete',
  'assign',
  'cancel',
  'review',
  'perform',
  'upload',
  'complete',
  'verify',
] as const;
export type Action = (typeof ACTIONS)[number];

export const SUBJECTS = [
  'all',
  'AclDemo',
  'DemoApp',
  'Customer',
  'License',
  'Direction',
  'SubDirection',
  'Class',
  'Location',
  'Scheme',
  'Team',
  'User',
  'Project',
  'LocationAssignment',
  'Slot',
  'Task',
  'Report',
  'File',
  'CorrectiveAction',
  'AuditEvent',
  'Notification',
  'SavedView',
] as const;
export type Subject = (typeof SUBJECTS)[number];

export type AppAbility = MongoAbility<[Action, Subject]>;
export type AppRule = RawRuleOf<AppAbility>;

/** Who the rules are for: only what the rules need, so server and client can both call it. */
export interface AbilityUser {
  id: number;
  role: Role;
  customerId: number | null;
  teamIds?: number[];
}

/**
 * Raw CASL rules for a user. Conditions use record fields (`customerId`, `teamId`, `assigneeId`, `id`);
 * services turn them into SQL filters for lists and check them on single records.
 * Tenant scoping (customerId) is applied by services for every non-superadmin on top of these rules.
 */
export function defineRulesFor(user: AbilityUser): AppRule[] {
  const rules: AppRule[] = [];
  const can = (action: Action | Action[], subject: Subject | Subject[], conditions?: Record<string, unknown>) =>
    rules.push({ action, subject, ...(conditions ? { conditions } : {}) });
  const own = user.customerId === null ? undefined : { customerId: user.customerId };
  const team = { teamId: { $in: user.teamIds ?? [] } };
  const self = { assigneeId: user.id };
  const structure: Subject[] = ['Direction', 'SubDirection', 'Class', 'Location', 'Scheme'];

  switch (user.role) {
    case 'superadmin':
      can('manage', 'all');
      break;
    case 'admin':
      can('read', ['Customer', 'License'], own);
      can('manage', [
        ...structure,
        'Team',
        'Project',
        'LocationAssignment',
        'Slot',
        'Task',
        'File',
        'CorrectiveAction',
      ]);
      can('manage', 'User', own);
      can('read', 'Report');
      can('read', ['AclDemo', 'AuditEvent']);
      can('manage', 'DemoApp');
      break;
    case 'businessadmin':
      can('read', ['Customer', 'License'], own);
      can('manage', [...structure, 'Project', 'LocationAssignment', 'Slot', 'File', 'CorrectiveAction']);
      can('read', ['Team', 'User', 'Task', 'Report', 'AclDemo', 'DemoApp']);
      break;
    case 'businessuser':
      can('read', 'Customer', own);
      can('read', [
        ...structure,
        'Team',
        'Project',
        'LocationAssignment',
        'Slot',
        'Task',
        'Report',
        'File',
        'CorrectiveAction',
      ]);
      can('create', 'Project');
      can('update', 'Project', { ownerId: user.id });
      can('upload', 'File');
      can('delete', 'File', { ownerId: user.id });
      can('read', ['AclDemo', 'DemoApp']);
      break;
    case 'floormanager':
      can('read', [...structure, 'Project', 'Task', 'File']);
      can('read', 'Team');
      can('manage', 'Team', { id: { $in: user.teamIds ?? [] } });
      can('read', 'User', team);
      can('manage', ['LocationAssignment', 'Slot']);
      can(['assign', 'cancel'], 'Task');
      can('manage', 'CorrectiveAction');
      can('read', 'Report', team);
      can('upload', 'File');
      can('delete', 'File', { ownerId: user.id });
      can('read', ['AclDemo', 'DemoApp']);
      break;
    case 'teamleader':
      can('read', [...structure, 'Project', 'File']);
      can('read', 'Team', { id: { $in: user.teamIds ?? [] } });
      can('read', 'User', team);
      can('manage', ['LocationAssignment', 'Slot'], team);
      can(['read', 'assign'], 'Task', team);
      can('review', 'Task');
      can('manage', 'CorrectiveAction', team);
      can('read', 'Report', team);
      can('upload', 'File');
      can('delete', 'File', { ownerId: user.id });
      can('read', ['AclDemo', 'DemoApp']);
      break;
    case 'qualitycontrol':
      can('read', structure);
      can('read', 'Team', { id: { $in: user.teamIds ?? [] } });
      can('read', 'User', { id: user.id });
      can('read', ['LocationAssignment', 'Slot'], self);
      can(['read', 'perform'], 'Task', self);
      // Corrective actions they own: read and complete their own.
      can(['read', 'complete'], 'CorrectiveAction', { ownerId: user.id });
      // Files of their tasks too: the files service adds them (who may read a task may read its files).
      can(['read', 'delete'], 'File', { ownerId: user.id });
      can('upload', 'File');
      can('read', ['AclDemo', 'DemoApp']);
      break;
    case 'analyst':
      can('read', [...structure, 'Team', 'User', 'Project', 'LocationAssignment', 'Slot', 'Task', 'Report', 'File']);
      can('review', 'Task');
      // A reviewer: reads and verifies corrective actions, and opens one for any failed question.
      can(['read', 'verify', 'create'], 'CorrectiveAction');
      can('read', ['AclDemo', 'DemoApp']);
      break;
    case 'client':
      can('read', 'AclDemo');
      break;
  }
  // Saved list views: every role but client keeps its own and reads the
  // ones shared in its customer (services scope the reads); an admin may also delete the customer's shared ones.
  if (user.role !== 'client') {
    can(['read', 'create'], 'SavedView');
    can(['update', 'delete'], 'SavedView', { ownerId: user.id });
    if (user.role === 'admin') can('delete', 'SavedView', { shared: true, ...own });
  }
  return rules;
}

export function createAbility(rules: AppRule[]): AppAbility {
  return createMongoAbility<[Action, Subject]>(rules);
}

export function abilityFor(user: AbilityUser): AppAbility {
  return createAbility(defineRulesFor(user));
}
