// The two demo customers and one account per role (CONTRACTS.md "Demo accounts").
import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { Customer } from '../src/server/domains/organization/customers/customer.entity.ts';
import { User } from '../src/server/domains/organization/users/user.entity.ts';
import { hashPassword } from '../src/server/lib/password.ts';
import { ROLES, type Role } from '../src/shared/constants/roles.ts';

const NAMES: Record<Role, string> = {
  superadmin: 'Sofia Operator',
  admin: 'Adrien Moreau',
  floormanager: 'Farah Haddad',
  teamleader: 'Tomasz Lewandowski',
  businessadmin: 'Beatriz Almeida',
  businessuser: 'Bruno Keller',
  qualitycontrol: 'Quentin Laurent',
  analyst: 'Amara Okafor',
  client: 'Clara Jensen',
};

export class AccountsSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    const acme = em.create(Customer, {
      code: 'ACME',
      name: 'Acme Retail Group',
      email: 'operations@acme.example',
      phone: '+33 1 84 60 21 00',
      country: 'FR',
      city: 'Lyon',
      address: '12 quai Perrache',
      status: 'active',
    });
    const nws = em.create(Customer, {
      code: 'NWS',
      name: 'Northwind Stores',
      email: 'quality@northwind.example',
      phone: '+49 30 5557 0100',
      country: 'DE',
      city: 'Berlin',
      address: 'Alexanderstraße 7',
      status: 'active',
    });
    for (const role of ROLES) {
      em.create(User, {
        customer: role === 'superadmin' ? null : acme,
        email: `${role}@demo.com`,
        fullName: NAMES[role],
        role,
        status: 'active',
        language: 'en',
        passwordHash: await hashPassword(role),
      });
    }
    for (const [role, fullName] of [
      ['admin', 'Nina Weber'],
      ['qualitycontrol', 'Jonas Richter'],
    ] as const) {
      em.create(User, {
        customer: nws,
        email: `${role}@nws.demo.com`,
        fullName,
        role,
        status: 'active',
        language: 'de',
        passwordHash: await hashPassword(role),
      });
    }
    await em.flush();
  }
}
