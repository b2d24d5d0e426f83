// The e-mail composer's server side: drafts saved and continued, sending to Sent, attachments only from
// the caller's own uploads, and the message's HTML kept to its safe subset (never a script or a handler).
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../../lib/html.ts';
import { setupTestApp } from '../../../testing/app.ts';

const t = await setupTestApp();

async function uploadPng(email: string): Promise<number> {
  const sharp = (await import('sharp')).default;
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const boundary = 'b0undary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plan.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.request({
    method: 'POST',
    url: '/api/files',
    as: email,
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

const HOSTILE = [
  '<p>Hello <strong>team</strong></p>',
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(2)">',
  '<a href="javascript:alert(3)" onclick="alert(4)">click</a>',
  '<a href="https://example.org/report">report</a>',
  '<iframe src="https://evil.example"></iframe><svg><script>alert(5)</script></svg>',
  '<p style="background:url(javascript:alert(6))" onmouseover="alert(7)">styled</p>',
].join('');

function expectSafe(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/\bon\w+\s*=/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/<iframe|<img|<svg|style=/i);
}

describe('rich text sanitising', () => {
  it('keeps formatting and safe links, drops scripts, handlers, javascript: links, images and styles', async () => {
    const clean = await sanitizeRichText(HOSTILE);
    expectSafe(clean);
    expect(clean).toContain('<p>Hello <strong>team</strong></p>');
    expect(clean).toContain(
      '<a href="https://example.org/report" rel="noopener noreferrer nofollow" target="_blank">report</a>',
    );
    expect(clean).toContain('styled');
  });
});

describe('apps.email compose (tRPC and REST)', () => {
  it('sends a sanitised e-mail with an attachment that lands in Sent', async () => {
    const api = await t.caller('admin@demo.com');
    const fileId = await uploadPng('admin@demo.com');
    const sent = await api.apps.email.send({
      to: ['Analyst@Demo.com'],
      subject: 'Weekly plan',
      message: HOSTILE,
      attachments: [fileId],
    });
    expect(sent).toMatchObject({
      folder: 'sent',
      subject: 'Weekly plan',
      to: [{ email: 'analyst@demo.com' }],
      from: { email: 'admin@demo.com' },
    });
    expectSafe(sent.message);
    expect(sent.attachments).toHaveLength(1);
    expect(sent.attachments[0]).toMatchObject({
      fileName: 'plan.png',
      thumbnail: `/api/files/${fileId}?thumbnail=1`,
      url: `/api/files/${fileId}`,
    });
    expect(sent.attachments[0].size).toMatch(/B$/);

    const box = await api.apps.email.list({ filter: 'sent' });
    const found = box.emails.find((e) => e.id === sent.id);
    expect(found?.subject).toBe('Weekly plan');
    expectSafe(found!.message);
    // Nobody else's mailbox holds it.
    const other = await (await t.caller('analyst@demo.com')).apps.email.list({ filter: 'sent' });
    expect(other.emails.some((e) => e.id === sent.id)).toBe(false);
  });

  it('autosaves a draft, continues it, then sends it (the draft becomes the sent e-mail)', async () => {
    const api = await t.caller('floormanager@demo.com');
    const before = (await api.apps.email.list({ filter: 'draft' })).emailsMeta.draft;
    const draft = await api.apps.email.saveDraft({
      to: [],
      subject: 'Half written',
      message: '<p>First</p><img src=x onerror=alert(1)>',
    });
    expect(draft.folder).toBe('draft');
    expectSafe(draft.message);
    const again = await api.apps.email.saveDraft({
      id: draft.id,
      to: ['qualitycontrol@demo.com'],
      subject: 'Half written',
      message: '<p>First and second</p>',
    });
    expect(again.id).toBe(draft.id);
    expect((await api.apps.email.list({ filter: 'draft' })).emailsMeta.draft).toBe(before + 1);

    const sent = await api.apps.email.send({
      id: draft.id,
      to: ['qualitycontrol@demo.com'],
      subject: 'Done',
      message: '<p>Final</p>',
    });
    expect(sent).toMatchObject({ id: draft.id, folder: 'sent', message: '<p>Final</p>' });
    expect((await api.apps.email.list({ filter: 'draft' })).emailsMeta.draft).toBe(before);
    // A sent e-mail is no draft any more, and another user's draft is not found.
    await expect(api.apps.email.saveDraft({ id: draft.id, to: [], message: '' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const theirs = await (await t.caller('admin@demo.com')).apps.email.saveDraft({ to: [], subject: 'Mine' });
    await expect(api.apps.email.send({ id: theirs.id, to: ['a@b.co'] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses with a 400 naming the field: no recipient, a bad address, someone else’s file', async () => {
    const fileId = await uploadPng('admin@demo.com');
    const send = (as: string, payload: object) =>
      t.request({ method: 'POST', url: '/api/apps/email/send', as, payload });
    const noOne = await send('admin@demo.com', { to: [], subject: 'x' });
    expect(noOne.statusCode).toBe(400);
    expect(noOne.body).toContain('to');
    const bad = await send('admin@demo.com', { to: ['not-an-address'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enter valid e-mail addresses');
    const stolen = await send('analyst@demo.com', { to: ['a@b.co'], attachments: [fileId] });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.body).toContain('attachments');
    const ok = await t.request({
      method: 'POST',
      url: '/api/apps/email/drafts',
      as: 'admin@demo.com',
      payload: { to: [], message: '<b onclick="x()">hi</b>' },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<{ message: string }>().message).toBe('<b>hi</b>');
    const client = await t.caller('client@demo.com');
    await expect(client.apps.email.send({ to: ['a@b.co'] })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
