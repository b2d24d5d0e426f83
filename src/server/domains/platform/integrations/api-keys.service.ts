// API keys of a customer: create (the key shown once), list (never the key), revoke (refused at once:
// every request reads the key's row). superadmin and admin manage them; see integrations.scope.ts.
import crypto from 'node:crypto';
import type { ListResult } from '../../../../shared/schemas/common.ts';
import type { TApiKey, TCreateApiKeyInput, TCreatedApiKey } from '../../../../shared/schemas/integrations.ts';
import { API_KEY_PREFIX } from '../../../../shared/schemas/integrations.ts';
import { db } from '../../../db/kysely.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { sha256 } from '../../../lib/password.ts';
import { ApiKey } from './integrations.entity.ts';
import { authorizeIntegrations, integrationsCustomer, reaches } from './integrations.scope.ts';

/** A new key: the prefix and 256 random bits (base64url), so its SHA-256 alone is a safe thing to keep. */
export function newApiKey(): string {
  return `${API_KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
}

async function keyRows(ctx: ServiceContext, customerId: number, id?: number): Promise<TApiKey[]> {
  let query = db(ctx.em)
    .selectFrom('api_keys as k')
    .leftJoin('users as u', 'u.id', 'k.created_by_id')
    .select([
      'k.id',
      'k.customer_id',
      'k.name',
      'k.role',
      'k.prefix',
      'k.created_at',
      'u.full_name',
      'u.email',
      'k.expires_at',
      'k.revoked_at',
      'k.last_used_at',
      'k.last_used_ip',
    ])
    .where('k.customer_id', '=', customerId)
    .orderBy('k.id', 'desc');
  if (id !== undefined) query = query.where('k.id', '=', id);
  const rows = await query.limit(500).execute();
  const date = (v: Date | string | null) => (v === null ? null : new Date(v));
  return rows.map((r) => ({
    id: r.id,
    customerId: r.customer_id,
    name: r.name,
    role: r.role as TApiKey['role'],
    prefix: r.prefix,
    createdAt: new Date(r.created_at),
    createdBy: r.full_name || r.email || null,
    expiresAt: date(r.expires_at),
    revokedAt: date(r.revoked_at),
    lastUsedAt: date(r.last_used_at),
    lastUsedIp: r.last_used_ip,
  }));
}

/**
 * Create a key of the caller's customer (a superadmin names it) with a role no higher than the
 * caller's: never superadmin (a key belongs to one customer). Returns the key this once.
 * Throws UNAUTHORIZED, FORBIDDEN, NOT_FOUND, BAD_REQUEST.
 */
export async function createApiKey(ctx: ServiceContext, input: TCreateApiKeyInput): Promise<TCreatedApiKey> {
  const { tx, customerId } = await integrationsCustomer(ctx, input.customerId);
  if (input.role === 'superadmin') {
    throw new AppError(
      'FORBIDDEN',
      'integrations.keyRoleNotAllowed',
      { role: input.role },
      {
        role: 'integrations.keyRoleNotAllowed',
      },
    );
  }
  const key = newApiKey();
  const row = tx.em.create(ApiKey, {
    customer: customerId,
    createdBy: tx.user.id,
    name: input.name,
    role: input.role,
    prefix: key.slice(0, 12),
    keyHash: sha256(key),
    expiresAt: input.expiresAt ?? null,
  });
  await tx.em.flush();
  const [created] = await keyRows(tx, customerId, row.id);
  return { ...created, key };
}

/** The customer's keys, newest first (never the key itself). Throws UNAUTHORIZED, FORBIDDEN, NOT_FOUND, BAD_REQUEST. */
export async function listApiKeys(ctx: ServiceContext, input: { customerId?: number }): Promise<ListResult<TApiKey>> {
  const { tx, customerId } = await integrationsCustomer(ctx, input.customerId);
  const items = await keyRows(tx, customerId);
  return { items, total: items.length };
}

/** Revoke a key now: the next request with it is refused. Throws UNAUTHORIZED, FORBIDDEN, NOT_FOUND. */
export async function revokeApiKey(ctx: ServiceContext, input: { id: number }): Promise<TApiKey> {
  const tx = authorizeIntegrations(ctx);
  const key = await tx.em.findOne(ApiKey, { id: input.id });
  if (!key || !reaches(tx, key.customer.id)) throw notFound('ApiKey');
  key.revokedAt ??= new Date();
  await tx.em.flush();
  const [revoked] = await keyRows(tx, key.customer.id, key.id);
  return revoked;
}
