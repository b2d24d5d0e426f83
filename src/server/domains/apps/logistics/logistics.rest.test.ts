// REST GET /api/apps/logistics/vehicles against the seeded database.
import { describe, expect, it } from 'vitest';
import type { TLogisticsSummary, TVehicle } from '../../../../shared/schemas/logistics.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { expectedOrder, ids, type SortValue } from '../../../testing/list-assertions.ts';
import { okGetter } from '../../../testing/rest.ts';

const t = await setupTestApp();
type Vehicles = { vehicles: TVehicle[]; totalVehicles: number };

const get = okGetter(t, 'admin@demo.com');

describe('GET /api/apps/logistics/vehicles', () => {
  it('lists 10 of 25 vehicles with the spec fields', async () => {
    const body = await get<Vehicles>('/api/apps/logistics/vehicles');
    expect(body.totalVehicles).toBe(25);
    expect(body.vehicles).toHaveLength(10);
    expect(Object.keys(body.vehicles[0]).sort()).toEqual(
      ['endCity', 'endCountry', 'id', 'location', 'progress', 'startCity', 'startCountry', 'warnings'].sort(),
    );
    const all = (await get<Vehicles>('/api/apps/logistics/vehicles?itemsPerPage=-1')).vehicles;
    expect(all.every((v) => v.progress >= 0 && v.progress <= 100)).toBe(true);
    expect(all.some((v) => v.warnings === 'No Warnings')).toBe(true);
  });

  it('pages, with the fallbacks', async () => {
    const all = ids((await get<Vehicles>('/api/apps/logistics/vehicles?itemsPerPage=-1')).vehicles);
    const cases: [string, number[]][] = [
      ['page=3', all.slice(20, 25)],
      ['page=4', []],
      ['itemsPerPage=5&page=5', all.slice(20, 25)],
      ['page=%27%3B&itemsPerPage=%25', all.slice(0, 10)],
      ['itemsPerPage=5000', all],
      ['sortBy=speed&orderBy=desc', all.slice(0, 10)],
    ];
    for (const [query, expected] of cases) {
      const body = await get<Vehicles>(`/api/apps/logistics/vehicles?${query}`);
      expect(ids(body.vehicles), query).toEqual(expected);
      expect(body.totalVehicles).toBe(25);
    }
  });

  const sorts: Record<string, (v: TVehicle) => SortValue> = {
    location: (v) => v.location,
    startRoute: (v) => v.startCity,
    endRoute: (v) => v.endCity,
    warnings: (v) => v.warnings,
    progress: (v) => v.progress,
  };
  for (const [sortBy, value] of Object.entries(sorts)) {
    for (const orderBy of ['asc', 'desc'] as const) {
      it(`sorts by ${sortBy} ${orderBy}`, async () => {
        const all = (await get<Vehicles>('/api/apps/logistics/vehicles?itemsPerPage=-1')).vehicles;
        const expected = expectedOrder(all, value, orderBy);
        const sorted = await get<Vehicles>(
          `/api/apps/logistics/vehicles?itemsPerPage=-1&sortBy=${sortBy}&orderBy=${orderBy}`,
        );
        expect(ids(sorted.vehicles)).toEqual(expected);
        const page = await get<Vehicles>(`/api/apps/logistics/vehicles?page=2&sortBy=${sortBy}&orderBy=${orderBy}`);
        expect(ids(page.vehicles)).toEqual(expected.slice(10, 20));
      });
    }
  }

  it('401 without a session, 403 for the client role', async () => {
    expect((await t.request({ method: 'GET', url: '/api/apps/logistics/vehicles' })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: '/api/apps/logistics/vehicles', as: 'client@demo.com' })).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/apps/logistics/summary', () => {
  it('counts the fleet by status, warning and destination as the vehicle list does', async () => {
    const all = (await get<Vehicles>('/api/apps/logistics/vehicles?itemsPerPage=-1')).vehicles;
    const summary = await get<TLogisticsSummary>('/api/apps/logistics/summary');
    expect(summary.totalVehicles).toBe(all.length);
    const statusOf = (p: number) =>
      p === 0 ? 'waiting' : p <= 20 ? 'loading' : p <= 89 ? 'onTheWay' : p <= 99 ? 'unloading' : 'delivered';
    for (const { status, count } of summary.byStatus)
      expect(count, status).toBe(all.filter((v) => statusOf(v.progress) === status).length);
    for (const { warning, count } of summary.byWarning)
      expect(count, warning).toBe(all.filter((v) => v.warnings === warning).length);
    const round = (n: number) => Math.round(n * 10) / 10;
    const avg = (vs: TVehicle[]) => round(vs.reduce((s, v) => s + v.progress, 0) / vs.length);
    expect(summary.shipments.reduce((s, r) => s + r.shipments, 0)).toBe(all.length);
    for (const row of summary.shipments) {
      const going = all.filter((v) => v.endCountry === row.country);
      expect(row.shipments, row.country).toBe(going.length);
      expect(row.averageProgress, row.country).toBe(avg(going));
    }
    const clean = all.filter((v) => v.warnings === 'No Warnings');
    expect(summary.performance).toEqual({
      averageProgress: avg(all),
      delivered: all.filter((v) => v.progress === 100).length,
      withWarnings: all.length - clean.length,
      averageProgressWithoutWarnings: avg(clean),
      averageProgressWithWarnings: avg(all.filter((v) => v.warnings !== 'No Warnings')),
    });
  });
});
