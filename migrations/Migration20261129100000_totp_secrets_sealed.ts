import crypto from 'node:crypto';
import { Migration } from '@mikro-orm/migrations';

type Execute = (sql: string, params?: unknown[]) => Promise<unknown>;

/**
 * TOTP keys at rest: room for an encrypted key, and the keys stored readable so far encrypted with
 * SECRETS_KEY when it is set (AES-256-GCM in the `v1:<nonce>:<tag>:<ciphertext>` form of
 * src/server/lib/secrets.ts, written out here so the migration stays as it is when that file changes).
 * Without SECRETS_KEY nothing is encrypted: the keys stay readable, and each is encrypted at its next
 * accepted code once the key is set (second-factor.ts). The only export is the class: the migrator takes
 * a file's first exported function as its migration.
 */
export class Migration20261129100000_totp_secrets_sealed extends Migration {

  override name = 'Migration20261129100000_totp_secrets_sealed';

  /** Encrypt the readable keys with `hexKey` (SECRETS_KEY); none without it. Returns how many. */
  static async sealReadable(execute: Execute, hexKey: string | undefined): Promise<number> {
    if (!hexKey || !/^[0-9a-fA-F]{64}$/.test(hexKey)) return 0;
    const key = Buffer.from(hexKey, 'hex');
    const rows = (await execute(`select "id", "secret" from "user_totp" where "secret" ~ '^[A-Z2-7]+=*$'`)) as {
      id: number;
      secret: string;
    }[];
    for (const row of rows) {
      const nonce = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(row.secret, 'utf8'), cipher.final()]);
      const sealed = ['v1', ...[nonce, cipher.getAuthTag(), body].map((b) => b.toString('base64url'))].join(':');
      await execute(`update "user_totp" set "secret" = ? where "id" = ? and "secret" = ?`, [sealed, row.id, row.secret]);
    }
    return rows.length;
  }

  override async up(): Promise<void> {
    await this.execute(`alter table "user_totp" alter column "secret" type varchar(200) using ("secret"::varchar(200));`);
    await Migration20261129100000_totp_secrets_sealed.sealReadable((sql, params) => this.execute(sql, params), process.env.SECRETS_KEY);
  }

  override down(): void | Promise<void> {
    // Encrypted keys do not fit the old column: those users set up their authenticator again.
    this.addSql(`delete from "user_totp" where length("secret") > 64;`);
    this.addSql(`alter table "user_totp" alter column "secret" type varchar(64) using ("secret"::varchar(64));`);
  }

}
