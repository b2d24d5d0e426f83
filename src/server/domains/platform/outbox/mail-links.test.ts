// What arrives at a real SMTP server (smtp-server in the test process, parsed by mailparser): a notification
// e-mail carries a signed unsubscribe link and the RFC 8058 headers; the one-click POST turns that kind off
// without signing in, and anything tampered with is a 400 (never a 500); security e-mail has neither; a sent
// invoice arrives with its PDF attached.
import superjson from 'superjson';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';
import { startTestSmtp } from '../../../testing/smtp.ts';
import { codeOf } from '../../../testing/trpc.ts';
import { settleAccountMail } from '../auth/auth.service.ts';
import { emailOwedNotifications } from '../notifications/notifications.mail.ts';
import { notice, sendNotifications } from '../notifications/notifications.refs.ts';
import { type MailDelivery, startMailDelivery } from './outbox.delivery.ts';

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

/** The message's headers as one line each (a long header may be folded on the wire). */
const headersOf = (raw: string) => raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');

function oneClick(token: string) {
  return t.request({
    method: 'POST',
    url: `/api/unsubscribe?token=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
}

async function overdueFor(userId: number, where: string) {
  await t.orm.em.fork().transactional((em) =>
    sendNotifications(em, [
      {
        userId,
        kind: 'actions',
        link: '/tasks/actions',
        ...notice('actionOverdue', { question: 'Fire exits clear', where, due: '2026-11-20' }),
      },
    ]),
  );
}

describe('unsubscribing from an e-mail', () => {
  it('a notification e-mail carries the link and RFC 8058 headers; one click turns its kind off, no sign-in needed', async () => {
    const floor = await t.caller('floormanager@demo.com');
    const me = await floor.account.get();
    expect((await floor.notifications.preferences()).channels.actions).toBe('email');
    await overdueFor(me.id, 'Store 1');
    const [got] = await smtp.waitFor('floormanager@demo.com');
    const headers = headersOf(got.raw);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const header = /^List-Unsubscribe: <([^>]+)>/m.exec(headers)?.[1] ?? '';
    const url = new URL(header);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/api/unsubscribe`);
    const token = url.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    // The body's link opens the page that asks first (a scanner opening it changes nothing).
    expect(got.mail.text).toContain(`${PUBLIC_URL}/unsubscribe?token=${token}`);
    expect(got.mail.html).toContain(`${PUBLIC_URL}/unsubscribe?token=${token}`);

    // Tampered with, truncated, or made up: 400, and nothing changes.
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ u: me.id + 1, k: 'actions' })).toString('base64url');
    for (const bad of [
      `${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      `${forged}.${signature}`,
      `${payload}.`,
      `${token}.extra`,
      'not-a-token',
      '',
      'x'.repeat(400),
      `${payload}.${signature}%00`,
    ]) {
      const res = await oneClick(bad);
      expect(res.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, bad).toBeLessThan(500);
      if (bad.length > 0 && bad.length <= 300)
        expect(await codeOf(t.createAnonCaller().notifications.unsubscribeInfo({ token: bad })), bad).toBe(
          'BAD_REQUEST',
        );
    }
    expect((await floor.notifications.preferences()).channels.actions).toBe('email');

    // A browser that opens the header's address lands on the page.
    const opened = await t.request({ method: 'GET', url: `/api/unsubscribe?token=${token}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/unsubscribe?token=${token}`);

    // What the page shows, signed out.
    const anon = t.createAnonCaller();
    const info = await anon.notifications.unsubscribeInfo({ token });
    expect(info).toMatchObject({ topic: 'actions', email: 'floormanager@demo.com' });
    expect(info.emailed).toContain('actions');
    expect(info.emailed).toContain('missed');

    // The mail client's one click.
    const res = await oneClick(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ topic: 'actions' });
    const after = (await floor.notifications.preferences()).channels;
    expect(after.actions).toBe('app');
    expect(after.missed).toBe('email');
    // Again: still fine (a client may post twice).
    expect((await oneClick(token)).statusCode).toBe(200);

    // The next overdue action shows in the app and sends no e-mail.
    await overdueFor(me.id, 'Store 2');
    await delivery.dispatch();
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received.filter((m) => m.rcptTo.includes('floormanager@demo.com'))).toHaveLength(1);
    expect((await floor.notifications.list({})).items[0].body).toContain('Store 2');

    // "Every optional e-mail": nothing is e-mailed any more; security e-mail is not a choice at all.
    expect(await anon.notifications.unsubscribe({ token, scope: 'all' })).toMatchObject({ emailed: [] });
    const channels = Object.values((await floor.notifications.preferences()).channels);
    expect(channels.filter((c) => c === 'email' || c === 'digest')).toEqual([]);
  });

  it('security e-mail (a reset link) carries no unsubscribe link or header', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/trpc/auth.forgotPassword',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(superjson.serialize({ email: 'teamleader@demo.com' })),
    });
    expect(res.statusCode).toBe(200);
    await settleAccountMail();
    const [got] = await smtp.waitFor('teamleader@demo.com', 1, 15_000);
    expect(headersOf(got.raw)).not.toMatch(/^List-Unsubscribe/im);
    expect(got.mail.text).not.toContain('/unsubscribe');
  });
});

describe('a sent invoice', () => {
  it('arrives with its PDF attached: the invoice of the sender’s own copy, its issuer, lines and totals in dollars', async () => {
    const invoices = (await t.caller('admin@demo.com')).apps.invoice;
    const [client] = await invoices.clientOptions({});
    const created = await invoices.create({
      clientId: client.id,
      issuedDate: '2026-11-02',
      dueDate: '2026-11-30',
      items: [{ description: 'Quarterly store audit', quantity: 2, price: 150 }],
      taxRate: 20,
      discount: 0,
      note: 'Thank you',
    });
    await invoices.send({ id: created.id, to: 'billing@client.example', message: 'Here is the invoice.' });
    const [got] = await smtp.waitFor('billing@client.example');
    expect(got.mail.subject).toMatch(new RegExp(`^Invoice #${created.id} from `));
    expect(got.mail.text).toContain('Here is the invoice.');
    expect(got.mail.text).toContain('Total: 360.00');
    expect(headersOf(got.raw)).not.toMatch(/^List-Unsubscribe/im);
    expect(got.mail.attachments).toHaveLength(1);
    const [pdf] = got.mail.attachments;
    expect(pdf).toMatchObject({ filename: `invoice-${created.id}.pdf`, contentType: 'application/pdf' });
    expect(pdf.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.content)), { mergePages: true });
    expect(text).toContain(`Invoice #${created.id}`);
    expect(text).toContain('Quarterly store audit');
    expect(text).toContain('$360.00');
    expect(text).toContain('$150.00');
    expect(text).toContain(client.company);
    // The issuer block: the sender's organisation, its street, city and country.
    expect(text).toContain('Acme Retail Group');
    expect(text).toContain('12 quai Perrache');
    expect(text).toContain('Lyon, France');
  });
});
