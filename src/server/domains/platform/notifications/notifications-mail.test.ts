// Notifications in the reader's language and by e-mail as each user chose (real SMTP server in process):
// a French user reads French in the app; a kind set to e-mail arrives at once, one set to off does not
// arrive at all; the digest holds exactly that user's owed items, and only at 07:00 in their time zone.
import { afterAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';
import { startTestSmtp } from '../../../testing/smtp.ts';
import { type MailDelivery, startMailDelivery } from '../outbox/outbox.delivery.ts';
import { emailOwedNotifications, sendDigests } from './notifications.mail.ts';
import { notice, sendNotifications } from './notifications.refs.ts';

const PUBLIC_URL = 'https://ops.example.com';
const smtp = await startTestSmtp();
const t = await setupTestApp({ PUBLIC_URL, SMTP_URL: smtp.url, MAIL_FROM: 'ops@example.com' });
const delivery: MailDelivery = await startMailDelivery({
  orm: t.orm,
  connectionString: t.databaseUrl,
  signals: t.app.signals,
  mail: t.config.mail!,
  publicUrl: PUBLIC_URL,
  pollingIntervalSeconds: 0.5,
  beforeDispatch: (em) => emailOwedNotifications(em, PUBLIC_URL),
  onError: () => undefined,
});
afterAll(() => delivery.stop());

async function idOf(email: string): Promise<number> {
  const caller = await t.caller(email);
  return (await caller.account.get()).id;
}

describe('notifications by preference and language', () => {
  it('a French inspector reads French in the app and gets the reminder by e-mail (the role’s default)', async () => {
    const qc = await t.caller('qualitycontrol@demo.com');
    const me = await qc.account.get();
    await qc.account.update({ fullName: me.fullName, language: 'fr', avatarFileId: me.avatarFileId });
    expect((await qc.notifications.preferences()).channels.reminders).toBe('email');
    await t.orm.em.fork().transactional((em) =>
      sendNotifications(em, [
        {
          userId: me.id,
          kind: 'reminders',
          link: '/tasks',
          ...notice('visitReminder', {
            visit: 'L-7 <Lyon>',
            when: { at: '2031-05-10T09:30:00.000Z', zone: 'Europe/Paris' },
          }),
        },
      ]),
    );
    const [latest] = (await (await t.caller('qualitycontrol@demo.com')).notifications.list({})).items;
    expect(latest.title).toBe('Visite imminente');
    // The visit's time in French, on the location's clock, its zone named (the reader's own is not known).
    expect(latest.body.replace(/\s/g, ' ')).toBe(
      'Votre visite à L-7 <Lyon> le 10 mai 2031, 11:30 (Europe/Paris) commence bientôt.',
    );
    const [got] = await smtp.waitFor('qualitycontrol@demo.com');
    expect(got.mail.subject).toBe('Visite imminente');
    expect(got.mail.html).toContain('L-7 &lt;Lyon&gt;');
    expect(got.mail.text).toContain(`${PUBLIC_URL}/tasks`);
    expect(got.mail.text).toContain(`${PUBLIC_URL}/pages/account-settings/notifications`);
  });

  it('respects each kind’s channel: off sends nothing, app only in the app, digest waits for 07:00 in the user’s zone', async () => {
    const analyst = await t.caller('analyst@demo.com');
    const id = await idOf('analyst@demo.com');
    await analyst.notifications.setPreferences({
      channels: { actions: 'off', planning: 'app', reviews: 'digest' },
      timeZone: 'Asia/Tokyo',
    });
    const before = (await analyst.notifications.list({})).total;
    await t.orm.em.fork().transactional((em) =>
      sendNotifications(em, [
        {
          userId: id,
          kind: 'actions',
          link: '/tasks',
          ...notice('actionOverdue', { question: 'Q', where: 'W', due: 'D' }),
        },
        { userId: id, kind: 'planning', link: '/tasks', title: 'Visits planned', body: 'Two visits' },
        {
          userId: id,
          kind: 'reviews',
          link: '/tasks/viewTask/1',
          ...notice('taskApproved', { who: 'Ann', project: 'P1', location: 'L1' }),
        },
        {
          userId: id,
          kind: 'reviews',
          link: '/tasks/viewTask/2',
          ...notice('taskRejected', { who: 'Ann', project: 'P2', location: 'L2', reason: 'blurry' }),
        },
      ]),
    );
    expect((await analyst.notifications.list({})).total).toBe(before + 3);
    // Another customer's user with a digest item of their own, the same hour.
    const nws = await idOf('qualitycontrol@nws.demo.com');
    await (await t.caller('qualitycontrol@nws.demo.com')).notifications.setPreferences({
      channels: { reviews: 'digest' },
      timeZone: 'Asia/Tokyo',
    });
    await t.orm.em.fork().transactional((em) =>
      sendNotifications(em, [
        {
          userId: nws,
          kind: 'reviews',
          link: '/tasks',
          ...notice('taskApproved', { who: 'X', project: 'NWS-SECRET', location: 'L' }),
        },
      ]),
    );
    // 06:30 in Tokyo: nothing yet; 07:10 there: the digest.
    expect(await sendDigests(t.orm.em, PUBLIC_URL, new Date('2026-11-29T21:30:00Z'))).toEqual([]);
    const sent = await sendDigests(t.orm.em, PUBLIC_URL, new Date('2026-11-29T22:10:00Z'));
    expect(sent).toContain(id);
    await delivery.dispatch();
    const [digest] = await smtp.waitFor('analyst@demo.com');
    expect(digest.mail.subject).toBe('Your Opsdesk day: 2 updates');
    expect(digest.mail.text).toContain('Ann approved P1 at L1.');
    expect(digest.mail.text).toContain('Reason: blurry');
    expect(digest.mail.text).not.toContain('NWS-SECRET');
    // The action set to off is not in it (matched by its title: a link's token may hold any letter).
    expect(digest.mail.text).not.toContain('Corrective action overdue');
    expect(digest.mail.text).not.toContain('"Q"');
    // Once: the next run has nothing for them.
    expect(await sendDigests(t.orm.em, PUBLIC_URL, new Date('2026-11-29T22:20:00Z'))).not.toContain(id);
    expect(smtp.received.filter((m) => m.rcptTo.includes('analyst@demo.com'))).toHaveLength(1);
  });
});
