// The outbox: queued mail is written in the caller's transaction (nothing of a rolled-back change
// stays) and reported by the outbox that app.ts composed (no module-level logger).
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';
import { OutboxEmail } from './outbox.entity.ts';
import { createOutbox, type OutgoingEmail } from './outbox.service.ts';

const t = await setupTestApp();

describe('outbox', () => {
  it('stores a queued e-mail with the caller’s transaction and reports it through its own report', async () => {
    const reported: OutgoingEmail[] = [];
    const outbox = createOutbox((mail) => reported.push(mail));
    const other: OutgoingEmail[] = [];
    createOutbox((mail) => other.push(mail));
    const mail = { to: 'outbox-test@acme.example', subject: 'Hello', body: 'A body', kind: 'test' };
    await t.orm.em
      .fork()
      .transactional(async (em) => {
        await outbox.queueEmail(em, { ...mail, to: 'rolled-back@acme.example' });
        throw new Error('the change fails');
      })
      .catch(() => undefined);
    expect(await t.orm.em.fork().count(OutboxEmail, { to: 'rolled-back@acme.example' })).toBe(0);
    await t.orm.em.fork().transactional((em) => outbox.queueEmail(em, mail));
    expect(reported.map((m) => m.to)).toEqual(['rolled-back@acme.example', mail.to]);
    expect(other).toEqual([]);
    const stored = await t.orm.em.fork().findOneOrFail(OutboxEmail, { to: mail.to });
    expect({ to: stored.to, subject: stored.subject, body: stored.body, kind: stored.kind }).toEqual(mail);
    expect(stored.status).toBe('queued');
  });

  it('is composed per app', () => {
    expect(typeof t.app.outbox.queueEmail).toBe('function');
  });

  it('lists mail to the superadmin, matching a search literally', async () => {
    const em = t.orm.em.fork();
    await createOutbox(() => {}).queueEmail(em, {
      to: 'percent@acme.example',
      subject: '100% done',
      body: '',
      kind: 'test',
    });
    await createOutbox(() => {}).queueEmail(em, {
      to: 'plain@acme.example',
      subject: '100 done',
      body: '',
      kind: 'test',
    });
    const superadmin = await t.caller('superadmin@demo.com');
    const found = await superadmin.outbox.list({ q: '0% d' });
    expect(found.items.map((m) => m.to)).toEqual(['percent@acme.example']);
  });
});

describe('the superadmin’s deliveries', () => {
  it('shows status, attempts and the last error, and sends a failed e-mail again', async () => {
    const em = t.orm.em.fork();
    await createOutbox(() => {}).queueEmail(em, { to: 'refused@acme.example', subject: 'S', body: 'B', kind: 'test' });
    await em.nativeUpdate(
      OutboxEmail,
      { to: 'refused@acme.example' },
      { status: 'failed', attempts: 1, lastError: '550 5.1.1 no such user' },
    );
    const superadmin = await t.caller('superadmin@demo.com');
    const [failed] = (await superadmin.outbox.list({ status: 'failed' })).items;
    expect(failed).toMatchObject({
      to: 'refused@acme.example',
      status: 'failed',
      attempts: 1,
      lastError: '550 5.1.1 no such user',
    });
    expect(await superadmin.outbox.resend({ id: failed.id })).toEqual({ id: failed.id, status: 'queued' });
    expect((await t.orm.em.fork().findOneOrFail(OutboxEmail, { id: failed.id })).attempts).toBe(0);
    await expect(superadmin.outbox.resend({ id: failed.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    const admin = await t.caller('admin@demo.com');
    await expect(admin.outbox.resend({ id: failed.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
