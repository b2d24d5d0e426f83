// users.roles: the roles page's user counts and abilities come from the enforced CASL rules.
import { describe, expect, it } from 'vitest';
import { abilityFor } from '../../../../shared/abilities/index.ts';
import { ROLES } from '../../../../shared/constants/roles.ts';
import { roleAbilities } from '../../../lib/authz.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { codeOf } from '../../../testing/trpc.ts';

const t = await setupTestApp();

describe('users.roles', () => {
  it('counts the users of each role the caller may see', async () => {
    for (const email of ['superadmin@demo.com', 'admin@demo.com', 'teamleader@demo.com']) {
      const api = (await t.caller(email)).users;
      const roles = await api.roles();
      expect(roles.map((r) => r.role)).toEqual([...ROLES]);
      for (const { role, userCount } of roles)
        expect(userCount, `${email} ${role}`).toBe((await api.list({ role, itemsPerPage: 1 })).total);
    }
    expect(await codeOf((await t.caller('client@demo.com')).users.roles())).toBe('FORBIDDEN');
  });

  it('describes each role by the rules abilityFor enforces, conditions named by scope', async () => {
    const admin = (await (await t.caller('admin@demo.com')).users.roles()).find((r) => r.role === 'admin')!;
    expect(admin.abilities).toContainEqual({ actions: ['manage'], subjects: ['DemoApp'], scope: [] });
    expect(admin.abilities).toContainEqual({ actions: ['manage'], subjects: ['User'], scope: ['ownCustomer'] });
    expect(roleAbilities('superadmin')).toContainEqual({ actions: ['manage'], subjects: ['all'], scope: [] });
    expect(roleAbilities('teamleader')).toContainEqual({ actions: ['read'], subjects: ['Team'], scope: ['ownTeams'] });
    expect(roleAbilities('qualitycontrol')).toContainEqual({
      actions: ['read'],
      subjects: ['User'],
      scope: ['themselves'],
    });
    // Every unconditional ability listed is one the enforced ability grants (and none is invented).
    for (const role of ROLES) {
      const ability = abilityFor({ id: 1, role, customerId: 1, teamIds: [] });
      for (const rule of roleAbilities(role).filter((r) => r.scope.length === 0)) {
        for (const action of rule.actions)
          for (const subject of rule.subjects)
            expect(ability.can(action, subject), `${role} ${action} ${subject}`).toBe(true);
      }
      expect(roleAbilities(role).length).toBe(ability.rules.length);
    }
  });
});
