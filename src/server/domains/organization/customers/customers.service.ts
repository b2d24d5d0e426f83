// Customers (tenants). superadmin manages them; admin, businessadmin and businessuser read their own.
// Throws FORBIDDEN (role), NOT_FOUND (missing or another customer), CONFLICT (duplicate code, in use).
import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  TCreateCustomerInput,
  TCustomer,
  TListCustomersInput,
  TUpdateCustomerInput,
} from '../../../../shared/schemas/customers.ts';
import type { Subject } from '../../../../shared/abilities/index.ts';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import { AppError } from '../../../lib/app-error.ts';
import { authorize, authorizeRecord, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { defineListing, listById, listingReads, rowDate } from '../../../lib/listing.ts';
import { refuseIfReferenced } from '../../../lib/references.ts';
import { definedOnly } from '../../../lib/objects.ts';
import { assertUnique, assertUniqueChange, columnMatches, conditionsSql, flushUnique, targetCustomerId, tenantSql, withTransaction, type UniqueRule } from '../../../lib/scope.ts';
import { notFound } from '../../../lib/app-error.ts';
import { sql, tableOf, type Sql } from '../../../lib/sql-list.ts';
import { recordAudit, recordUpdate } from '../../../lib/audit/audit.ts';
import { activeLicenseSummaries } from '../licenses/licenses.service.ts';
import { countActiveUsersByCustomer } from '../users/users.service.ts';
import { Customer } from './customer.entity.ts';

export const customerListing = defineListing({
  source: (em: EntityManager) => {
    const c = tableOf(em, Customer, 'c');
    return {
      from: c.from,
      id: c.col('id'),
      select: {
        id: c.col('id'),
        code: c.col('code'),
        name: c.col('name'),
        email: c.col('email'),
        phone: c.col('phone'),
        country: c.col('country'),
        city: c.col('city'),
        address: c.col('address'),
        status: c.col('status'),
        createdAt: c.col('createdAt'),
        updatedAt: c.col('updatedAt'),
      },
      search: [c.col('code'), c.col('name'), c.col('city'), c.col('email')],
      sorts: {
        code: c.col('code'),
        name: c.col('name'),
        country: c.col('country'),
        city: c.col('city'),
        status: c.col('status'),
        createdAt: c.col('createdAt'),
      },
    };
  },
  map: (r): TCustomer => ({
    id: r.id as number,
    code: r.code as string,
    name: r.name as string,
    email: r.email as string | null,
    phone: r.phone as string | null,
    country: r.country as string | null,
    city: r.city as string | null,
    address: r.address as string | null,
    status: r.status as TCustomer['status'],
    activeLicense: null,
    activeUsers: 0,
    createdAt: rowDate(r.createdAt),
    updatedAt: rowDate(r.updatedAt),
  }),
  enrich: async (em, items) => {
    const ids = items.map((i) => i.id);
    const [licenses, users] = await Promise.all([activeLicenseSummaries(em, ids), countActiveUsersByCustomer(em, ids)]);
    for (const item of items) {
      item.activeLicense = licenses.get(item.id) ?? null;
      item.activeUsers = users.get(item.id) ?? 0;
    }
  },
});

/** What the caller may read, as SQL: their own customer (superadmin: all). */
function readScope(ctx: AuthedContext): (Sql | undefined)[] {
  const c = tableOf(ctx.em, Customer, 'c');
  return [tenantSql(ctx, c.col('id')), conditionsSql(ctx, 'read', 'Customer', { customerId: columnMatches(c.col('id')) })];
}

function listFilters(ctx: AuthedContext, input: Omit<TListCustomersInput, 'page' | 'itemsPerPage'>): (Sql | undefined)[] {
  const c = tableOf(ctx.em, Customer, 'c');
  return [
    ...readScope(ctx),
    input.status && sql`${c.col('status')} = ${input.status}`,
    input.country && sql`${c.col('country')} = ${input.country}`,
  ].filter((x): x is Sql => !!x);
}

/** `iterateCustomers`: every customer matching the filter, in batches (CSV export). */
export const { list: listCustomers, iterate: iterateCustomers } = listingReads('Customer', customerListing, listFilters, 'code');

export async function getCustomer(ctx: ServiceContext, id: number): Promise<TCustomer> {
  authorize(ctx, 'read', 'Customer');
  return listById(ctx.em, customerListing, id, readScope(ctx), 'Customer');
}

/** For other domains: the customer exists (NOT_FOUND otherwise). Scope is the caller's business. */
export async function requireCustomer(em: EntityManager, id: number): Promise<{ id: number; code: string; status: string }> {
  const customer = await em.findOne(Customer, { id });
  if (!customer) throw notFound('Customer');
  return { id: customer.id, code: customer.code, status: customer.status };
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

const uniqueCode: UniqueRule<Customer> = { entity: Customer, field: 'code', message: 'Another customer already uses this code' };

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
  };
}

export async function createCustomer(ctx: ServiceContext, input: TCreateCustomerInput): Promise<TCustomer> {
  authorize(ctx, 'create', 'Customer');
  const id = await withTransaction(ctx, async (tx) => {
    await assertUnique(tx.em, uniqueCode, { code: input.code });
    const customer = tx.em.create(Customer, { ...input });
    await flushUnique(tx.em, uniqueCode);
    recordAudit(tx, { action: 'create', entityType: 'Customer', entityId: customer.id, customerId: customer.id, changes: snapshot(customer) });
    return customer.id;
  });
  return getCustomer(ctx, id);
}

async function loadForWrite(ctx: AuthedContext, id: number, action: 'update' | 'delete'): Promise<Customer> {
  const customer = await ctx.em.findOne(Customer, { id });
  // Non-superadmins are refused above (FORBIDDEN); a missing record is NOT_FOUND.
  if (!customer || (ctx.user.customerId !== null && ctx.user.customerId !== id)) throw notFound('Customer');
  if (!ctx.ability.can(action, 'Customer')) throw new AppError('FORBIDDEN', `You are not allowed to ${action} Customer`);
  return customer;
}

export async function updateCustomer(ctx: ServiceContext, input: TUpdateCustomerInput): Promise<TCustomer> {
  authorize(ctx, 'update', 'Customer');
  await withTransaction(ctx, async (tx) => {
    const customer = await loadForWrite(tx, input.id, 'update');
    const { id: _id, ...changes } = input;
    await assertUniqueChange(tx.em, uniqueCode, customer, changes.code);
    const before = snapshot(customer);
    tx.em.assign(customer, definedOnly(changes));
    recordUpdate(tx, { entityType: 'Customer', entityId: customer.id, customerId: customer.id }, before, snapshot(customer));
    await flushUnique(tx.em, uniqueCode);
  });
  return getCustomer(ctx, input.id);
}

/** Deletes a customer nothing points at; otherwise CONFLICT naming what does (suspend it instead). */
export async function deleteCustomer(ctx: ServiceContext, id: number): Promise<TDeleted> {
  authorize(ctx, 'delete', 'Customer');
  await withTransaction(ctx, async (tx) => {
    const customer = await loadForWrite(tx, id, 'delete');
    await refuseIfReferenced(tx.em, 'Customer', id, `Customer "${customer.code}"`, 'Suspend it instead.');
    recordAudit(tx, { action: 'delete', entityType: 'Customer', entityId: id, customerId: null, changes: snapshot(customer) });
    tx.em.remove(customer);
  });
  return { id, deleted: true };
}
