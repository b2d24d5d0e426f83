import {
  ZCreateCustomerInput,
  ZCustomer,
  ZCustomerList,
  ZListCustomersInput,
  ZUpdateCustomerInput,
} from '../../../../shared/schemas/customers.ts';
import { router } from '../../../trpc/init.ts';
import { recordProcedures } from '../../../trpc/procedures.ts';
import * as customers from './customers.service.ts';

const p = recordProcedures(ZCustomer);

export const customersRouter = router({
  list: p.list(ZListCustomersInput, ZCustomerList, customers.listCustomers),
  byId: p.byId(customers.getCustomer),
  create: p.mutation(ZCreateCustomerInput, customers.createCustomer),
  update: p.mutation(ZUpdateCustomerInput, customers.updateCustomer),
  delete: p.delete(customers.deleteCustomer),
});
