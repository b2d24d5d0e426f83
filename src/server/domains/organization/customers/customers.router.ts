import { ZDeleted } from '../../../../shared/schemas/business.ts';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZCreateCustomerInput,
  ZCustomer,
  ZCustomerList,
  ZListCustomersInput,
  ZTwoFactorEnrolmentInput,
  ZTwoFactorEnrolmentList,
  ZUpdateCustomerInput,
} from '../../../../shared/schemas/customers.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import * as customers from './customers.service.ts';

export const customersRouter = router({
  list: authedProcedure
    .input(ZListCustomersInput.prefault({}))
    .output(ZCustomerList)
    .query(({ ctx, input }) => customers.listCustomers(ctx, input)),
  byId: authedProcedure
    .input(ZByIdInput)
    .output(ZCustomer)
    .query(({ ctx, input }) => customers.getCustomer(ctx, input)),
  create: authedProcedure
    .input(ZCreateCustomerInput)
    .output(ZCustomer)
    .mutation(({ ctx, input }) => customers.createCustomer(ctx, input)),
  update: authedProcedure
    .input(ZUpdateCustomerInput)
    .output(ZCustomer)
    .mutation(({ ctx, input }) =>
      customers.isTwoFactorPolicyUpdate(input)
        ? customers.updateTwoFactorPolicy(ctx, input)
        : customers.updateCustomer(ctx, input),
    ),
  twoFactorEnrolment: authedProcedure
    .input(ZTwoFactorEnrolmentInput.prefault({}))
    .output(ZTwoFactorEnrolmentList)
    .query(({ ctx, input }) => customers.listTwoFactorEnrolment(ctx, input)),
  delete: authedProcedure
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => customers.deleteCustomer(ctx, input)),
});
