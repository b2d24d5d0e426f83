// What other domains look up of a customer, by id or code: existence, names, addresses, time zones.
// These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCustomer } from '../../../../shared/schemas/customers.ts';
import { notFound } from '../../../lib/app-error.ts';
import { Customer } from './customer.entity.ts';

/** The customer exists (NOT_FOUND otherwise). */
export async function requireCustomer(
  em: EntityManager,
  id: number,
): Promise<{ id: number; code: string; status: string }> {
  const customer = await em.findOne(Customer, { id });
  if (!customer) throw notFound('Customer');
  return { id: customer.id, code: customer.code, status: customer.status };
}

/** For workflow: the IANA time zone of each customer (locations may override it). */
export async function customerTimeZones(em: EntityManager, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await em.find(Customer, { id: { $in: unique } }, { fields: ['id', 'timeZone'] });
  return new Map(rows.map((c) => [c.id, c.timeZone]));
}

/** For documents of other domains (the inspection PDF, audit): customer names by id. */
export async function customerNames(em: EntityManager, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await em.find(Customer, { id: { $in: unique } }, { fields: ['id', 'name'] });
  return new Map(rows.map((c) => [c.id, c.name]));
}

/** For documents a customer issues (invoices): its name and postal address; null when there is none. */
export async function customerPostalAddress(
  em: EntityManager,
  id: number,
): Promise<{ name: string; address: string; city: string; country: string } | null> {
  const c = await em.findOne(Customer, { id }, { fields: ['name', 'address', 'city', 'country'] });
  return c && { name: c.name, address: c.address ?? '', city: c.city ?? '', country: c.country ?? '' };
}

/** For planning (workflow): the customer's IANA time zone, which its locations use unless they override it. */
export async function customerTimeZone(em: EntityManager, id: number): Promise<string> {
  const customer = await em.findOne(Customer, { id });
  if (!customer) throw notFound('Customer');
  return customer.timeZone;
}

/**
 * For self-registration (platform/auth): the customer with `code` (in any case; codes are stored
 * upper-case), or null when none has it. Plain data; scope and status rules are the caller's.
 */
export async function findCustomerByCode(
  em: EntityManager,
  code: string,
): Promise<{ id: number; code: string; status: TCustomer['status'] } | null> {
  const customer = await em.findOne(Customer, { code: code.toUpperCase() });
  return customer && { id: customer.id, code: customer.code, status: customer.status };
}
