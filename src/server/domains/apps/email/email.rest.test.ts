import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';

const t = await setupTestApp();
const AS = 'teamleader@demo.com';
const FOLDERS = ['inbox', 'draft', 'spam', 'sent'] as const;

interface EmailBody {
  id: number;
  from: { email: string; name: string; avatar: string };
  to: { email: string; name: string }[];
  subject: string;
  message: string;
  attachments: { fileName: string; thumbnail: string; url: string; size: string }[];
  labels: string[];
  time: string;
  replies: { id: number; time: string; subject: string }[];
  folder: string;
  isRead: boolean;
  isStarred: boolean;
  isDeleted: boolean;
}
interface ListBody {
  emails: EmailBody[];
  emailsMeta: { inbox: number; draft: number; spam: number; star: number };
}

async function get(query = '', as = AS): Promise<ListBody> {
  const res = await t.request({ method: 'GET', url: `/api/apps/email${query}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListBody>();
}

/** Every e-mail of the caller: each folder (not trashed) plus the trash. */
async function everything(as = AS): Promise<EmailBody[]> {
  const lists = await Promise.all([...FOLDERS.map((f) => get(`?filter=${f}`, as)), get('?filter=trashed', as)]);
  return lists.flatMap((l) => l.emails);
}

function post(payload: unknown, as = AS) {
  return t.request({ method: 'POST', url: '/api/apps/email', as, payload: payload as object });
}

describe('GET /api/apps/email', () => {
  it('answers the inbox by default, newest first, addressed to the caller', async () => {
    const body = await get();
    expect(body.emails.length).toBeGreaterThan(0);
    expect(body.emails.every((e) => e.folder === 'inbox' && !e.isDeleted)).toBe(true);
    const times = body.emails.map((e) => new Date(e.time).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(body.emails.every((e) => e.to[0].email === AS)).toBe(true);
    expect(Object.keys(body.emails[0]).sort()).toEqual(
      [
        'attachments',
        'bcc',
        'cc',
        'folder',
        'from',
        'id',
        'isDeleted',
        'isRead',
        'isStarred',
        'labels',
        'message',
        'replies',
        'subject',
        'time',
        'to',
      ].sort(),
    );
    expect(body.emails.some((e) => e.replies.length > 0)).toBe(true);
    for (const e of body.emails)
      for (const r of e.replies) expect(new Date(r.time).getTime()).toBeLessThan(new Date(e.time).getTime());
    const withFile = body.emails.flatMap((e) => e.attachments)[0];
    expect(withFile.url).toMatch(/^data:text\//);
    expect(withFile.size).toMatch(/B$/);
  });

  it('filters by folder, starred and trashed; the trash holds deleted mail still in the inbox folder', async () => {
    const all = await everything();
    for (const folder of FOLDERS) {
      const { emails } = await get(`?filter=${folder}`);
      expect(emails.length).toBeGreaterThan(0);
      expect(emails.every((e) => e.folder === folder && !e.isDeleted)).toBe(true);
    }
    const sent = await get('?filter=sent');
    expect(sent.emails.every((e) => e.from.email === AS)).toBe(true);
    const starred = await get('?filter=starred');
    expect(starred.emails.map((e) => e.id).sort()).toEqual(
      all
        .filter((e) => e.isStarred && !e.isDeleted)
        .map((e) => e.id)
        .sort(),
    );
    const trashed = await get('?filter=trashed');
    expect(trashed.emails.every((e) => e.isDeleted)).toBe(true);
    expect(trashed.emails.some((e) => e.folder === 'inbox')).toBe(true);
  });

  it('filters by label across folders, and by label within a filter', async () => {
    const all = await everything();
    for (const label of ['personal', 'private', 'company', 'important']) {
      const { emails } = await get(`?label=${label}`);
      expect(emails.map((e) => e.id).sort()).toEqual(
        all
          .filter((e) => e.labels.includes(label) && !e.isDeleted)
          .map((e) => e.id)
          .sort(),
      );
    }
    const inboxCompany = await get('?filter=inbox&label=company');
    expect(inboxCompany.emails.map((e) => e.id).sort()).toEqual(
      all
        .filter((e) => e.folder === 'inbox' && !e.isDeleted && e.labels.includes('company'))
        .map((e) => e.id)
        .sort(),
    );
  });

  it('matches q against the sender name or the subject, any case', async () => {
    const inbox = (await get()).emails;
    const sender = inbox[1].from.name.split(' ')[0].toUpperCase();
    const byName = await get(`?q=${encodeURIComponent(sender)}`);
    const expectMatch = (q: string) =>
      inbox
        .filter(
          (e) =>
            e.from.name.toLowerCase().includes(q.toLowerCase()) || e.subject.toLowerCase().includes(q.toLowerCase()),
        )
        .map((e) => e.id);
    expect(byName.emails.map((e) => e.id)).toEqual(expectMatch(sender));
    const word = inbox[0].subject.split(' ')[0].toLowerCase();
    expect((await get(`?q=${encodeURIComponent(word)}`)).emails.map((e) => e.id)).toEqual(expectMatch(word));
    expect((await get('?q=%25%25')).emails).toEqual([]);
  });

  it('counts unread inbox, drafts, unread spam and starred in emailsMeta', async () => {
    const all = await everything();
    const live = all.filter((e) => !e.isDeleted);
    const { emailsMeta } = await get('?filter=sent');
    expect(emailsMeta).toEqual({
      inbox: live.filter((e) => e.folder === 'inbox' && !e.isRead).length,
      draft: live.filter((e) => e.folder === 'draft').length,
      spam: live.filter((e) => e.folder === 'spam' && !e.isRead).length,
      star: live.filter((e) => e.isStarred).length,
    });
    expect(emailsMeta.inbox).toBeGreaterThan(0);
  });

  it('answers 400 naming the valid values for an unknown filter or label', async () => {
    const bad = await t.request({ method: 'GET', url: '/api/apps/email?filter=archive', as: AS });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/inbox, draft, spam, sent, starred, trashed/);
    const label = await t.request({ method: 'GET', url: '/api/apps/email?label=work', as: AS });
    expect(label.statusCode).toBe(400);
    expect(label.json<{ message: string }>().message).toMatch(/personal, private, company, important/);
  });
});

describe('POST /api/apps/email', () => {
  it('toggles a label on the given e-mails (on where missing, off where present): 201, no body', async () => {
    const inbox = (await get()).emails;
    const withLabel = inbox.find((e) => e.labels.includes('important'))!;
    const without = inbox.find((e) => !e.labels.includes('important'))!;
    const res = await post({ ids: [withLabel.id, without.id], label: 'important' });
    expect(res.statusCode).toBe(201);
    expect(res.body).toBe('');
    const after = (await get()).emails;
    expect(after.find((e) => e.id === withLabel.id)!.labels).not.toContain('important');
    expect(after.find((e) => e.id === without.id)!.labels).toContain('important');
  });

  it('merges isRead, isStarred, isDeleted and folder, and the change persists', async () => {
    const before = await get();
    const unread = before.emails.filter((e) => !e.isRead).slice(0, 2);
    expect((await post({ ids: unread.map((e) => e.id), data: { isRead: true } })).statusCode).toBe(201);
    const after = await get();
    expect(after.emailsMeta.inbox).toBe(before.emailsMeta.inbox - unread.length);

    const victim = after.emails[0];
    await post({ ids: [victim.id], data: { isDeleted: true, isStarred: true } });
    expect((await get()).emails.some((e) => e.id === victim.id)).toBe(false);
    const trashed = (await get('?filter=trashed')).emails.find((e) => e.id === victim.id)!;
    expect(trashed).toMatchObject({ isDeleted: true, isStarred: true, folder: 'inbox' });

    const mover = (await get()).emails[0];
    await post({ ids: [mover.id], data: { folder: 'spam' } });
    expect((await get('?filter=spam')).emails.some((e) => e.id === mover.id)).toBe(true);
  });

  it("leaves other users' e-mails alone", async () => {
    const theirs = (await get('', 'admin@demo.com')).emails[0];
    expect((await post({ ids: [theirs.id], data: { isDeleted: true } })).statusCode).toBe(201);
    expect((await get('', 'admin@demo.com')).emails.some((e) => e.id === theirs.id)).toBe(true);
  });

  it('answers 400 saying what is wrong for bad bodies, never 500', async () => {
    const [first] = (await get()).emails;
    const cases: [unknown, string][] = [
      [{ data: { isRead: true } }, 'ids'],
      [{ ids: [], data: { isRead: true } }, 'ids'],
      [{ ids: ['one'], data: { isRead: true } }, 'ids.0'],
      [{ ids: [first.id] }, 'data'],
      [{ ids: [first.id], data: {} }, 'data'],
      [{ ids: [first.id], data: { subject: 'hacked' } }, 'data'],
      [{ ids: [first.id], data: { isRead: 'yes' } }, 'data.isRead'],
      [{ ids: [first.id], data: { folder: 'archive' } }, 'data.folder'],
      [{ ids: [first.id], label: 'work' }, 'label'],
      [{ ids: Array.from({ length: 501 }, (_, i) => i + 1), data: { isRead: true } }, 'ids'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
      expect(
        Object.keys(res.json<{ errors?: Record<string, string[]> }>().errors ?? {}),
        JSON.stringify(res.json()),
      ).toContain(field);
    }
    const bad = await t.request({
      method: 'POST',
      url: '/api/apps/email',
      as: AS,
      headers: { 'content-type': 'application/json' },
      payload: '{"ids":[1',
    });
    expect(bad.statusCode).toBe(400);
    const big = await post({ ids: [first.id], data: { isRead: true }, pad: 'x'.repeat(2 * 1024 * 1024) });
    expect(big.statusCode).toBe(413);
    expect((await get()).emails.find((e) => e.id === first.id)).toEqual(first);
  });
});

describe('authorization', () => {
  it('answers 401 without a session and 403 for client', async () => {
    for (const route of [
      { method: 'GET', url: '/api/apps/email' },
      { method: 'POST', url: '/api/apps/email', payload: { ids: [1], data: { isRead: true } } },
    ] as const) {
      expect((await t.request({ ...route })).statusCode).toBe(401);
      expect((await t.request({ ...route, as: 'client@demo.com' })).statusCode).toBe(403);
    }
  });
});
