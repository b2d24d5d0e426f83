// Customers (tenants): the superadmin creates, changes and deletes them; the reads are the listing's
// (re-exported here). The root of the organization context: licenses, users and teams read it through
// customers.refs.ts, and it calls none of theirs.
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import {
  type TCreateCustomerInput,
  type TCustomer,
  type TUpdateCustomerInput,
  TWO_FACTOR_FIELDS,
} from '../../../../shared/schemas/customers.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { recordAudit, recordUpdate } from '../../../lib/audit/audit.ts';
import { authorize, requireUser } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { definedOnly } from '../../../lib/objects.ts';
import { assertCurrent, loadForWrite, lockRecord, type RecordSpec } from '../../../lib/records.ts';
import { deleteOrExplain, plural } from '../../../lib/references.ts';
import { assertUnique, assertUniqueChange, flushUnique, type UniqueRule, withTransaction } from '../../../lib/scope.ts';
import { Customer } from './customer.entity.ts';
import { getCustomer } from './customers.listing.ts';

export { getCustomer, iterateCustomers, listCustomers } from './customers.listing.ts';
export { listTwoFactorEnrolment } from './two-factor-enrolment.listing.ts';

const uniqueCode: UniqueRule<Customer> = {
  entity: Customer,
  field: 'code',
  key: 'customers.codeTaken',
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
    twoFactorPolicy: c.twoFactorPolicy,
    twoFactorGraceDays: c.twoFactorGraceDays,
  };
}

const POLICY_RANK: Record<string, number> = { optional: 0, admins: 1, everyone: 2 };

/** Set the second-factor policy; when it covers more people than before, their grace period starts now. */
function applyTwoFactorPolicy(customer: Customer, input: Pick<TUpdateCustomerInput, 'twoFactorPolicy'>): void {
  const next = input.twoFactorPolicy;
  if (!next || next === customer.twoFactorPolicy) return;
  if (next === 'optional') customer.twoFactorPolicySince = null;
  else if (POLICY_RANK[next] > POLICY_RANK[customer.twoFactorPolicy]) customer.twoFactorPolicySince = new Date();
  customer.twoFactorPolicy = next;
}

/** Whether an update changes only the second-factor policy (which a customer's own admin may do). */
export function isTwoFactorPolicyUpdate(input: TUpdateCustomerInput): boolean {
  const { id: _id, version: _version, ...changes } = input;
  const fields = Object.keys(definedOnly(changes));
  return fields.length > 0 && fields.every((f) => (TWO_FACTOR_FIELDS as readonly string[]).includes(f));
}

/**
 * customers.update with only the second-factor policy: superadmin for any customer, a customer's admin
 * for their own (another customer is NOT_FOUND). Throws FORBIDDEN, NOT_FOUND, CONFLICT.
 */
export async function updateTwoFactorPolicy(ctx: ServiceContext, input: TUpdateCustomerInput): Promise<TCustomer> {
  requireUser(ctx);
  if (ctx.user.role !== 'superadmin' && ctx.user.role !== 'admin') {
    throw new AppError('FORBIDDEN', 'common.forbidden', { action: 'update', record: 'Customer' });
  }
  if (ctx.user.role === 'admin' && ctx.user.customerId !== input.id) throw notFound('Customer');
  await withTransaction(ctx, async (tx) => {
    await lockRecord(tx, Customer, input.id);
    const customer = await tx.em.findOne(Customer, { id: input.id });
    if (!customer) throw notFound('Customer');
    assertCurrent(customer, input.version, 'Customer');
    const before = snapshot(customer);
    applyTwoFactorPolicy(customer, input);
    if (input.twoFactorGraceDays !== undefined) customer.twoFactorGraceDays = input.twoFactorGraceDays;
    recordUpdate(
      tx,
      { entityType: 'Customer', entityId: customer.id, customerId: customer.id },
      before,
      snapshot(customer),
    );
    await tx.em.flush();
  });
  return getCustomer(ctx, input);
}

/** A customer is its own tenant: another customer's is NOT_FOUND, as a missing one. */
const records: RecordSpec<Customer> = {
  entity: Customer,
  subject: 'Customer',
  label: 'Customer',
  load: async (tx, id, action) => {
    const customer = await tx.em.findOne(Customer, { id });
    if (!customer || (tx.user.customerId !== null && tx.user.customerId !== id)) throw notFound('Customer');
    authorize(tx, action, 'Customer');
    return customer;
  },
};

/** A new customer. superadmin only. Throws FORBIDDEN, CONFLICT (code taken). */
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
  return getCustomer(ctx, { id });
}

/**
 * Change a customer (with `version`: CONFLICT when changed since). superadmin only. Throws FORBIDDEN, NOT_FOUND,
 * CONFLICT.
 */
export async function updateCustomer(ctx: ServiceContext, input: TUpdateCustomerInput): Promise<TCustomer> {
  authorize(ctx, 'update', 'Customer');
  await withTransaction(ctx, async (tx) => {
    await lockRecord(tx, Customer, input.id);
    const customer = await loadForWrite(tx, records, input.id, 'update');
    assertCurrent(customer, input.version, 'Customer');

    const { id: _id, version: _version, ...changes } = input;
    await assertUniqueChange(tx.em, uniqueCode, customer, changes.code);
    const before = snapshot(customer);
    const { twoFactorPolicy, ...rest } = changes;
    tx.em.assign(customer, definedOnly(rest));
    applyTwoFactorPolicy(customer, { twoFactorPolicy });

    recordUpdate(
      tx,
      { entityType: 'Customer', entityId: customer.id, customerId: customer.id },
      before,
      snapshot(customer),
    );
    await flushUnique(tx.em, uniqueCode);
  });
  return getCustomer(ctx, input);
}

/**
 * Delete a customer nothing points at; otherwise CONFLICT naming what does (suspend it instead).
 * The database refuses (every customer-owned table's foreign key is ON DELETE RESTRICT).
 * superadmin only. Throws FORBIDDEN, NOT_FOUND, CONFLICT.
 */
export async function deleteCustomer(ctx: ServiceContext, input: { id: number }): Promise<TDeleted> {
  authorize(ctx, 'delete', 'Customer');
  const { id } = input;
  await withTransaction(ctx, async (tx) => {
    const customer = await loadForWrite(tx, records, id, 'delete');

    await deleteOrExplain(tx.em, Customer, id, {
      what: { record: 'Customer', name: customer.code },
      hint: 'customers.suspendInstead',
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
