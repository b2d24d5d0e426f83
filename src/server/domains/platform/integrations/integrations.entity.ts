import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../../db/base.entity.ts';
import { Customer } from '../../organization/customers/customer.entity.ts';
import { User } from '../../organization/users/user.entity.ts';

/**
 * A key a script sends as `Authorization: Bearer opk_…` on /api/v1. Only the SHA-256 of the key is
 * stored: the key is 256 random bits, so a fast hash is as safe as a slow one (nothing to guess from a
 * dictionary) and costs nothing per request. It acts as its role in its customer, on behalf of its creator.
 */
export const ApiKeySchema = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    ...baseProperties,
    customer: () => p.manyToOne(Customer).deleteRule('cascade'),
    createdBy: () => p.manyToOne(User).deleteRule('cascade').index(),
    name: p.string().length(100),
    role: p.string().length(20),
    prefix: p.string().length(16),
    keyHash: p.string().length(64).unique(),
    expiresAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    lastUsedAt: p.datetime().nullable(),
    lastUsedIp: p.string().length(64).nullable(),
  },
  // The integrations page lists a customer's keys, newest first.
  indexes: [{ properties: ['customer', 'id'] }],
});

export class ApiKey extends ApiKeySchema.class {}
ApiKeySchema.setClass(ApiKey);

/**
 * The first answer to a POST sent with an `Idempotency-Key`: the same key again (same key, same route)
 * returns it instead of acting twice. Kept a day.
 */
export const ApiIdempotencySchema = defineEntity({
  name: 'ApiIdempotency',
  tableName: 'api_idempotency',
  properties: {
    apiKey: () => p.manyToOne(ApiKey).deleteRule('cascade').primary(),
    idempotencyKey: p.string().length(200).primary(),
    route: p.string().length(300),
    /** SHA-256 of the body: the same key with another body is refused. */
    requestHash: p.string().length(64),
    status: p.integer(),
    body: p.json<unknown>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime().index(),
  },
});

export class ApiIdempotency extends ApiIdempotencySchema.class {}
ApiIdempotencySchema.setClass(ApiIdempotency);

/** Where a customer's events are POSTed, signed with `secret` (Standard Webhooks). */
export const WebhookEndpointSchema = defineEntity({
  name: 'WebhookEndpoint',
  tableName: 'webhook_endpoints',
  properties: {
    ...baseProperties,
    customer: () => p.manyToOne(Customer).deleteRule('cascade'),
    url: p.string().length(2000),
    events: p.json<string[]>(),
    description: p.string().length(300).nullable(),
    /** `whsec_` + base64, encrypted with SECRETS_KEY when set (webhooks.secret.ts): every delivery is signed with it. */
    secret: p.string().length(300).lazy().hidden(),
    enabled: p.boolean().default(true),
    disabledReason: p.string().length(100).nullable(),
    /** Since when every attempt has failed (null after a success): 3 days disables the endpoint. */
    failingSince: p.datetime().nullable(),
  },
  indexes: [{ properties: ['customer', 'id'] }],
});

export class WebhookEndpoint extends WebhookEndpointSchema.class {}
WebhookEndpointSchema.setClass(WebhookEndpoint);

/**
 * One event for one endpoint: the outbox row, written in the transaction of the change, then delivered
 * (and retried) by the webhook jobs. `messageId` is the stable `webhook-id` of every attempt.
 */
export const WebhookDeliverySchema = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    createdAt: p.datetime().onCreate(() => new Date()),
    customer: () => p.manyToOne(Customer).deleteRule('cascade'),
    endpoint: () => p.manyToOne(WebhookEndpoint).deleteRule('cascade'),
    messageId: p.string().length(64),
    eventType: p.string().length(60),
    payload: p.text(),
    status: p.string().length(20).default('pending'),
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime().nullable(),
    lastAttemptAt: p.datetime().nullable(),
    lastResponseStatus: p.integer().nullable(),
    lastResponseBody: p.string().length(1000).nullable(),
    lastDurationMs: p.integer().nullable(),
    deliveredAt: p.datetime().nullable(),
  },
  // The delivery log of an endpoint, newest first; the lanes' queue: an endpoint's due rows in order.
  indexes: [
    { name: 'webhook_deliveries_endpoint_id_id_index', properties: ['endpoint', 'id'] },
    { name: 'webhook_deliveries_due_index', properties: ['endpoint', 'nextAttemptAt'] },
  ],
});

export class WebhookDelivery extends WebhookDeliverySchema.class {}
WebhookDeliverySchema.setClass(WebhookDelivery);
