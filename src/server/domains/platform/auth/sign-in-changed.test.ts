// A change to how a person signs in is told to them by e-mail (a security one: always sent, no
// unsubscribe), in their language, with the time on their customer's clock and a link to their sign-in
// settings, queued in the change's own transaction: a refused change says nothing. Passkeys are added in
// passkeys.browser.test.ts (a real authenticator); here one is removed.
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/kysely.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { awaitFreshStep, totpCode } from '../../../testing/totp.ts';
import { OutboxEmail } from '../outbox/outbox.entity.ts';

const t = await setupTestApp({ PUBLIC_URL: 'https://ops.example.com' });
const k = () => db(t.orm.em.fork());

const notices = (to: string) =>
  t.orm.em.fork().find(OutboxEmail, { to, kind: 'security-notice' }, { orderBy: { id: 'asc' } });

describe('e-mails about a change to how one signs in', () => {
  it('tells of a new password, in the reader’s language, and of nothing when the change is refused', async () => {
    const caller = await t.caller('analyst@demo.com');
    await expect(
      caller.account.changePassword({ currentPassword: 'not-it', newPassword: 'Plum-Orchard-Lantern-82' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await notices('analyst@demo.com')).toEqual([]);

    await caller.account.changePassword({ currentPassword: 'analyst', newPassword: 'Plum-Orchard-Lantern-82' });
    const [mail] = await notices('analyst@demo.com');
    expect(mail.subject).toBe('Your Opsdesk password was changed');
    expect(mail.body).toContain('The password of your Opsdesk account was changed on ');
    expect(mail.body).toContain('https://ops.example.com/pages/account-settings/security');
    // Not "ignore this if you did not ask" (nobody asks for it), and a security e-mail: no preferences link,
    // no one-click unsubscribe.
    expect(mail.body).not.toContain('you can ignore this e-mail');
    expect(mail.body).not.toContain('/pages/account-settings/notifications');
    expect(mail.listUnsubscribe ?? null).toBeNull();

    await k().updateTable('users').set({ language: 'fr' }).where('email', '=', 'businessuser@demo.com').execute();
    const french = await t.caller('businessuser@demo.com');
    await french.account.changePassword({ currentPassword: 'businessuser', newPassword: 'Prune-Verger-Lanterne-82' });
    const [fr] = await notices('businessuser@demo.com');
    expect(fr.subject).toBe('Votre mot de passe Opsdesk a été changé');
    expect(fr.language).toBe('fr');
  });

  it('tells of two-step sign-in turned on, new recovery codes, two-step sign-in turned off', async () => {
    await awaitFreshStep();
    const caller = await t.caller('floormanager@demo.com');
    const { secret } = await caller.account.twoFactor.setup();
    await caller.account.twoFactor.enable({ code: totpCode(secret, -1) });
    const renewed = await caller.account.twoFactor.regenerateRecoveryCodes({ code: totpCode(secret, 0) });
    await expect(
      caller.account.twoFactor.disable({ password: 'wrong', code: renewed.recoveryCodes[0] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await caller.account.twoFactor.disable({ password: 'floormanager', code: renewed.recoveryCodes[0] });
    expect((await notices('floormanager@demo.com')).map((m) => m.subject)).toEqual([
      'Two-step sign-in is on',
      'New recovery codes',
      'Two-step sign-in is off',
    ]);
  });

  it('tells of a passkey removed, by its name', async () => {
    const caller = await t.caller('teamleader@demo.com');
    const owner = await k()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'teamleader@demo.com')
      .executeTakeFirstOrThrow();
    const { id } = await k()
      .insertInto('passkeys')
      .values({
        user_id: owner.id,
        credential_id: 'credential-of-the-work-phone',
        public_key: 'not-used-here',
        counter: 0,
        transports: null,
        device_type: 'singleDevice',
        backed_up: false,
        name: 'Work phone',
        last_used_at: null,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await caller.account.passkeys.remove({ id });
    const [mail] = await notices('teamleader@demo.com');
    expect(mail.subject).toBe('A passkey was removed');
    expect(mail.body).toContain('The passkey “Work phone” was removed from your Opsdesk account on ');
  });
});
