// The route table and the guard without a browser: matching, aliases, names, and every guard rule.
import { describe, expect, it } from 'vitest';
import { createAbility, defineRulesFor } from '../../shared/abilities/index.ts';
import { ROLES } from '../../shared/constants/roles.ts';
import { afterLoginTarget, guard, indexTarget, loginTarget } from './guard.ts';
import { layoutOf, matchPath, pageExists, pathFor, ROUTES, routeByName } from './routes.tsx';

const abilityOf = (role: (typeof ROLES)[number]) =>
  createAbility(defineRulesFor({ id: 1, role, customerId: role === 'superadmin' ? null : 1 }));

describe('route table', () => {
  it('has every path of the route table with unique names', () => {
    const names = ROUTES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const path of [
      '/',
      '/login',
      '/register',
      '/forgot-password',
      '/not-authorized',
      '/access-control',
      '/apps/calendar',
      '/apps/chat',
      '/apps/email',
      '/apps/permissions',
      '/apps/roles',
      '/apps/ecommerce/customer/details/:id',
      '/apps/ecommerce/customer/list',
      '/apps/ecommerce/manage-review',
      '/apps/ecommerce/order/details/:id',
      '/apps/ecommerce/order/list',
      '/apps/ecommerce/product/add',
      '/apps/ecommerce/product/category-list',
      '/apps/ecommerce/product/list',
      '/apps/ecommerce/referrals',
      '/apps/ecommerce/settings',
      '/apps/invoice/add',
      '/apps/invoice/edit/:id',
      '/apps/invoice/list',
      '/apps/invoice/preview/:id',
      '/apps/logistics/dashboard',
      '/apps/logistics/fleet',
      '/apps/user/list',
      '/apps/user/view/:id',
      '/business/customers',
      '/business/licenses',
      '/dashboards/analytics',
      '/dashboards/crm',
      '/dashboards/crmAdmin',
      '/dashboards/crmAnalyst',
      '/dashboards/crmBusinessUser',
      '/dashboards/crmFloorManager',
      '/dashboards/crmTeamLeader',
      '/dashboards/ecommerce',
      '/files',
      '/management/classes',
      '/management/directions',
      '/management/location-setting',
      '/management/schemes',
      '/management/sub-directions',
      '/management/teams',
      '/management/users',
      '/projects',
      '/projects/createProject',
      '/projects/editProject/:id',
      '/reports',
      '/tasks',
      '/tasks/perform_task/:slotId/:assignLocationId',
      '/tasks/viewTask/:id',
    ]) {
      expect(
        ROUTES.some((r) => r.path === path),
        path,
      ).toBe(true);
    }
  });

  it('names the routes and marks fixed-height content and blank layouts', () => {
    expect(routeByName('dashboards-crm')?.path).toBe('/dashboards/crm');
    expect(routeByName('tasks')?.path).toBe('/tasks');
    for (const name of ['apps-chat', 'apps-email', 'apps-logistics-fleet'])
      expect(routeByName(name)?.fixedHeight).toBe(true);
    for (const name of ['login', 'register', 'forgot-password']) expect(routeByName(name)?.layout).toBe('blank');
    // The error pages: the shell for a signed-in user (a way on), the page alone for a visitor.
    for (const name of ['not-authorized', 'error']) {
      expect(layoutOf(routeByName(name)!, true)).toBe('default');
      expect(layoutOf(routeByName(name)!, false)).toBe('blank');
    }
    expect(routeByName('access-control')?.meta).toEqual({ action: 'read', subject: 'AclDemo' });
  });

  it('matches params, aliases and the catch-all', () => {
    const perform = matchPath('/tasks/perform_task/12/34');
    if (pageExists(routeByName('tasks-perform_task-slotId-assignLocationId'))) {
      expect(perform.params).toEqual({ slotId: '12', assignLocationId: '34' });
    } else {
      expect(perform.route.name).toBe('error');
    }
    expect(matchPath('/access-control').params).toEqual({});
    expect(matchPath('/pages/misc/not-authorized').route.name).toBe('not-authorized');
    expect(matchPath('/pages/misc/not-found/whatever').route.name).toBe('error');
    expect(matchPath('/pages/misc/not-found').route.name).toBe('error');
    expect(matchPath('/no/such/page').route.name).toBe('error');
    expect(matchPath('/login/').route.name).toBe('login');
  });

  it('answers with the not-found route while a page module does not exist', () => {
    for (const route of ROUTES) {
      if (route.name === 'index' || route.name === 'error' || route.path.includes(':')) continue;
      const matched = matchPath(route.path).route.name;
      expect(matched).toBe(pageExists(route) || route.fallbackPage ? route.name : 'error');
    }
    expect(matchPath('/dashboards/crm').route.name).toBe('dashboards-crm');
    expect(matchPath('/tasks').route.name).toBe('tasks');
  });

  it('builds paths from names', () => {
    expect(pathFor('apps-user-view-id', { id: 7 })).toBe('/apps/user/view/7');
    expect(pathFor('tasks-perform_task-slotId-assignLocationId', { slotId: 1, assignLocationId: 2 })).toBe(
      '/tasks/perform_task/1/2',
    );
    expect(() => pathFor('nope')).toThrow();
  });
});

describe('guard', () => {
  const state = (role: (typeof ROLES)[number] | null, pathname = '/x', search = '') => ({
    signedIn: role !== null,
    role: role ?? undefined,
    ability: role ? abilityOf(role) : createAbility([]),
    pathname,
    search,
  });

  it('lets anyone through a public route', () => {
    expect(guard({ public: true }, state(null))).toEqual({ allow: true });
    expect(guard({ public: true }, state('client'))).toEqual({ allow: true });
  });

  it('keeps signed-in users off unauthenticated-only routes', () => {
    expect(guard({ unauthenticatedOnly: true }, state('admin'))).toEqual({ redirect: '/' });
    expect(guard({ unauthenticatedOnly: true }, state(null))).toEqual({ allow: true });
  });

  it('sends signed-out visitors to /login keeping the query string', () => {
    expect(guard({}, state(null, '/tasks', 'a=1&b=2'))).toEqual({ redirect: '/login?a=1&b=2&redirect=%2Ftasks' });
    expect(loginTarget('/', 'from=mail')).toBe('/login?from=mail');
  });

  it('checks the ability and refuses with /not-authorized', () => {
    const acl = { action: 'read', subject: 'AclDemo' } as const;
    for (const role of ROLES) expect(guard(acl, state(role))).toEqual({ allow: true });
    expect(guard({ action: 'read', subject: 'DemoApp' }, state('client'))).toEqual({ redirect: '/not-authorized' });
    expect(guard({ action: 'read', subject: 'Customer' }, state('qualitycontrol'))).toEqual({
      redirect: '/not-authorized',
    });
  });

  it('sends / by role, the client to access-control', () => {
    const expected: Record<string, string> = {
      superadmin: '/dashboards/crm',
      admin: '/dashboards/crm',
      floormanager: '/dashboards/crm',
      teamleader: '/dashboards/crm',
      businessadmin: '/dashboards/crm',
      businessuser: '/dashboards/crm',
      qualitycontrol: '/tasks',
      analyst: '/tasks',
      client: '/access-control',
    };
    for (const role of ROLES) expect(indexTarget(role, abilityOf(role))).toBe(expected[role]);
    expect(indexTarget('nobody', createAbility([]))).toBe('/not-authorized');
  });

  it('returns after sign-in to a same-origin redirect only', () => {
    const origin = 'http://localhost:3000';
    const target = (search: string, role = 'admin') => afterLoginTarget(role, search, origin);
    expect(target('redirect=%2Fmanagement%2Fteams&x=1')).toBe('/management/teams?x=1');
    expect(target('redirect=%2Ftasks%3Fstatus%3Ddone%23list&x=1')).toBe('/tasks?status=done&x=1#list');
    for (const evil of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      // Chromium drops the tab: `/\t/evil` is `//evil`, another host.
      '/\t/evil.example/phish',
      '/\n/evil.example',
      ' /\t/evil.example',
      '/.//evil.example',
      'javascript:alert(1)',
      'http://localhost:3001/tasks',
      '/login',
      '/register/',
    ]) {
      expect(target(`redirect=${encodeURIComponent(evil)}`), evil).toBe('/dashboards/crm');
    }
    expect(target('redirect=/%09/evil.example/phish')).toBe('/dashboards/crm');
    expect(target('', 'client')).toBe('/');
  });
});
