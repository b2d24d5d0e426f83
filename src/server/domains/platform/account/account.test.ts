// Account settings through the tRPC procedures and REST sign-in, as real users of the seeded database:
// profile, password, sessions (listed, revoked: signed out on the next request) and muted notifications.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/kysely.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { sendNotifications } from '../notifications/notifications.refs.ts';
import { describeDevice } from './account.service.ts';

const t = await setupTestApp();

async function signIn(
  email: string,
  password: string,
  userAgent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ accessToken: string }>().accessToken;
}
// Through t.request: it reads the session afresh. A change made through a caller reaches this process's
// session cache by its notification, a moment later (an HTTP write is forgotten before it answers).
const me = (token: string) =>
  t.request({ method: 'GET', url: '/trpc/auth.me', headers: { authorization: `Bearer ${token}` } });

async function uploadPng(email: string): Promise<number> {
  const sharp = (await import('sharp')).default;
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const boundary = 'b0undary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
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

describe('account profile', () => {
  it('reads and updates the caller’s name, language and avatar, refusing a stale version', async () => {
    const caller = await t.caller('businessuser@demo.com');
    const account = await caller.account.get();
    expect(account).toMatchObject({ email: 'businessuser@demo.com', avatarFileId: null, mutedNotifications: [] });
    const fileId = await uploadPng('businessuser@demo.com');
    const updated = await caller.account.update({
      fullName: '  Béatrice « Bea » Nguyễn  ',
      language: 'ar',
      avatarFileId: fileId,
      version: account.version,
    });
    expect(updated).toMatchObject({ fullName: 'Béatrice « Bea » Nguyễn', language: 'ar', avatarFileId: fileId });
    expect(updated.version).toBeGreaterThan(account.version);
    await expect(
      caller.account.update({ fullName: 'Other', language: 'en', avatarFileId: null, version: account.version }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    // The signed-in user's data carries the avatar (the shell shows it).
    const meRes = await t.request({ method: 'GET', url: '/trpc/auth.me', as: 'businessuser@demo.com' });
    expect(
      meRes.json<{ result: { data: { json: { userData: { avatar: string | null } } } } }>().result.data.json.userData
        .avatar,
    ).toBe(`/api/files/${fileId}`);
    const removed = await caller.account.update({
      fullName: 'Bea',
      language: 'en',
      avatarFileId: null,
      version: updated.version,
    });
    expect(removed.avatarFileId).toBeNull();
  });

  it('refuses an avatar that is not an image the caller uploaded, naming the field', async () => {
    const other = await uploadPng('admin@demo.com');
    const caller = await t.caller('analyst@demo.com');
    await expect(caller.account.update({ fullName: 'A', language: 'en', avatarFileId: other })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('avatarFileId') as string,
    });
    await expect(caller.account.update({ fullName: 'A', language: 'en', avatarFileId: 999_999 })).rejects.toMatchObject(
      { code: 'BAD_REQUEST' },
    );
  });

  it('answers 400 naming the field for bad input over REST-free tRPC validation', async () => {
    const caller = await t.caller('analyst@demo.com');
    await expect(caller.account.update({ fullName: '', language: 'en', avatarFileId: null })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(
      caller.account.update({ fullName: 'x'.repeat(201), language: 'en', avatarFileId: null }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // @ts-expect-error a language the product does not have
    await expect(caller.account.update({ fullName: 'A', language: 'xx', avatarFileId: null })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('the profile page’s facts about the caller', () => {
  it('names the caller, their customer’s place and their active teams with member counts, never anyone else', async () => {
    const k = db(t.orm.em.fork());
    const inspector = await k
      .selectFrom('users')
      .select(['id', 'created_at'])
      .where('email', '=', 'qualitycontrol@demo.com')
      .executeTakeFirstOrThrow();
    const acme = await k
      .selectFrom('customers')
      .select(['country', 'city'])
      .where('code', '=', 'ACME')
      .executeTakeFirstOrThrow();
    const teams = await k
      .selectFrom('team_members as mine')
      .innerJoin('teams as t', 't.id', 'mine.team_id')
      .select((eb) => [
        't.id',
        't.name',
        't.description',
        eb
          .selectFrom('team_members as m')
          .whereRef('m.team_id', '=', 't.id')
          .select(eb.fn.countAll<string>().as('n'))
          .as('members'),
      ])
      .where('mine.user_id', '=', inspector.id)
      .where('t.active', '=', true)
      .where('t.archived_at', 'is', null)
      .orderBy('t.name')
      .execute();
    expect(teams.length).toBeGreaterThan(0);

    const profile = await (await t.caller('qualitycontrol@demo.com')).account.profile();
    expect(profile.fullName).not.toBe('');
    expect(profile).toEqual({
      fullName: profile.fullName,
      email: 'qualitycontrol@demo.com',
      role: 'qualitycontrol',
      status: 'active',
      language: 'en',
      joinedAt: new Date(inspector.created_at).toISOString(),
      country: acme.country,
      city: acme.city,
      teams: teams.map((team) => ({
        id: team.id,
        name: team.name,
        description: team.description,
        members: Number(team.members),
        role: 'member',
      })),
      projects: profile.projects,
      tasksCompleted: profile.tasksCompleted,
    });

    // Their place in each team: the team leader and the floor manager are told so.
    const leader = await (await t.caller('teamleader@demo.com')).account.profile();
    expect(leader.teams.find((team) => team.name === 'Lyon field team')?.role).toBe('teamLeader');
    const floor = await (await t.caller('floormanager@demo.com')).account.profile();
    expect(floor.teams.map((team) => team.role)).toEqual(floor.teams.map(() => 'floorManager'));
    expect(floor.teams.length).toBeGreaterThanOrEqual(2);

    const operator = await (await t.caller('superadmin@demo.com')).account.profile();
    expect(operator).toMatchObject({ email: 'superadmin@demo.com', role: 'superadmin', country: null, city: null });
    await expect(t.createAnonCaller().account.profile()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('the projects on the caller’s profile', () => {
  it('are those they own or work on (themselves or through a team), with their owner, teams and progress; none for someone in neither', async () => {
    const k = db(t.orm.em.fork());
    const inspector = await k
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'qualitycontrol@demo.com')
      .executeTakeFirstOrThrow();
    // In SQL: the inspector's projects are those with a location assigned to them or to one of their teams.
    const theirs = await k
      .selectFrom('projects as p')
      .select(['p.id', 'p.name'])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('location_assignments as a')
            .select('a.id')
            .whereRef('a.project_id', '=', 'p.id')
            .where((e) =>
              e.or([
                e('a.assignee_id', '=', inspector.id),
                e(
                  'a.team_id',
                  'in',
                  e.selectFrom('team_members').select('team_id').where('user_id', '=', inspector.id),
                ),
              ]),
            ),
        ),
      )
      .orderBy('p.name')
      .execute();
    expect(theirs.length).toBeGreaterThanOrEqual(2);
    const approvedOfInspector = await k
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('assignee_id', '=', inspector.id)
      .where('status', '=', 'approved')
      .executeTakeFirstOrThrow();

    const profile = await (await t.caller('qualitycontrol@demo.com')).account.profile();
    expect(profile.projects.map((p) => p.name)).toEqual(theirs.map((p) => p.name));
    expect(profile.tasksCompleted).toBe(Number(approvedOfInspector.n));
    const round = profile.projects.find((p) => p.code === 'STD-ROUND')!;
    const owner = await k
      .selectFrom('users')
      .select('full_name')
      .where('email', '=', 'businessadmin@demo.com')
      .executeTakeFirstOrThrow();
    const counts = await k
      .selectFrom('tasks')
      .select((eb) => [
        eb.fn.countAll<string>().as('all'),
        sql<string>`count(*) filter (where status = 'approved')`.as('approved'),
      ])
      .where('project_id', '=', round.id)
      .where('status', '<>', 'cancelled')
      .executeTakeFirstOrThrow();
    expect(round).toMatchObject({
      status: 'active',
      owner: owner.full_name,
      teams: ['Lyon field team', 'Paris field team'],
      tasks: Number(counts.all),
      approved: Number(counts.approved),
    });
    expect(round.tasks).toBeGreaterThan(0);
    expect(round.completion).toBe(Math.round((1000 * Number(counts.approved)) / Number(counts.all)) / 10);

    // The owner sees the projects they own; someone who owns none and is in no team, none; another
    // customer's inspector only theirs.
    const owned = await (await t.caller('businessadmin@demo.com')).account.profile();
    expect(owned.projects.map((p) => p.code).sort()).toEqual(['COLD-AUDIT', 'STD-ROUND']);
    const admin = await (await t.caller('admin@demo.com')).account.profile();
    expect([admin.teams, admin.projects]).toEqual([[], []]);
    const nws = await (await t.caller('qualitycontrol@nws.demo.com')).account.profile();
    expect(nws.projects.map((p) => p.code)).toEqual(['BER-WALK']);
  });
});

describe('password and sessions', () => {
  it('changes the password with the current one, ending the other sessions but not this one', async () => {
    const first = await signIn('teamleader@demo.com', 'teamleader');
    const second = await signIn(
      'teamleader@demo.com',
      'teamleader',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    );
    const caller = await t.caller('teamleader@demo.com');
    await expect(
      caller.account.changePassword({ currentPassword: 'wrong', newPassword: 'Another1pass' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('currentPassword') as string });
    await expect(
      caller.account.changePassword({ currentPassword: 'teamleader', newPassword: 'short' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const result = await caller.account.changePassword({ currentPassword: 'teamleader', newPassword: 'Another1pass' });
    expect(result.changed).toBe(true);
    expect(result.otherSessionsEnded).toBeGreaterThanOrEqual(2);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await caller.account.get()).email).toBe('teamleader@demo.com');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'teamleader@demo.com', password: 'Another1pass' },
    });
    expect(login.statusCode).toBe(201);
  });

  it('lists the caller’s live sessions with device, IP and last use, and a revoked one is signed out on its next request', async () => {
    const phone = await signIn(
      'floormanager@demo.com',
      'floormanager',
      'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    );
    expect((await me(phone)).statusCode).toBe(200);
    const caller = await t.caller('floormanager@demo.com');
    const sessions = await caller.account.sessions();
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const android = sessions.find((s) => s.device === 'Chrome on Android');
    expect(android).toBeDefined();
    expect(android!.ip).toBeTruthy();
    expect(android!.lastSeenAt).toBeInstanceOf(Date);
    const revoked = await caller.account.revokeSession({ id: android!.id });
    expect(revoked).toEqual({ revoked: true, current: false });
    expect((await me(phone)).statusCode).toBe(401);
    expect((await caller.account.sessions()).some((s) => s.id === android!.id)).toBe(false);
  });

  it('answers NOT_FOUND for another user’s session', async () => {
    const owner = await t.caller('admin@nws.demo.com');
    const [theirs] = await owner.account.sessions();
    const intruder = await t.caller('admin@demo.com');
    await expect(intruder.account.revokeSession({ id: theirs.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await owner.account.sessions()).some((s) => s.id === theirs.id)).toBe(true);
  });

  it('reads devices from user agents', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      ),
    ).toBe('Safari on macOS');
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox on Linux',
    );
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
      ),
    ).toBe('Edge on Windows');
    expect(describeDevice('curl/8.5.0')).toBe('curl');
    expect(describeDevice(null)).toBeNull();
    expect(describeDevice('???')).toBeNull();
  });
});

describe('notification preferences', () => {
  it('silences the kinds a user muted, and only theirs', async () => {
    const caller = await t.caller('qualitycontrol@demo.com');
    const account = await caller.account.updateNotificationPreferences({ muted: ['reminders', 'missed'] });
    expect(account.mutedNotifications).toEqual(['reminders', 'missed']);
    const other = await t.caller('analyst@demo.com');
    const ids = { inspector: account.id, analyst: (await other.account.get()).id };
    const before = {
      inspector: (await caller.notifications.list({})).total,
      analyst: (await other.notifications.list({})).total,
    };
    await t.orm.em.fork().transactional(async (em) => {
      await sendNotifications(em, [
        { userId: ids.inspector, kind: 'reminders', title: 'Visit coming up', body: 'muted', link: null },
        { userId: ids.inspector, kind: 'reviews', title: 'Task approved', body: 'kept', link: null },
        { userId: ids.inspector, title: 'No kind', body: 'kept', link: null },
        { userId: ids.analyst, kind: 'reminders', title: 'Visit coming up', body: 'kept', link: null },
      ]);
    });
    const mine = await caller.notifications.list({});
    expect(mine.total).toBe(before.inspector + 2);
    expect(mine.items.some((n) => n.body === 'muted')).toBe(false);
    expect((await other.notifications.list({})).total).toBe(before.analyst + 1);
    // @ts-expect-error an unknown kind
    await expect(caller.account.updateNotificationPreferences({ muted: ['nope'] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});
