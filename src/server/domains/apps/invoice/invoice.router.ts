// tRPC: apps.invoice.{list,byId,delete,clients} over the same services as REST.
import { z } from 'zod';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import { ZInvoiceClient, ZInvoiceDetail, ZInvoiceList, ZListInvoicesInput } from '../../../../shared/schemas/invoice.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { listQuery } from '../../../trpc/procedures.ts';
import { deleteInvoice, getInvoice, listInvoiceClients, listInvoices } from './invoice.service.ts';

export const invoiceRouter = router({
  list: listQuery(ZListInvoicesInput, ZInvoiceList, listInvoices),
  byId: authedProcedure
    .input(ZByIdInput)
    .output(ZInvoiceDetail)
    .query(({ ctx, input }) => getInvoice(ctx, input)),
  delete: authedProcedure.input(ZByIdInput).mutation(({ ctx, input }) => deleteInvoice(ctx, input)),
  clients: authedProcedure.output(z.array(ZInvoiceClient)).query(({ ctx }) => listInvoiceClients(ctx)),
});
