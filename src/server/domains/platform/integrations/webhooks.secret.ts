// A webhook endpoint's signing secret at rest: encrypted with SECRETS_KEY when it is set (AES-256-GCM,
// lib/secrets.ts), so a dump or a backup of the database alone cannot sign as Opsdesk; kept as is without
// it. A secret stored readable before the key was set is encrypted by the delivery sweep.
import type { EntityManager } from '@mikro-orm/postgresql';
import { WEBHOOK_SECRET_PREFIX } from '../../../../shared/schemas/integrations.ts';
import { db } from '../../../db/kysely.ts';
import { decryptSecret, encryptSecret } from '../../../lib/secrets.ts';

/** What to store for `secret`. */
export function sealWebhookSecret(key: Buffer | null | undefined, secret: string): string {
  return key ? encryptSecret(key, secret) : secret;
}

/** The secret to sign with; throws when it is encrypted and the key is missing or another one. */
export function openWebhookSecret(key: Buffer | null | undefined, stored: string): string {
  if (stored.startsWith(WEBHOOK_SECRET_PREFIX)) return stored;
  if (!key) throw new Error('a webhook secret is encrypted, and SECRETS_KEY is not set');
  return decryptSecret(key, stored);
}

/** Encrypt the secrets still stored readable (set before SECRETS_KEY was); returns how many. */
export async function sealReadableSecrets(em: EntityManager, key: Buffer | null | undefined): Promise<number> {
  if (!key) return 0;
  const rows = await db(em)
    .selectFrom('webhook_endpoints')
    .select(['id', 'secret'])
    .where('secret', 'like', `${WEBHOOK_SECRET_PREFIX}%`)
    .limit(500)
    .execute();
  for (const row of rows) {
    await db(em)
      .updateTable('webhook_endpoints')
      .set({ secret: encryptSecret(key, row.secret) })
      .where('id', '=', row.id)
      .where('secret', '=', row.secret)
      .execute();
  }
  return rows.length;
}
