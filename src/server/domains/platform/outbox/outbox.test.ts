// The outbox: queued mail is stored with the caller's unit of work and reported by the outbox that
// app.ts composed (no module-level logger).
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';
import { OutboxEmail } from './outbox.entity.ts';
import { createOutbox, type OutgoingEmail } from './outbox.service.ts';

const t = await setupTestApp();

describe('outbox', () => {
  it('stores a queued e-mail on flush and reports it through its own report', async () => {
    const reported: OutgoingEmail[] = [];
    const outbox = createOutbox((mail) => reported.push(mail));
    const other: OutgoingEmail[] = [];
    createOutbox((mail) => other.push(mail));
    const mail = { to: 'outbox-test@acme.example', subject: 'Hello', body: 'A body', kind: 'test' };
    const em = t.orm.em.fork();
    await outbox.queueEmail(em, mail);
    expect(reported).toEqual([mail]);
    expect(other).toEqual([]);
    expect(await t.orm.em.fork().count(OutboxEmail, { to: mail.to })).toBe(0);
    await em.flush();
    const stored = await t.orm.em.fork().findOneOrFail(OutboxEmail, { to: mail.to });
    expect({ to: stored.to, subject: stored.subject, body: stored.body, kind: stored.kind }).toEqual(mail);
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
    await em.flush();
    const superadmin = await t.caller('superadmin@demo.com');
    const found = await superadmin.outbox.list({ q: '0% d' });
    expect(found.items.map((m) => m.to)).toEqual(['percent@acme.example']);
  });
});
