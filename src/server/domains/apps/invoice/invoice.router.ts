// tRPC: apps.invoice.{list,byId,delete,clients} over the same services as REST, and the editor's
// document, create, update, payment, send and client search (issue 14).
import { z } from 'zod';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZCreateInvoiceInput,
  ZInvoiceClient,
  ZInvoiceClientOption,
  ZInvoiceClientSearch,
  ZInvoiceDetail,
  ZInvoiceDocument,
  ZInvoiceList,
  ZListInvoicesInput,
  ZRecordPaymentInput,
  ZSendInvoiceInput,
  ZUpdateInvoiceInput,
} from '../../../../shared/schemas/invoice.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { listQuery } from '../../../trpc/procedures.ts';
import {
  createInvoice,
  deleteInvoice,
  getInvoice,
  getInvoiceDocument,
  listInvoiceClients,
  listInvoices,
  recordInvoicePayment,
  searchInvoiceClients,
  sendInvoice,
  updateInvoice,
} from './invoice.service.ts';

export const invoiceRouter = router({
  list: listQuery(ZListInvoicesInput, ZInvoiceList, listInvoices),
  byId: authedProcedure
    .input(ZByIdInput)
    .output(ZInvoiceDetail)
    .query(({ ctx, input }) => getInvoice(ctx, input)),
  delete: authedProcedure.input(ZByIdInput).mutation(({ ctx, input }) => deleteInvoice(ctx, input)),
  clients: authedProcedure.output(z.array(ZInvoiceClient)).query(({ ctx }) => listInvoiceClients(ctx)),
  document: authedProcedure
    .input(ZByIdInput)
    .output(ZInvoiceDocument)
    .query(({ ctx, input }) => getInvoiceDocument(ctx, input)),
  create: authedProcedure
    .input(ZCreateInvoiceInput)
    .output(ZInvoiceDocument)
    .mutation(({ ctx, input }) => createInvoice(ctx, input)),
  update: authedProcedure
    .input(ZUpdateInvoiceInput)
    .output(ZInvoiceDocument)
    .mutation(({ ctx, input }) => updateInvoice(ctx, input)),
  recordPayment: authedProcedure
    .input(ZRecordPaymentInput)
    .output(ZInvoiceDocument)
    .mutation(({ ctx, input }) => recordInvoicePayment(ctx, input)),
  send: authedProcedure
    .input(ZSendInvoiceInput)
    .output(ZInvoiceDocument)
    .mutation(({ ctx, input }) => sendInvoice(ctx, input)),
  clientOptions: authedProcedure
    .input(ZInvoiceClientSearch)
    .output(z.array(ZInvoiceClientOption))
    .query(({ ctx, input }) => searchInvoiceClients(ctx, input)),
});
