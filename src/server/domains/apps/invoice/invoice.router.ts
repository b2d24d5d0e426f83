// tRPC: apps.invoice.{list,byId,delete,clients} over the same services as REST.
import { z } from 'zod';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import { ZInvoiceClient, ZInvoiceDetail, ZInvoiceList, ZListInvoicesInput } from '../../../../shared/schemas/invoice.ts';
import { abilityProcedure, router } from '../../../trpc/init.ts';
import { demoListQuery } from '../../../trpc/procedures.ts';
import { deleteInvoice, getInvoice, listInvoiceClients, listInvoices } from './invoice.service.ts';

const read = abilityProcedure('read', 'DemoApp');
const manage = abilityProcedure('manage', 'DemoApp');

export const invoiceRouter = router({
  list: demoListQuery(ZListInvoicesInput, ZInvoiceList, listInvoices),
  byId: read
    .input(ZByIdInput)
    .output(ZInvoiceDetail)
    .query(({ ctx, input }) => getInvoice(ctx, input)),
  delete: manage.input(ZByIdInput).mutation(({ ctx, input }) => deleteInvoice(ctx, input)),
  clients: read.output(z.array(ZInvoiceClient)).query(({ ctx }) => listInvoiceClients(ctx)),
});
