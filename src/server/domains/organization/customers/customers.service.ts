// Customers (tenants): the superadmin creates, changes and deletes them; the reads are the listing's
// (re-exported here). The root of the organization context: licenses, users and teams read it through
// customers.refs.ts, and it calls none of theirs.
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type { TCreateCustomerInput, TCustomer, TUpdateCustomerInput } from '../../../../shared/schemas/customers.ts';
import { notFound } from '../../../lib/app-error.ts';
import { recordAudit, recordUpdate } from '../../../lib/audit/audit.ts';
import { authorize } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { definedOnly } from '../../../lib/objects.ts';
import { assertCurrent, loadForWrite, lockRecord, type RecordSpec } from '../../../lib/records.ts';
import { deleteOrExplain, plural } from '../../../lib/references.ts';
import { assertUnique, assertUniqueChange, flushUnique, type UniqueRule, withTransaction } from '../../../lib/scope.ts';
import { Customer } from './customer.entity.ts';
import { getCustomer } from './customers.listing.ts';

export { getCustomer, iterateCustomers, listCustomers } from './customers.listing.ts';

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
  };
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
    tx.em.assign(customer, definedOnly(changes));

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
