// Users demo app: 50 sample people, and the permissions demo: 9 permissions with their roles.
// Deterministic: a fixed faker seed; only dates move with `today`.
import { base, en, Faker } from '@faker-js/faker';
import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { DemoUser } from '../../src/server/domains/apps/demo-users/demo-user.entity.ts';
import { DemoPermission } from '../../src/server/domains/apps/permissions/permission.entity.ts';
import {
  DEMO_USER_BILLINGS,
  DEMO_USER_PLANS,
  DEMO_USER_ROLES,
  DEMO_USER_STATUSES,
  type TCreateDemoUserInput,
} from '../../src/shared/schemas/demo-users.ts';
import type { TPermissionRole } from '../../src/shared/schemas/permissions.ts';
import { COUNTRIES, demoEmail, demoPhone } from '../support/demo-data.ts';
import { avatarImage } from '../support/demo-images.ts';

export const DEMO_USERS_SEED = 20_260_303;

const LANGUAGES = ['English', 'French', 'German', 'Spanish', 'Portuguese', 'Arabic'];

/** The permissions of spec section 6 and the product roles each is assigned to. */
export const PERMISSIONS: readonly { name: string; assignedTo: TPermissionRole[] }[] = [
  { name: 'Management', assignedTo: ['admin'] },
  { name: 'Manage Billing & Roles', assignedTo: ['admin'] },
  { name: 'Add & Remove Users', assignedTo: ['admin', 'businessadmin'] },
  { name: 'Project Planning', assignedTo: ['admin', 'businessuser', 'teamleader'] },
  { name: 'Manage Email Sequences', assignedTo: ['admin', 'businessuser', 'teamleader'] },
  { name: 'Client Communication', assignedTo: ['admin', 'businessadmin'] },
  { name: 'Only View', assignedTo: ['admin', 'client'] },
  { name: 'Financial Management', assignedTo: ['admin', 'businessadmin'] },
  { name: "Manage Others' Tasks", assignedTo: ['admin', 'teamleader'] },
];

/** The roles the sample people have: the product's, but the platform operator's (no customer's person). */
const PEOPLE_ROLES = DEMO_USER_ROLES.filter((role) => role !== 'superadmin');

export type DemoUserRow = Required<TCreateDemoUserInput> & {
  taskDone: number;
  projectDone: number;
  taxId: string;
  language: string;
};

export interface DemoUsersData {
  users: DemoUserRow[];
  permissions: { name: string; assignedTo: TPermissionRole[]; createdDate: Date }[];
}

/** The sample users and permissions for `seed`; permission dates relative to `today`. */
export function generateDemoUsers(seed = DEMO_USERS_SEED, today = new Date()): DemoUsersData {
  const f = new Faker({ locale: [en, base] });
  f.seed(seed);
  const users = Array.from({ length: 50 }, (): DemoUserRow => {
    const firstName = f.person.firstName();
    const lastName = f.person.lastName();
    const fullName = `${firstName} ${lastName}`;
    const [country] = f.helpers.arrayElement(COUNTRIES);
    return {
      fullName,
      company: f.company.name(),
      role: f.helpers.arrayElement(PEOPLE_ROLES),
      username: `${firstName}${lastName.slice(0, 1)}${f.number.int({ min: 1, max: 99 })}`
        .toLowerCase()
        .replace(/[^a-z0-9]/g, ''),
      country,
      contact: demoPhone(f),
      email: demoEmail(f, firstName, lastName),
      currentPlan: f.helpers.arrayElement(DEMO_USER_PLANS),
      status: f.helpers.arrayElement(DEMO_USER_STATUSES),
      avatar: f.datatype.boolean({ probability: 0.7 }) ? avatarImage(fullName) : '',
      billing: f.helpers.arrayElement(DEMO_USER_BILLINGS),
      taskDone: f.number.int({ min: 0, max: 2000 }),
      projectDone: f.number.int({ min: 0, max: 400 }),
      taxId: `Tax-${f.string.numeric(4)}`,
      language: f.helpers.arrayElement(LANGUAGES),
    };
  });
  const permissions = PERMISSIONS.map((p, i) => {
    const createdDate = new Date(today);
    createdDate.setUTCDate(createdDate.getUTCDate() - (PERMISSIONS.length - i) * f.number.int({ min: 3, max: 20 }));
    createdDate.setUTCHours(f.number.int({ min: 8, max: 19 }), f.number.int({ min: 0, max: 59 }), 0, 0);
    return { name: p.name, assignedTo: [...p.assignedTo], createdDate };
  });
  return { users, permissions };
}

export class DemoUsersSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    const data = generateDemoUsers();
    for (const row of data.users) em.create(DemoUser, row);
    for (const row of data.permissions) em.create(DemoPermission, row);
    await em.flush();
  }
}
