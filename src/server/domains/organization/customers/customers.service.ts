// Customers (tenants). superadmin manages them; admin, businessadmin and businessuser read their own.
// Throws FORBIDDEN (role), NOT_FOUND (missing or another customer), CONFLICT (duplicate code, in use).
// The root of the organization context: licenses, users and teams call this service, and it calls
// none of theirs; its list reads their tables (licenses in force, active users) in its own SQL.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type SqlBool, sql } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Subject } from '../../../../shared/abilities/index.ts';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type {
  TCreateCustomerInput,
  TCustomer,
  TListCustomersInput,
  TUpdateCustomerInput,
} from '../../../../shared/schemas/customers.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { recordAudit, recordUpdate } from '../../../lib/audit/audit.ts';
import { authorize, authorizeRecord, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import {
  defineListing,
  equalsFilter,
  type ListingFilter,
  listById,
  listingReads,
  listSource,
  toDate,
} from '../../../lib/list.ts';
import { definedOnly } from '../../../lib/objects.ts';
import { assertCurrent, lockRecord } from '../../../lib/records.ts';
import { deleteOrExplain, plural } from '../../../lib/references.ts';
import {
  assertUnique,
  assertUniqueChange,
  conditionsFilter,
  flushUnique,
  targetCustomerId,
  tenantFilter,
  type UniqueRule,
  withTransaction,
} from '../../../lib/scope.ts';
import { Customer } from './customer.entity.ts';

export const customerListing = defineListing({
  source: (db) =>
    listSource(db.selectFrom('customers as c'), {
      id: 'c.id',
      select: (qb) =>
        qb.select((eb) => [
          'c.id',
          'c.version',
          'c.code',
          'c.name',
          'c.email',
          'c.phone',
          'c.country',
          'c.city',
          'c.address',
          'c.status',
          'c.time_zone',
          'c.created_at',
          'c.updated_at',
          // The licenses in force and the active users are this context's tables: read here, in the
          // page's own SQL (the same rules as licenses.service's "in force" and seat count).
          jsonObjectFrom(
            eb
              .selectFrom('licenses as l')
              .select(['l.id', 'l.plan', 'l.seats', 'l.expires_at'])
              .whereRef('l.customer_id', '=', 'c.id')
              .where(sql<SqlBool>`l.revoked_at is null and l.starts_at <= now() and l.expires_at > now()`)
              .orderBy('l.starts_at', 'desc')
              .limit(1),
          ).as('active_license'),
          eb
            .selectFrom('users as u')
            .whereRef('u.customer_id', '=', 'c.id')
            .where('u.status', '=', 'active')
            .select(sql<number>`count(*)::int`.as('n'))
            .as('active_users'),
        ]),
      search: ['c.code', 'c.name', 'c.city', 'c.email'],
      sorts: {
        code: 'c.code',
        name: 'c.name',
        country: 'c.country',
        city: 'c.city',
        status: 'c.status',
        createdAt: 'c.created_at',
      },
    }),
  map: (r): TCustomer => ({
    id: r.id,
    version: r.version,
    code: r.code,
    name: r.name,
    email: r.email,
    phone: r.phone,
    country: r.country,
    city: r.city,
    address: r.address,
    status: r.status,
    timeZone: r.time_zone,
    activeLicense: r.active_license && {
      id: r.active_license.id,
      plan: r.active_license.plan,
      seats: r.active_license.seats,
      expiresAt: toDate(r.active_license.expires_at),
    },
    activeUsers: r.active_users ?? 0,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  }),
});

/** What the caller may read: their own customer (superadmin: all). */
function readScope(ctx: AuthedContext): ListingFilter<typeof customerListing>[] {
  return [tenantFilter(ctx, 'c.id'), conditionsFilter(ctx, 'read', 'Customer', { customerId: 'c.id' })];
}

function listFilters(
  ctx: AuthedContext,
  input: Omit<TListCustomersInput, 'page' | 'itemsPerPage'>,
): ListingFilter<typeof customerListing>[] {
  return [...readScope(ctx), equalsFilter('c.status', input.status), equalsFilter('c.country', input.country)];
}

/** `iterateCustomers`: every customer matching the filter, in batches (CSV export). */
export const { list: listCustomers, iterate: iterateCustomers } = listingReads(
  'Customer',
  customerListing,
  listFilters,
  'code',
);

export async function getCustomer(ctx: ServiceContext, id: number): Promise<TCustomer> {
  authorize(ctx, 'read', 'Customer');
  return listById(ctx.em, customerListing, id, readScope(ctx), 'Customer');
}

/** For other domains: the customer exists (NOT_FOUND otherwise). Scope is the caller's business. */
export async function requireCustomer(
  em: EntityManager,
  id: number,
): Promise<{ id: number; code: string; status: string }> {
  const customer = await em.findOne(Customer, { id });
  if (!customer) throw notFound('Customer');
  return { id: customer.id, code: customer.code, status: customer.status };
}

/** For workflow: the IANA time zone of each customer (locations may override it). Scope is the caller's business. */
export async function customerTimeZones(em: EntityManager, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await em.find(Customer, { id: { $in: unique } }, { fields: ['id', 'timeZone'] });
  return new Map(rows.map((c) => [c.id, c.timeZone]));
}

/** For documents of other domains (the inspection PDF): customer names by id. Scope is the caller's business. */
export async function customerNames(em: EntityManager, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await em.find(Customer, { id: { $in: unique } }, { fields: ['id', 'name'] });
  return new Map(rows.map((c) => [c.id, c.name]));
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

/**
 * The customer a new record of `subject` goes to (see targetCustomerId), checked to exist when the
 * superadmin names it; FORBIDDEN unless the caller may create such a record for that customer.
 */
export async function customerForNewRecord(
  tx: AuthedContext,
  customerId: number | undefined | null,
  subject: Exclude<Subject, 'all'>,
): Promise<number> {
  const id = targetCustomerId(tx, customerId);
  if (tenantId(tx) === null) await requireCustomer(tx.em, id);
  authorizeRecord(tx, 'create', subject, { customerId: id });
  return id;
}

const uniqueCode: UniqueRule<Customer> = {
  entity: Customer,
  field: 'code',
  message: 'Another customer already uses this code',
};

function snapshot(c: Customer) {
  return {
    code: c.code,
    name: c.name,
    email: c.email,
    phone: c.phone,
    country: c.country,
    city: c.city,
    address: c.address,
    status: c.status,
    timeZone: c.timeZone,
  };
}

export async function createCustomer(ctx: ServiceContext, input: TCreateCustomerInput): Promise<TCustomer> {
  authorize(ctx, 'create', 'Customer');
  const id = await withTransaction(ctx, async (tx) => {
    await assertUnique(tx.em, uniqueCode, { code: input.code });
    const customer = tx.em.create(Customer, { ...input, timeZone: input.timeZone ?? 'Europe/Paris' });
    await flushUnique(tx.em, uniqueCode);
    recordAudit(tx, {
      action: 'create',
      entityType: 'Customer',
      entityId: customer.id,
      customerId: customer.id,
      changes: snapshot(customer),
    });
    return customer.id;
  });
  return getCustomer(ctx, id);
}

async function loadForWrite(ctx: AuthedContext, id: number, action: 'update' | 'delete'): Promise<Customer> {
  const customer = await ctx.em.findOne(Customer, { id });
  // Non-superadmins are refused above (FORBIDDEN); a missing record is NOT_FOUND.
  if (!customer || (ctx.user.customerId !== null && ctx.user.customerId !== id)) throw notFound('Customer');
  if (!ctx.ability.can(action, 'Customer'))
    throw new AppError('FORBIDDEN', `You are not allowed to ${action} Customer`);
  return customer;
}

export async function updateCustomer(ctx: ServiceContext, input: TUpdateCustomerInput): Promise<TCustomer> {
  authorize(ctx, 'update', 'Customer');
  await withTransaction(ctx, async (tx) => {
    await lockRecord(tx, Customer, input.id);
    const customer = await loadForWrite(tx, input.id, 'update');
    assertCurrent(customer, input.version, 'Customer');
    const { id: _id, version: _version, ...changes } = input;
    await assertUniqueChange(tx.em, uniqueCode, customer, changes.code);
    const before = snapshot(customer);
    tx.em.assign(customer, definedOnly(changes));
    recordUpdate(
      tx,
      { entityType: 'Customer', entityId: customer.id, customerId: customer.id },
      before,
      snapshot(customer),
    );
    await flushUnique(tx.em, uniqueCode);
  });
  return getCustomer(ctx, input.id);
}

/**
 * Deletes a customer nothing points at; otherwise CONFLICT naming what does (suspend it instead).
 * The database refuses (every customer-owned table's foreign key is ON DELETE RESTRICT).
 */
export async function deleteCustomer(ctx: ServiceContext, id: number): Promise<TDeleted> {
  authorize(ctx, 'delete', 'Customer');
  await withTransaction(ctx, async (tx) => {
    const customer = await loadForWrite(tx, id, 'delete');
    await deleteOrExplain(tx.em, Customer, id, {
      what: `Customer "${customer.code}"`,
      hint: 'Suspend it instead.',
      labels: { users: plural('user'), licenses: plural('license'), teams: plural('team') },
    });
    recordAudit(tx, {
      action: 'delete',
      entityType: 'Customer',
      entityId: id,
      customerId: null,
      changes: snapshot(customer),
    });
    tx.em.getUnitOfWork().unsetIdentity(customer);
  });
  return { id, deleted: true };
}
