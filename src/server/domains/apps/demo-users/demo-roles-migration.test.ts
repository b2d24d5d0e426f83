// The migration demo_apps_product_roles on a database that still speaks the demo apps' own role words:
// the sample people's and the permissions' roles become the product's, each changed row gets a new version.
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';

const t = await setupTestApp();
const MIGRATION = 'Migration20261129150000_demo_apps_product_roles';
const sql = <T>(query: string, params: unknown[] = []) => t.orm.em.getConnection().execute<T[]>(query, params);

describe('migration demo_apps_product_roles', () => {
  it("turns the demo apps' own role words into the product's roles, and back", async () => {
    await t.orm.migrator.down({ migrations: [MIGRATION] });
    const [a, b, c, d, e] = await sql<{ id: number; version: number }>(
      'select id, version from demo_users order by id limit 5',
    );
    const old = ['superadmin', 'maintainer', 'editor', 'author', 'subscriber'];
    for (const [i, row] of [a, b, c, d, e].entries())
      await sql('update demo_users set role = ?, version = 1 where id = ?', [old[i], row.id]);
    const [permission] = await sql<{ id: number }>("select id from demo_permissions where name = 'Only View' limit 1");
    await sql(
      "update demo_permissions set assigned_to = array['administrator', 'manager', 'users', 'support', 'restricted-user'], version = 1 where id = ?",
      [permission.id],
    );

    await t.orm.migrator.up({ migrations: [MIGRATION] });

    const users = await sql<{ role: string; version: number }>(
      'select role, version from demo_users where id in (?, ?, ?, ?, ?) order by id',
      [a.id, b.id, c.id, d.id, e.id],
    );
    expect(users).toEqual(
      ['admin', 'businessadmin', 'teamleader', 'qualitycontrol', 'analyst'].map((role) => ({ role, version: 2 })),
    );
    const [mapped] = await sql<{ assigned_to: string[]; version: number }>(
      'select assigned_to, version from demo_permissions where id = ?',
      [permission.id],
    );
    expect(mapped).toEqual({
      assigned_to: ['admin', 'businessadmin', 'businessuser', 'teamleader', 'client'],
      version: 2,
    });
    // Only the product's roles are let in now.
    await expect(sql('update demo_users set role = ? where id = ?', ['editor', a.id])).rejects.toThrow(
      /demo_users_role_check/,
    );
  });
});
