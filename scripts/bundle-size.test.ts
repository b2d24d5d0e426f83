// Performance budget (issue 4): the login route loads at most 200 KB of JavaScript gzipped and a
// signed-in dashboard route at most 350 KB, measured on the built client (the browser global setup
// builds dist/client when it is missing, and always in CI).
import { describe, expect, it } from 'vitest';
import { BUDGETS_KB, checkBudgets, measurePrecache, measureRoutes, PRECACHE_BUDGET_KB } from './bundle-size.ts';

const routes = measureRoutes();

describe('bundle size per route', () => {
  it('measures every blank-layout auth page and the landing routes', () => {
    const names = routes.map((r) => r.name);
    for (const name of [
      'login',
      'register',
      'forgot-password',
      'reset-password',
      'error',
      'not-authorized',
      'access-control',
      'dashboards-crm',
      'tasks',
    ]) {
      expect(names).toContain(name);
    }
    const login = routes.find((r) => r.name === 'login')!;
    expect(login.layout).toBe('blank');
    expect(login.files.some((f) => f.includes('DefaultLayout'))).toBe(false);
  });

  it(`keeps the login route within ${BUDGETS_KB.login} KB, dashboard routes within ${BUDGETS_KB.dashboard} KB and the perform page within ${BUDGETS_KB.perform} KB`, () => {
    const checks = checkBudgets(routes);
    expect(checks.find((c) => c.route === 'login')).toBeDefined();
    expect(checks.find((c) => c.route === 'dashboards-crm')).toBeDefined();
    expect(checks.find((c) => c.route === 'apps-logistics-dashboard')).toBeDefined();
    expect(checks.find((c) => c.route === 'tasks-perform_task-slotId-assignLocationId')).toBeDefined();
    expect(checks.filter((c) => !c.ok)).toEqual([]);
  });

  it(`keeps what the service worker precaches within ${PRECACHE_BUDGET_KB} KB gzip`, () => {
    const precache = measurePrecache();
    expect(precache).not.toBeNull();
    expect(precache!.files).toBeGreaterThan(100);
    expect(precache!.gzipBytes).toBeLessThanOrEqual(PRECACHE_BUDGET_KB * 1024);
  });
});
