// Analytics dashboard demo: the 7 projects of the projects table. Deterministic (fixed faker seed).
import { base, en, Faker } from '@faker-js/faker';
import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { AnalyticsProject } from '../../src/server/domains/apps/analytics/analytics.entity.ts';
import { avatarImage, coverImage } from '../support/demo-images.ts';

export const ANALYTICS_SEED = 20_260_305;

const PROJECTS: readonly { name: string; project: string }[] = [
  { name: 'Harbour Booking Portal', project: 'Web app' },
  { name: 'Field Inspector', project: 'Mobile app' },
  { name: 'Warehouse Dashboard', project: 'Dashboard' },
  { name: 'Loyalty Rewards', project: 'Mobile app' },
  { name: 'Design System Refresh', project: 'UI kit' },
  { name: 'Supplier API', project: 'Backend service' },
  { name: 'Onboarding Emails', project: 'Marketing' },
];

export interface AnalyticsData {
  projects: {
    logo: string;
    name: string;
    project: string;
    leader: string;
    progress: number;
    hours: string;
    team: string[];
    extraMembers: number;
  }[];
}

export function generateAnalytics(seed = ANALYTICS_SEED): AnalyticsData {
  const f = new Faker({ locale: [en, base] });
  f.seed(seed);
  const projects = PROJECTS.map((p) => ({
    logo: coverImage(p.name),
    name: p.name,
    project: p.project,
    leader: f.person.firstName(),
    progress: f.number.int({ min: 5, max: 100 }),
    hours: `${f.number.int({ min: 2, max: 180 })}:${String(f.number.int({ min: 0, max: 59 })).padStart(2, '0')}`,
    team: Array.from({ length: 3 }, () => avatarImage(f.person.fullName())),
    extraMembers: f.number.int({ min: 0, max: 9 }),
  }));
  return { projects };
}

export class AnalyticsSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    for (const row of generateAnalytics().projects) em.create(AnalyticsProject, row);
    await em.flush();
  }
}
