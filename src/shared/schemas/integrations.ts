// Integrations: API keys (scripts calling /api/v1) and webhook endpoints (events pushed out).
// Procedures: apiKeys.list | create | revoke; webhooks.list | create | update | delete | test | deliveries | redeliver.
// superadmin and admin manage those of their customer (a superadmin names the customer).
import { z } from 'zod';
import { ROLES } from '../constants/roles.ts';
import { msg } from '../errors/validation.ts';
import { zName, zOptionalText } from './business.ts';
import { listOutput, ZId, ZInputDate, ZPaging, zHttpUrl } from './common.ts';

/** What a key starts with: recognisable in a leaked file or a secret scanner. */
export const API_KEY_PREFIX = 'opk_';
/** What a webhook secret starts with (Standard Webhooks: the base64 key after `whsec_`). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const ZCreateApiKeyInput = z.strictObject({
  /** Only a superadmin names it; others create keys of their own customer. */
  customerId: ZId.optional(),
  name: zName(100),
  role: z.enum(ROLES),
  /** Any future instant; none: the key lasts until revoked. */
  expiresAt: ZInputDate.refine((d) => d.getTime() > Date.now(), { message: msg('apiKeys.expiresInFuture') }).optional(),
});
export type TCreateApiKeyInput = z.infer<typeof ZCreateApiKeyInput>;

export const ZApiKey = z.object({
  id: z.number(),
  customerId: z.number(),
  name: z.string(),
  role: z.enum(ROLES),
  /** The first characters of the key (`opk_ab12…`), so a person can tell keys apart. */
  prefix: z.string(),
  createdAt: z.date(),
  createdBy: z.string().nullable(),
  expiresAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
  lastUsedAt: z.date().nullable(),
  lastUsedIp: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;
/** The answer to create: the key itself, shown this once. */
export const ZCreatedApiKey = ZApiKey.extend({ key: z.string() });
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;

export const ZListApiKeysInput = z.strictObject({ customerId: ZId.optional() }).prefault({});
export const ZApiKeyList = listOutput(ZApiKey);

/* ------------------------------------------------------------------ webhooks */

/** Every event an endpoint may subscribe to (README lists each with its payload). */
export const WEBHOOK_EVENTS = [
  'task.started',
  'task.submitted',
  'task.approved',
  'task.rejected',
  'task.resumed',
  'task.missed',
  'task.cancelled',
  'correctiveAction.opened',
  'correctiveAction.completed',
  'correctiveAction.verified',
  'project.activated',
  'project.completed',
  'location.created',
  'location.updated',
  'file.uploaded',
] as const;
export type TWebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The event a test delivery carries (never subscribed to: always sent when asked). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

const ZEvents = z.array(z.enum(WEBHOOK_EVENTS)).min(1, msg('webhooks.eventsRequired')).max(WEBHOOK_EVENTS.length);

export const ZCreateWebhookInput = z.strictObject({
  customerId: ZId.optional(),
  url: zHttpUrl(2000),
  events: ZEvents,
  description: zOptionalText(300),
});
export type TCreateWebhookInput = z.infer<typeof ZCreateWebhookInput>;

export const ZUpdateWebhookInput = z.strictObject({
  id: ZId,
  url: zHttpUrl(2000).optional(),
  events: ZEvents.optional(),
  description: zOptionalText(300).optional(),
  enabled: z.boolean().optional(),
});
export type TUpdateWebhookInput = z.infer<typeof ZUpdateWebhookInput>;

export const ZWebhook = z.object({
  id: z.number(),
  customerId: z.number(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string().nullable(),
  enabled: z.boolean(),
  /** Why it was turned off by the app (failing for 3 days), or null. */
  disabledReason: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TWebhook = z.infer<typeof ZWebhook>;
export const ZCreatedWebhook = ZWebhook.extend({ secret: z.string() });
export type TCreatedWebhook = z.infer<typeof ZCreatedWebhook>;
export const ZListWebhooksInput = ZListApiKeysInput;
export const ZWebhookList = listOutput(ZWebhook);

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const ZWebhookDelivery = z.object({
  id: z.number(),
  webhookId: z.number(),
  /** The stable `webhook-id` header of every attempt. */
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  lastResponseStatus: z.number().nullable(),
  /** The start of the receiver's last answer (or why there was none). */
  lastResponseBody: z.string().nullable(),
  lastDurationMs: z.number().nullable(),
  nextAttemptAt: z.date().nullable(),
  createdAt: z.date(),
  deliveredAt: z.date().nullable(),
  /** The JSON body sent. */
  payload: z.string(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;
export const ZListDeliveriesInput = ZPaging.pick({ page: true, itemsPerPage: true }).extend({ webhookId: ZId });
export type TListDeliveriesInput = z.infer<typeof ZListDeliveriesInput>;
export const ZDeliveryList = listOutput(ZWebhookDelivery);
export const ZRedeliverInput = z.strictObject({ deliveryId: ZId });
