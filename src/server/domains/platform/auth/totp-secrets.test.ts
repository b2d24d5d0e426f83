// TOTP keys at rest: with SECRETS_KEY they are stored encrypted (the raw column holds no key, and no
// code's worth of it), sign-in still takes a code computed by an independent library; a key stored
// readable before SECRETS_KEY was set is encrypted by the migration, or at its next accepted code; without
// SECRETS_KEY keys stay readable (as webhook secrets do) and still work.
import { describe, expect, it } from 'vitest';
import { Migration20261129100000_totp_secrets_sealed as TotpMigration } from '../../../../../migrations/Migration20261129100000_totp_secrets_sealed.ts';
import { decryptSecret } from '../../../lib/secrets.ts';
import { setupTestApp, type TestApp } from '../../../testing/app.ts';
import { awaitFreshStep, totpCode } from '../../../testing/totp.ts';

const SECRETS_KEY = 'b2'.repeat(32);
const sealed = await setupTestApp({ SECRETS_KEY });
const clear = await setupTestApp();

async function rawSecret(app: TestApp, email: string): Promise<string> {
  const rows = await app.orm.em
    .getConnection()
    .execute<{ secret: string }[]>(
      'select t.secret from user_totp t join users u on u.id = t.user_id where u.email = ?',
      [email],
    );
  return rows[0].secret;
}

function restLogin(app: TestApp, email: string, password: string, otp: string) {
  return app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, otp } });
}

describe('TOTP keys at rest', () => {
  it('are stored encrypted with SECRETS_KEY, and sign-in still takes the code', async () => {
    await awaitFreshStep();
    const me = await sealed.caller('analyst@demo.com');
    const { secret } = await me.account.twoFactor.setup();
    const stored = await rawSecret(sealed, 'analyst@demo.com');
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(secret);
    expect(decryptSecret(Buffer.from(SECRETS_KEY, 'hex'), stored)).toBe(secret);
    await me.account.twoFactor.enable({ code: totpCode(secret, -1) });
    const res = await restLogin(sealed, 'analyst@demo.com', 'analyst', totpCode(secret));
    expect(res.statusCode).toBe(201);
    // No key of anyone is left readable in the column.
    const readable = await sealed.orm.em
      .getConnection()
      .execute<{ n: number }[]>(`select count(*)::int as n from user_totp where secret ~ '^[A-Z2-7]+=*$'`);
    expect(readable[0].n).toBe(0);
  });

  it('encrypts the keys stored readable: by the migration, or at the next accepted code', async () => {
    await awaitFreshStep();
    // Two keys stored readable, as before SECRETS_KEY was set.
    const connection = sealed.orm.em.getConnection();
    const plain = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    for (const email of ['floormanager@demo.com', 'teamleader@demo.com']) {
      await connection.execute(
        `insert into user_totp (user_id, secret, enabled_at, last_step, created_at, updated_at)
         select id, ?, now(), null, now(), now() from users where email = ?`,
        [plain, email],
      );
    }
    // The next accepted code encrypts it in the same update.
    const res = await restLogin(sealed, 'teamleader@demo.com', 'teamleader', totpCode(plain));
    expect(res.statusCode).toBe(201);
    expect(await rawSecret(sealed, 'teamleader@demo.com')).toMatch(/^v1:/);
    // The migration encrypts what is left; without SECRETS_KEY it leaves them as they are.
    const execute = (sql: string, params?: unknown[]) => connection.execute(sql, params);
    expect(await TotpMigration.sealReadable(execute, undefined)).toBe(0);
    expect(await rawSecret(sealed, 'floormanager@demo.com')).toBe(plain);
    expect(await TotpMigration.sealReadable(execute, SECRETS_KEY)).toBe(1);
    const stored = await rawSecret(sealed, 'floormanager@demo.com');
    expect(stored).not.toContain(plain);
    expect(decryptSecret(Buffer.from(SECRETS_KEY, 'hex'), stored)).toBe(plain);
    await awaitFreshStep();
    expect((await restLogin(sealed, 'floormanager@demo.com', 'floormanager', totpCode(plain))).statusCode).toBe(201);
  });

  it('stay readable without SECRETS_KEY, and work', async () => {
    await awaitFreshStep();
    const me = await clear.caller('analyst@demo.com');
    const { secret } = await me.account.twoFactor.setup();
    expect(await rawSecret(clear, 'analyst@demo.com')).toBe(secret);
    await me.account.twoFactor.enable({ code: totpCode(secret, -1) });
    expect((await restLogin(clear, 'analyst@demo.com', 'analyst', totpCode(secret))).statusCode).toBe(201);
  });
});
