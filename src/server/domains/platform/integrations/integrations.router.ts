import { ZDeleted } from '../../../../shared/schemas/business.ts';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZApiKey,
  ZApiKeyList,
  ZCreateApiKeyInput,
  ZCreatedApiKey,
  ZCreatedWebhook,
  ZCreateWebhookInput,
  ZDeliveryList,
  ZListApiKeysInput,
  ZListDeliveriesInput,
  ZListWebhooksInput,
  ZRedeliverInput,
  ZUpdateWebhookInput,
  ZWebhook,
  ZWebhookDelivery,
  ZWebhookList,
} from '../../../../shared/schemas/integrations.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import * as apiKeys from './api-keys.service.ts';
import * as webhooks from './webhooks.service.ts';

export const apiKeysRouter = router({
  list: authedProcedure
    .input(ZListApiKeysInput)
    .output(ZApiKeyList)
    .query(({ ctx, input }) => apiKeys.listApiKeys(ctx, input)),
  create: authedProcedure
    .input(ZCreateApiKeyInput)
    .output(ZCreatedApiKey)
    .mutation(({ ctx, input }) => apiKeys.createApiKey(ctx, input)),
  revoke: authedProcedure
    .input(ZByIdInput)
    .output(ZApiKey)
    .mutation(({ ctx, input }) => apiKeys.revokeApiKey(ctx, input)),
});

export const webhooksRouter = router({
  list: authedProcedure
    .input(ZListWebhooksInput)
    .output(ZWebhookList)
    .query(({ ctx, input }) => webhooks.listWebhooks(ctx, input)),
  create: authedProcedure
    .input(ZCreateWebhookInput)
    .output(ZCreatedWebhook)
    .mutation(({ ctx, input }) => webhooks.createWebhook(ctx, input)),
  update: authedProcedure
    .input(ZUpdateWebhookInput)
    .output(ZWebhook)
    .mutation(({ ctx, input }) => webhooks.updateWebhook(ctx, input)),
  delete: authedProcedure
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => webhooks.deleteWebhook(ctx, input)),
  test: authedProcedure
    .input(ZByIdInput)
    .output(ZWebhookDelivery)
    .mutation(({ ctx, input }) => webhooks.sendTestEvent(ctx, input)),
  deliveries: authedProcedure
    .input(ZListDeliveriesInput)
    .output(ZDeliveryList)
    .query(({ ctx, input }) => webhooks.listDeliveries(ctx, input)),
  redeliver: authedProcedure
    .input(ZRedeliverInput)
    .output(ZWebhookDelivery)
    .mutation(({ ctx, input }) => webhooks.redeliver(ctx, input)),
});
