import { ZByIdInput } from '../../../shared/schemas/common.ts';
import { ZDeleted } from '../../../shared/schemas/business.ts';
import {
  ZCreateCustomerInput,
  ZCustomer,
  ZCustomerList,
  ZListCustomersInput,
  ZUpdateCustomerInput,
} from '../../../shared/schemas/customers.ts';
import { abilityProcedure, router } from '../../trpc/init.ts';
import * as customers from './customers.service.ts';

export const customersRouter = router({
  list: abilityProcedure('read', 'Customer')
    .input(ZListCustomersInput.prefault({}))
    .output(ZCustomerList)
    .query(({ ctx, input }) => customers.listCustomers(ctx, input)),
  byId: abilityProcedure('read', 'Customer')
    .input(ZByIdInput)
    .output(ZCustomer)
    .query(({ ctx, input }) => customers.getCustomer(ctx, input.id)),
  create: abilityProcedure('create', 'Customer')
    .input(ZCreateCustomerInput)
    .output(ZCustomer)
    .mutation(({ ctx, input }) => customers.createCustomer(ctx, input)),
  update: abilityProcedure('update', 'Customer')
    .input(ZUpdateCustomerInput)
    .output(ZCustomer)
    .mutation(({ ctx, input }) => customers.updateCustomer(ctx, input)),
  delete: abilityProcedure('delete', 'Customer')
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => customers.deleteCustomer(ctx, input.id)),
});
