// tRPC: apps.invoice.{list,byId,delete,clients} over the same services as REST, and the editor's
// document, create, update, payment, send and client search.
import { z } from 'zod';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZCreateInvoiceInput,
  ZInvoiceClientOptions,
  ZInvoiceClientSearch,
  ZInvoiceClients,
  ZInvoiceDetail,
  ZInvoiceDocument,
  ZInvoiceList,
  ZListInvoicesInput,
  ZRecordPaymentInput,
  ZSendInvoiceInput,
  ZUpdateInvoiceInput,
} from '../../../../shared/schemas/invoice.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import {
  getInvoice,
  getInvoiceDocument,
  listInvoiceClients,
  listInvoices,
  searchInvoiceClients,
} from './invoice.listing.ts';
import { createInvoice, deleteInvoice, recordInvoicePayment, sendInvoice, updateInvoice } from './invoice.service.ts';

export const invoiceRouter = router({
  list: authedProcedure
    .input(ZListInvoicesInput.prefault({}))
    .output(ZInvoiceList)
    .query(({ ctx, input }) => listInvoices(ctx, input)),
  byId: authedProcedure
    .input(ZByIdInput)
    .output(ZInvoiceDetail)
    .query(({ ctx, input }) => getInvoice(ctx, input)),
  delete: authedProcedure
    .input(ZByIdInput)
    .output(z.void())
    .mutation(({ ctx, input }) => deleteInvoice(ctx, input)),
  clients: authedProcedure.output(ZInvoiceClients).query(({ ctx }) => listInvoiceClients(ctx)),
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
    .output(ZInvoiceClientOptions)
    .query(({ ctx, input }) => searchInvoiceClients(ctx, input)),
});
