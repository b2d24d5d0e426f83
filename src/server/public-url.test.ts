// Links in e-mails start with PUBLIC_URL, whatever Host (or X-Forwarded-Host, even from a trusted proxy)
// a request names: a forged Host must never turn a reset link or an invitation into a link to the forger.
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { settleAccountMail } from './domains/platform/auth/auth.service.ts';
import { OutboxEmail } from './domains/platform/outbox/outbox.entity.ts';
import { setupTestApp } from './testing/app.ts';

const PUBLIC_URL = 'https://ops.example.com';
const t = await setupTestApp({ PUBLIC_URL, TRUST_PROXY: 'true' });
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };

/** A tRPC mutation over HTTP with the forged headers, as `as` (bearer) or anonymous. */
async function mutate(path: string, input: unknown, as?: string) {
  const res = await t.request({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { ...FORGED, 'content-type': 'application/json' },
    payload: JSON.stringify(superjson.serialize(input)),
    as,
  });
  expect(res.statusCode, res.body).toBe(200);
  return superjson.deserialize<{ id: number }>(res.json<{ result: { data: never } }>().result.data);
}

async function mailTo(to: string, kind: string): Promise<string> {
  await settleAccountMail();
  const mail = await t.orm.em.fork().findOneOrFail(OutboxEmail, { to, kind }, { orderBy: { id: 'desc' } });
  return mail.body;
}

/** Every http(s) link in an e-mail body (without the sentence's punctuation after it). */
const linksIn = (body: string) => (body.match(/https?:\/\/\S+/g) ?? []).map((link) => link.replace(/[.,]+$/, ''));

describe('links in e-mails', () => {
  it('a reset link asked for with a forged Host starts with PUBLIC_URL', async () => {
    await mutate('auth.forgotPassword', { email: 'analyst@demo.com' });
    const body = await mailTo('analyst@demo.com', 'password-reset');
    expect(linksIn(body)).toEqual([
      expect.stringMatching(/^https:\/\/ops\.example\.com\/reset-password\?token=[\w-]{20,}$/),
    ]);
    expect(body).not.toContain('evil.example');
  });

  it('so do the notice of a registration with a taken address, an invitation and a sent invoice', async () => {
    await mutate('auth.register', {
      fullName: 'Someone Else',
      email: 'teamleader@demo.com',
      password: 'Another-Secret-1',
      customerCode: 'ACME',
    });
    const notice = await mailTo('teamleader@demo.com', 'registration-attempt');
    expect(linksIn(notice)).toEqual([`${PUBLIC_URL}/login`]);

    await mutate(
      'users.create',
      { email: 'invited@acme.example', fullName: 'Invited Person', role: 'analyst' },
      'admin@demo.com',
    );
    const invitation = await mailTo('invited@acme.example', 'invitation');
    expect(linksIn(invitation)).toEqual([
      expect.stringMatching(/^https:\/\/ops\.example\.com\/reset-password\?token=[\w-]{20,}$/),
    ]);

    const clients = await t.request({
      method: 'GET',
      url: `/trpc/apps.invoice.clientOptions?input=${encodeURIComponent(JSON.stringify(superjson.serialize({})))}`,
      headers: FORGED,
      as: 'admin@demo.com',
    });
    const [client] = superjson.deserialize<{ id: number }[]>(clients.json<{ result: { data: never } }>().result.data);
    const invoice = await mutate(
      'apps.invoice.create',
      {
        clientId: client.id,
        issuedDate: '2026-11-02',
        dueDate: '2026-11-30',
        items: [{ description: 'Audit', quantity: 1, price: 100 }],
        taxRate: 0,
        discount: 0,
        note: '',
      },
      'admin@demo.com',
    );
    await mutate('apps.invoice.send', { id: invoice.id, to: 'billing@client.example', message: '' }, 'admin@demo.com');
    const sent = await mailTo('billing@client.example', 'invoice');
    expect(linksIn(sent)).toEqual([`${PUBLIC_URL}/apps/invoice/preview/${invoice.id}`]);
    for (const body of [notice, invitation, sent]) expect(body).not.toContain('evil.example');
  });
});
