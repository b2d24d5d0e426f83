// Secrets kept in the database (SSO client secrets) are encrypted with SECRETS_KEY: AES-256-GCM, a fresh
// 96-bit nonce per value, stored as `v1:<nonce>:<tag>:<ciphertext>` in base64url. The key never reaches
// the database, so a dump or a backup alone does not give the secrets away. Edit to add a key version.
import crypto from 'node:crypto';

const VERSION = 'v1';

export function encryptSecret(key: Buffer, plain: string): string {
  const nonce = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join(':');
}

/** The plain text; throws when the value was not encrypted with this key (or was altered). */
export function decryptSecret(key: Buffer, stored: string): string {
  const [version, nonce, tag, body] = stored.split(':');
  if (version !== VERSION || !nonce || !tag || body === undefined) throw new Error('not an encrypted secret');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
