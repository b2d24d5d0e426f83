// Webhook endpoints of a customer: add (the signing secret shown once), list, change, turn on or off,
// delete, send a test event, read the delivery log, redeliver. superadmin and admin manage them (see
// integrations.scope.ts). A target must be http(s) and public unless WEBHOOKS_ALLOW_PRIVATE_TARGETS.
import crypto from 'node:crypto';
import type { ListResult } from '../../../../shared/schemas/common.ts';
import { pageWindow } from '../../../../shared/schemas/common.ts';
import {
  type TCreatedWebhook,
  type TCreateWebhookInput,
  type TListDeliveriesInput,
  type TUpdateWebhookInput,
  type TWebhook,
  type TWebhookDelivery,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
} from '../../../../shared/schemas/integrations.ts';
import { db } from '../../../db/kysely.ts';
import { notFound } from '../../../lib/app-error.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { WebhookDelivery, WebhookEndpoint } from './integrations.entity.ts';
import { authorizeIntegrations, integrationsCustomer, reaches } from './integrations.scope.ts';
import { announceWebhooks, newMessageId } from './webhooks.refs.ts';
import { sealWebhookSecret } from './webhooks.secret.ts';
import { checkTarget } from './webhooks.target.ts';

function toWebhook(e: WebhookEndpoint): TWebhook {
  return {
    id: e.id,
    customerId: e.customer.id,
    url: e.url,
    events: e.events,
    description: e.description ?? null,
    enabled: e.enabled,
    disabledReason: e.disabledReason ?? null,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

async function endpointOf(tx: AuthedContext, id: number): Promise<WebhookEndpoint> {
  const endpoint = await tx.em.findOne(WebhookEndpoint, { id });
  if (!endpoint || !reaches(tx, endpoint.customer.id)) throw notFound('Webhook');
  return endpoint;
}

/** Add an endpoint; returns its signing secret this once. Throws UNAUTHORIZED, FORBIDDEN, NOT_FOUND, BAD_REQUEST. */
export async function createWebhook(ctx: ServiceContext, input: TCreateWebhookInput): Promise<TCreatedWebhook> {
  const { tx, customerId } = await integrationsCustomer(ctx, input.customerId);
  await checkTarget(input.url, tx.allowPrivateWebhookTargets ?? false);
  const secret = `${WEBHOOK_SECRET_PREFIX}${crypto.randomBytes(24).toString('base64')}`;
  const endpoint = tx.em.create(WebhookEndpoint, {
    customer: customerId,
    url: input.url,
    events: [...new Set(input.events)],
    description: input.description ?? null,
    secret: sealWebhookSecret(tx.secretsKey, secret),
    enabled: true,
  });
  await tx.em.flush();
  return { ...toWebhook(endpoint), secret };
}

/** The customer's endpoints. Throws UNAUTHORIZED, FORBIDDEN, NOT_FOUND, BAD_REQUEST. */
export async function listWebhooks(ctx: ServiceContext, input: { customerId?: number }): Promise<ListResult<TWebhook>> {
  const { tx, customerId } = await integrationsCustomer(ctx, input.customerId);
  const rows = await tx.em.find(WebhookEndpoint, { customer: customerId }, { orderBy: { id: 'desc' }, limit: 200 });
  return { items: rows.map(toWebhook), total: rows.length };
}

/** Change an endpoint's target, events or description; turning it on again forgets its failures. */
export async function updateWebhook(ctx: ServiceContext, input: TUpdateWebhookInput): Promise<TWebhook> {
  const tx = authorizeIntegrations(ctx);
  const endpoint = await endpointOf(tx, input.id);
  if (input.url !== undefined) {
    await checkTarget(input.url, tx.allowPrivateWebhookTargets ?? false);
    endpoint.url = input.url;
  }
  if (input.events !== undefined) endpoint.events = [...new Set(input.events)];
  if (input.description !== undefined) endpoint.description = input.description;
  if (input.enabled !== undefined && input.enabled !== endpoint.enabled) {
    endpoint.enabled = input.enabled;
    endpoint.disabledReason = null;
    endpoint.failingSince = null;
  }
  await tx.em.flush();
  // Turned on again: what waited for it goes now.
  if (input.enabled) await announceWebhooks(tx.em, [endpoint.id]);
  return toWebhook(endpoint);
}

/** Delete an endpoint with its delivery log. */
export async function deleteWebhook(
  ctx: ServiceContext,
  input: { id: number },
): Promise<{ id: number; deleted: true }> {
  const tx = authorizeIntegrations(ctx);
  const endpoint = await endpointOf(tx, input.id);
  tx.em.remove(endpoint);
  await tx.em.flush();
  return { id: input.id, deleted: true };
}

/** Queue a `webhook.test` event for one endpoint (whatever it subscribes to). */
export async function sendTestEvent(ctx: ServiceContext, input: { id: number }): Promise<TWebhookDelivery> {
  const tx = authorizeIntegrations(ctx);
  const endpoint = await endpointOf(tx, input.id);
  const now = new Date();
  const delivery = tx.em.create(WebhookDelivery, {
    customer: endpoint.customer.id,
    endpoint,
    messageId: newMessageId(),
    eventType: WEBHOOK_TEST_EVENT,
    payload: JSON.stringify({
      type: WEBHOOK_TEST_EVENT,
      timestamp: now.toISOString(),
      data: { webhookId: endpoint.id, message: 'A test event from Opsdesk' },
    }),
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now,
  });
  await tx.em.flush();
  await announceWebhooks(tx.em, [endpoint.id]);
  return toDelivery(delivery);
}

function toDelivery(d: WebhookDelivery): TWebhookDelivery {
  return {
    id: d.id,
    webhookId: d.endpoint.id,
    messageId: d.messageId,
    eventType: d.eventType,
    status: d.status as TWebhookDelivery['status'],
    attempts: d.attempts,
    lastResponseStatus: d.lastResponseStatus ?? null,
    lastResponseBody: d.lastResponseBody ?? null,
    lastDurationMs: d.lastDurationMs ?? null,
    nextAttemptAt: d.nextAttemptAt ?? null,
    createdAt: d.createdAt,
    deliveredAt: d.deliveredAt ?? null,
    payload: d.payload,
  };
}

/** An endpoint's delivery log, newest first (one row per event). */
export async function listDeliveries(
  ctx: ServiceContext,
  input: TListDeliveriesInput,
): Promise<ListResult<TWebhookDelivery>> {
  const tx = authorizeIntegrations(ctx);
  const endpoint = await endpointOf(tx, input.webhookId);
  const { offset, limit } = pageWindow(input.page, input.itemsPerPage === -1 ? 100 : input.itemsPerPage);
  const [rows, total] = await tx.em.findAndCount(
    WebhookDelivery,
    { endpoint },
    { orderBy: { id: 'desc' }, offset, limit: limit ?? 100 },
  );
  return { items: rows.map(toDelivery), total };
}

/** Send a delivery again (now, with its `webhook-id`), whatever became of it. */
export async function redeliver(ctx: ServiceContext, input: { deliveryId: number }): Promise<TWebhookDelivery> {
  const tx = authorizeIntegrations(ctx);
  const delivery = await tx.em.findOne(WebhookDelivery, { id: input.deliveryId });
  if (!delivery || !reaches(tx, delivery.customer.id)) throw notFound('Webhook');
  delivery.status = 'pending';
  delivery.nextAttemptAt = new Date();
  await tx.em.flush();
  // A redelivery gets the full schedule again.
  await db(tx.em).updateTable('webhook_deliveries').set({ attempts: 0 }).where('id', '=', delivery.id).execute();
  delivery.attempts = 0;
  await announceWebhooks(tx.em, [delivery.endpoint.id]);
  return toDelivery(delivery);
}
