// Logistics demo app: 25 vehicles on their routes. Deterministic (fixed faker seed).
import { base, en, Faker } from '@faker-js/faker';
import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { LogisticsVehicle } from '../../src/server/domains/apps/logistics/logistics.entity.ts';
import { type TVehicleWarning, VEHICLE_WARNINGS } from '../../src/shared/schemas/logistics.ts';

export const LOGISTICS_SEED = 20_260_304;

const CITIES: readonly (readonly [string, string])[] = [
  ['Lyon', 'France'],
  ['Marseille', 'France'],
  ['Hamburg', 'Germany'],
  ['Munich', 'Germany'],
  ['Rotterdam', 'Netherlands'],
  ['Antwerp', 'Belgium'],
  ['Milan', 'Italy'],
  ['Barcelona', 'Spain'],
  ['Porto', 'Portugal'],
  ['Gdansk', 'Poland'],
  ['Vienna', 'Austria'],
  ['Zurich', 'Switzerland'],
  ['Prague', 'Czechia'],
  ['Copenhagen', 'Denmark'],
];

export interface LogisticsData {
  vehicles: {
    location: number;
    startCity: string;
    startCountry: string;
    endCity: string;
    endCountry: string;
    warnings: TVehicleWarning;
    progress: number;
  }[];
}

export function generateLogistics(seed = LOGISTICS_SEED): LogisticsData {
  const f = new Faker({ locale: [en, base] });
  f.seed(seed);
  const numbers = f.helpers.uniqueArray(() => f.number.int({ min: 100_000, max: 999_999 }), 25);
  const vehicles = numbers.map((location) => {
    const [start, end] = f.helpers.arrayElements(CITIES, 2);
    return {
      location,
      startCity: start[0],
      startCountry: start[1],
      endCity: end[0],
      endCountry: end[1],
      warnings: f.helpers.weightedArrayElement(
        VEHICLE_WARNINGS.map((w) => ({ weight: w === 'No Warnings' ? 6 : 1, value: w })),
      ),
      progress: f.number.int({ min: 0, max: 100 }),
    };
  });
  return { vehicles };
}

export class LogisticsSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    for (const row of generateLogistics().vehicles) em.create(LogisticsVehicle, row);
    await em.flush();
  }
}
