// Honest links: every link the shell offers leads to a page that exists (its
// module is built; a placeholder standing in for a missing page does not count, except the signed-in
// home on the caller's own landing path) and that the caller's role may open — for every demo account:
// the navigation, the shortcuts, the user menu, the search dialog's page results (the menu's pages),
// record results and create actions, and the notifications as seeded (their raw links, before the client's own check).
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS, setupTestApp } from '../../server/testing/app.ts';
import { type AppAbility, createAbility } from '../../shared/abilities/index.ts';
import { landingPathFor } from '../../shared/constants/roles.ts';
import { guard } from '../app/guard.ts';
import { matchPath, NOT_FOUND_ROUTE, pageExists, routeByName } from '../app/routes.tsx';
import {
  openableHref,
  type ResolvedItem,
  resolveNavigation,
  resolveSearchActions,
  resolveSearchPages,
  resolveShortcuts,
  resolveUserMenu,
} from './links.ts';

const t = await setupTestApp();
const label = (key: string) => key;

interface Account {
  email: string;
  role: string;
  customerId: number | null;
  ability: AppAbility;
}

const accounts: Account[] = [];
for (const email of Object.keys(DEMO_PASSWORDS)) {
  const me = await (await t.caller(email)).auth.me();
  accounts.push({
    email,
    role: me.userData.role_name,
    customerId: me.userData.customerId,
    ability: createAbility(me.userAbilityRules),
  });
}

/** Why `href` is no honest link for the account, or null: checked here apart from links.ts's own rule. */
function flaw(href: string, account: Account): string | null {
  if (!href.startsWith('/') || href.startsWith('//')) return 'not an in-app path';
  const pathname = new URL(href, 'http://app.test').pathname;
  const { route } = matchPath(pathname);
  if (route === NOT_FOUND_ROUTE) return 'no such page';
  if (!pageExists(route) && pathname !== landingPathFor(account.role))
    return `page ${route.page ?? route.name} not built`;
  const verdict = guard(route.meta ?? {}, {
    signedIn: true,
    role: account.role,
    ability: account.ability,
    pathname,
    search: '',
  });
  return 'allow' in verdict ? null : `refused to ${account.role}`;
}

function expectHonest(hrefs: string[], account: Account, where: string): void {
  const wrong = hrefs.map((href) => [href, flaw(href, account)]).filter(([, problem]) => problem !== null);
  expect(wrong, `${where} of ${account.email}`).toEqual([]);
}

const linksOf = (items: ResolvedItem[]): string[] =>
  items.flatMap((item) => (item.kind === 'link' ? [item.href] : linksOf(item.children)));

describe('each role has a menu of what it works with; search reaches the rest', () => {
  const account = (email: string) => accounts.find((a) => a.email === email)!;
  const menuOf = (email: string) => {
    const a = account(email);
    return resolveNavigation(label, a.ability, a.role);
  };
  const hrefs = (sections: ReturnType<typeof resolveNavigation>) => sections.flatMap((s) => linksOf(s.items));
  const DEMO_APPS =
    /^\/(apps\/(ecommerce|invoice|academy|logistics|user|roles|permissions)|tables|dashboards\/ecommerce|pages\/pricing)/;

  it('the inspector: its tasks, corrective actions, files, calendar and profile; no Management section, no demo apps', () => {
    const menu = menuOf('qualitycontrol@demo.com');
    const links = hrefs(menu);
    for (const href of ['/tasks', '/tasks/actions', '/files', '/apps/calendar', '/pages/user-profile/profile'])
      expect(links, href).toContain(href);
    expect(menu.map((s) => s.heading)).not.toContain('nav.management');
    expect(links.filter((href) => href.startsWith('/management'))).toEqual([]);
    expect(links.filter((href) => DEMO_APPS.test(href))).toEqual([]);
    expect(links.length).toBeLessThanOrEqual(10);
  });

  it('the other working roles see no demo app in their menu; the platform operator and the admin see everything', () => {
    for (const email of [
      'analyst@demo.com',
      'floormanager@demo.com',
      'teamleader@demo.com',
      'businessadmin@demo.com',
      'businessuser@demo.com',
    ]) {
      expect(
        hrefs(menuOf(email)).filter((href) => DEMO_APPS.test(href)),
        email,
      ).toEqual([]);
      expect(hrefs(menuOf(email)), email).toContain('/tasks');
    }
    for (const email of ['superadmin@demo.com', 'admin@demo.com']) {
      const a = account(email);
      expect(hrefs(menuOf(email)), email).toEqual(hrefs(resolveNavigation(label, a.ability, a.role, 'all')));
    }
  });

  it('keeps every page a role may open reachable through search: the inspector finds the schemes it may read', () => {
    const a = account('qualitycontrol@demo.com');
    const pages = resolveSearchPages(label, label, a.ability, a.role, { title: 'pages', english: 'pages' }).flatMap(
      (g) => g.pages.map((p) => p.href),
    );
    expect(pages).toContain('/management/schemes');
    expect(hrefs(menuOf('qualitycontrol@demo.com'))).not.toContain('/management/schemes');
  });
});

describe('every link the shell offers leads to an existing page the role may open', () => {
  it('knows the demo accounts of every role', () => {
    expect(new Set(accounts.map((a) => a.role)).size).toBe(9);
  });

  it('offers the create actions a role may take: an admin invites, adds a location and starts a project; an analyst none', () => {
    const actions = (email: string) => {
      const account = accounts.find((a) => a.email === email)!;
      return resolveSearchActions(label, account.ability, account.role, account.customerId).map((a) => a.href);
    };
    expect(actions('admin@demo.com')).toEqual([
      '/management/users?new=1',
      '/management/location-setting?new=1',
      '/projects/createProject',
    ]);
    expect(actions('analyst@demo.com')).toEqual([]);
  });

  for (const account of accounts) {
    describe(account.email, () => {
      it('navigation, shortcuts and user menu', () => {
        const nav = resolveNavigation(label, account.ability, account.role).flatMap((section) =>
          linksOf(section.items),
        );
        expectHonest(nav, account, 'navigation');
        expectHonest(
          resolveShortcuts(label, account.ability, account.role).map((s) => s.href),
          account,
          'shortcuts',
        );
        expectHonest(
          resolveUserMenu(label, account.ability, account.role).map((l) => l.href),
          account,
          'user menu',
        );
        expectHonest(
          resolveSearchActions(label, account.ability, account.role, account.customerId).map((a) => a.href),
          account,
          'search actions',
        );
      });

      it('search: the page results (every page of the menu the role may open, its own menu included), and every record result', async () => {
        const caller = await t.caller(account.email);
        const groups = resolveSearchPages(label, label, account.ability, account.role, {
          title: 'pages',
          english: 'pages',
        });
        const pages = groups.flatMap((group) => group.pages.map((page) => page.href));
        expectHonest(pages, account, 'search pages');
        const all = resolveNavigation(label, account.ability, account.role, 'all').flatMap((section) =>
          linksOf(section.items),
        );
        expect(new Set(pages), account.email).toEqual(new Set(all));
        const menu = resolveNavigation(label, account.ability, account.role).flatMap((section) =>
          linksOf(section.items),
        );
        expect(
          menu.filter((href) => !pages.includes(href)),
          account.email,
        ).toEqual([]);
        for (const q of ['an', 'er', 'Adrien', 'acme', 'st']) {
          for (const group of await caller.search.records({ q })) {
            expectHonest([group.listUrl, ...group.items.map((hit) => hit.url)], account, `records "${q}"`);
          }
        }
      });

      it('notifications as seeded', async () => {
        const list = await (await t.caller(account.email)).notifications.list({ itemsPerPage: 100 });
        expect(list.total).toBeGreaterThan(0);
        expectHonest(
          list.items.flatMap((n) => (n.link ? [n.link] : [])),
          account,
          'notifications',
        );
      });
    });
  }

  it('leaves out placeholders: "Tasks" only as the home of the roles landing there, unbuilt pages never', () => {
    const tasksBuilt = pageExists(routeByName('tasks'));
    for (const account of accounts) {
      const offered = openableHref('/tasks', account.ability, account.role) !== null;
      expect(offered, account.email).toBe(
        tasksBuilt ? account.ability.can('read', 'Task') : landingPathFor(account.role) === '/tasks',
      );
    }
    const admin = accounts.find((a) => a.email === 'admin@demo.com')!;
    for (const name of ['reports', 'files', 'projects']) {
      expect(openableHref(routeByName(name)!.path, admin.ability, admin.role) !== null, name).toBe(
        pageExists(routeByName(name)),
      );
    }
    expect(openableHref('https://evil.example/', admin.ability, admin.role)).toBeNull();
    expect(openableHref('//evil.example/x', admin.ability, admin.role)).toBeNull();
    expect(openableHref('/no/such/page', admin.ability, admin.role)).toBeNull();
    const client = accounts.find((a) => a.email === 'client@demo.com')!;
    expect(openableHref('/management/users', client.ability, client.role)).toBeNull();
    expect(openableHref('/access-control', client.ability, client.role)).toBe('/access-control');
  });
});
