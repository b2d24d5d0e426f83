import { subject } from '@casl/ability';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../constants/roles.ts';
import { abilityFor } from './index.ts';

const user = (role: (typeof ROLES)[number], customerId: number | null = 1) => ({
  id: 7,
  role,
  customerId,
  teamIds: [3],
});

describe('defineRulesFor', () => {
  it('lets superadmin manage everything', () => {
    expect(abilityFor(user('superadmin', null)).can('delete', 'Customer')).toBe(true);
  });

  it('lets client read only AclDemo', () => {
    const a = abilityFor(user('client'));
    expect(a.can('read', 'AclDemo')).toBe(true);
    for (const s of ['DemoApp', 'Customer', 'Task', 'User'] as const) expect(a.can('read', s)).toBe(false);
  });

  it('gives every role but client read on AclDemo and the demo apps', () => {
    for (const role of ROLES.filter((r) => r !== 'client')) {
      expect(abilityFor(user(role)).can('read', 'AclDemo')).toBe(true);
      expect(abilityFor(user(role)).can('read', 'DemoApp')).toBe(true);
    }
  });

  it('confines admin user management to its own customer', () => {
    const a = abilityFor(user('admin', 1));
    expect(a.can('update', subject('User', { customerId: 1 }) as never)).toBe(true);
    expect(a.can('update', subject('User', { customerId: 2 }) as never)).toBe(false);
  });

  it('refuses licenses to roles the matrix leaves out', () => {
    for (const role of ['businessuser', 'floormanager', 'teamleader', 'qualitycontrol', 'analyst'] as const) {
      expect(abilityFor(user(role)).can('read', 'License')).toBe(false);
    }
  });

  it("lets every role but client keep saved views: change its own, an admin also delete its customer's shared ones", () => {
    expect(abilityFor(user('client')).can('read', 'SavedView')).toBe(false);
    for (const role of ROLES.filter((r) => r !== 'client')) {
      const a = abilityFor(user(role));
      expect(a.can('create', 'SavedView'), role).toBe(true);
      expect(a.can('update', subject('SavedView', { ownerId: 7, shared: false }) as never), role).toBe(true);
      expect(a.can('delete', subject('SavedView', { ownerId: 8, shared: true, customerId: 1 }) as never), role).toBe(
        ['admin', 'superadmin'].includes(role),
      );
      expect(a.can('update', subject('SavedView', { ownerId: 8, shared: true, customerId: 1 }) as never), role).toBe(
        role === 'superadmin',
      );
    }
    expect(
      abilityFor(user('admin', 1)).can(
        'delete',
        subject('SavedView', { ownerId: 8, shared: true, customerId: 2 }) as never,
      ),
    ).toBe(false);
  });

  it('limits qualitycontrol tasks to its own', () => {
    const a = abilityFor(user('qualitycontrol'));
    expect(a.can('perform', subject('Task', { assigneeId: 7 }) as never)).toBe(true);
    expect(a.can('perform', subject('Task', { assigneeId: 8 }) as never)).toBe(false);
  });

  it('lets uploaders delete their own files, and admin and businessadmin any file of their customer', () => {
    for (const role of ['businessuser', 'floormanager', 'teamleader', 'qualitycontrol'] as const) {
      const a = abilityFor(user(role));
      expect(a.can('upload', 'File'), role).toBe(true);
      expect(a.can('delete', subject('File', { ownerId: 7, customerId: 1 }) as never), role).toBe(true);
      expect(a.can('delete', subject('File', { ownerId: 8, customerId: 1 }) as never), role).toBe(false);
    }
    for (const role of ['admin', 'businessadmin'] as const) {
      expect(abilityFor(user(role)).can('delete', subject('File', { ownerId: 8, customerId: 1 }) as never), role).toBe(
        true,
      );
    }
    expect(abilityFor(user('analyst')).can('upload', 'File')).toBe(false);
    expect(abilityFor(user('analyst')).can('read', 'File')).toBe(true);
  });
});
