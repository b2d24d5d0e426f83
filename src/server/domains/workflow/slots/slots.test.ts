// Slots: one task per slot with the copies it carries, moves and deletes only while scheduled, and
// generation on the real database: opening hours, a Paris DST change, a location's own zone, the
// period's ends, idempotent re-runs (also two at once), dry runs, notifications and the audit summary.
import { describe, expect, it } from 'vitest';
import { localDateOf, localTimeOf } from '../../../../shared/time/wall-clock.ts';
import { db } from '../../../db/kysely.ts';
import { AuditEvent } from '../../../lib/audit/audit-event.entity.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { expectRefusal } from '../../../testing/refusals.ts';

const t = await setupTestApp();
const admin = await t.caller('admin@demo.com');
const k = () => db(t.orm.em.fork());

let counter = 0;
const scheme = (await admin.schemes.list({ view: 'latestPublished' })).items[0];
const lyon = (await admin.teams.list({ q: 'Lyon' })).items[0].id;
const paris = (await admin.teams.list({ q: 'Paris' })).items[0].id;
const qc = (await admin.users.list({ q: 'qualitycontrol@demo.com' })).items[0].id;
const subDirectionId = (await admin.subDirections.list({})).items[0].id;

const every = (open: string, close: string) => ({
  mon: [{ open, close }],
  tue: [{ open, close }],
  wed: [{ open, close }],
  thu: [{ open, close }],
  fri: [{ open, close }],
  sat: [{ open, close }],
  sun: [{ open, close }],
});

async function newLocation(extra: { openingHours?: ReturnType<typeof every>; timeZone?: string | null } = {}) {
  return (
    await admin.locations.create({ subDirectionId, code: `SLT-${++counter}`, name: `Slot store ${counter}`, ...extra })
  ).id;
}

async function planned(
  startDate: string,
  endDate: string,
  locations: number[],
  assigneeId: number | null = qc,
  plannedVisits = 0,
) {
  const project = await admin.projects.create({
    code: `SL-${++counter}`,
    name: 'Slots',
    schemeId: scheme.id,
    startDate,
    endDate,
  });
  const assignments = [];
  for (const locationId of locations)
    assignments.push(
      await admin.assignments.create({ projectId: project.id, locationId, teamId: lyon, assigneeId, plannedVisits }),
    );
  return { project, assignments };
}

const tasksOf = (projectId: number) =>
  k().selectFrom('tasks').selectAll().where('project_id', '=', projectId).orderBy('starts_at').orderBy('id').execute();

describe('slots: by hand', () => {
  it('creates exactly one scheduled task per slot, with the copies and the pinned scheme', async () => {
    const location = await newLocation();
    const { project, assignments } = await planned('2030-03-01', '2030-03-31', [location]);
    const slot = await admin.slots.create({
      assignmentId: assignments[0].id,
      startsAt: new Date('2030-03-04T08:00:00Z'),
      endsAt: new Date('2030-03-04T10:00:00Z'),
    });
    expect(slot).toMatchObject({
      assignmentId: assignments[0].id,
      projectId: project.id,
      locationId: location,
      taskStatus: 'scheduled',
      occurrence: null,
    });
    const tasks = await tasksOf(project.id);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      id: slot.taskId,
      slot_id: slot.id,
      status: 'scheduled',
      scheme_id: scheme.id,
      location_id: location,
      team_id: lyon,
      assignee_id: qc,
      assignment_id: assignments[0].id,
      version: 1,
    });
    expect(new Date(tasks[0].starts_at).toISOString()).toBe('2030-03-04T08:00:00.000Z');
    expect((await admin.slots.list({ projectId: project.id })).items.map((s) => s.id)).toEqual([slot.id]);
  });

  it("refuses a window outside the project's period or ending before it starts", async () => {
    const { assignments } = await planned('2030-03-01', '2030-03-31', [await newLocation()]);
    const assignmentId = assignments[0].id;
    await expectRefusal(
      admin.slots.create({
        assignmentId,
        startsAt: new Date('2030-04-01T08:00:00Z'),
        endsAt: new Date('2030-04-01T09:00:00Z'),
      }),
      'BAD_REQUEST',
      'startsAt',
      /within the project's period/,
    );
    // 2030-02-28T23:30Z is already March 1st in Paris: inside.
    await expect(
      admin.slots.create({
        assignmentId,
        startsAt: new Date('2030-02-28T23:30:00Z'),
        endsAt: new Date('2030-03-01T01:00:00Z'),
      }),
    ).resolves.toBeTruthy();
    await expectRefusal(
      admin.slots.create({
        assignmentId,
        startsAt: new Date('2030-03-02T09:00:00Z'),
        endsAt: new Date('2030-03-02T08:00:00Z'),
      }),
      'BAD_REQUEST',
      'endsAt',
      /end after it starts/,
    );
  });

  it('moves a scheduled visit with its task, refuses a stale version, and refuses once the task started', async () => {
    const { project, assignments } = await planned('2030-03-01', '2030-03-31', [await newLocation()]);
    const slot = await admin.slots.create({
      assignmentId: assignments[0].id,
      startsAt: new Date('2030-03-04T08:00:00Z'),
      endsAt: new Date('2030-03-04T10:00:00Z'),
    });
    await k().updateTable('tasks').set({ reminder_sent_at: new Date() }).where('id', '=', slot.taskId).execute();
    const moved = await admin.slots.update({
      id: slot.id,
      version: slot.version,
      startsAt: new Date('2030-03-05T12:00:00Z'),
      endsAt: new Date('2030-03-05T13:00:00Z'),
    });
    expect(moved).toMatchObject({ version: 2, startsAt: new Date('2030-03-05T12:00:00Z') });
    const [task] = await tasksOf(project.id);
    expect(new Date(task.starts_at).toISOString()).toBe('2030-03-05T12:00:00.000Z');
    expect(new Date(task.ends_at).toISOString()).toBe('2030-03-05T13:00:00.000Z');
    expect(task.version).toBe(2);
    expect(task.reminder_sent_at).toBeNull();
    await expectRefusal(
      admin.slots.update({ id: slot.id, version: slot.version, endsAt: new Date('2030-03-05T14:00:00Z') }),
      'CONFLICT',
    );
    await k().updateTable('tasks').set({ status: 'in_progress' }).where('id', '=', slot.taskId).execute();
    await expectRefusal(admin.slots.update({ id: slot.id, endsAt: new Date('2030-03-05T15:00:00Z') }), 'CONFLICT');
    await expectRefusal(admin.slots.delete({ id: slot.id }), 'CONFLICT');
    await k().updateTable('tasks').set({ status: 'scheduled' }).where('id', '=', slot.taskId).execute();
    await expect(admin.slots.delete({ id: slot.id })).resolves.toEqual({ id: slot.id, deleted: true });
    expect(await tasksOf(project.id)).toEqual([]);
    const events = await t.orm.em
      .fork()
      .find(AuditEvent, { entityType: 'Slot', entityId: slot.id }, { orderBy: { id: 'asc' } });
    expect(events.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
  });

  it("lets team leaders plan their teams' visits only; inspectors see their own", async () => {
    const { assignments, project } = await planned('2030-03-01', '2030-03-31', [await newLocation()]);
    const other = await admin.assignments.create({
      projectId: project.id,
      locationId: await newLocation(),
      teamId: paris,
      plannedVisits: 1,
    });
    const leader = await t.caller('teamleader@demo.com');
    const window = { startsAt: new Date('2030-03-06T08:00:00Z'), endsAt: new Date('2030-03-06T09:00:00Z') };
    const own = await leader.slots.create({ assignmentId: assignments[0].id, ...window });
    await expectRefusal(leader.slots.create({ assignmentId: other.id, ...window }), 'FORBIDDEN');
    const foreign = await admin.slots.create({ assignmentId: other.id, ...window });
    await expectRefusal(leader.slots.delete({ id: foreign.id }), 'FORBIDDEN');
    const inspector = await t.caller('qualitycontrol@demo.com');
    expect((await inspector.slots.list({ projectId: project.id })).items.map((s) => s.id)).toEqual([own.id]);
    await expectRefusal(inspector.slots.create({ assignmentId: assignments[0].id, ...window }), 'FORBIDDEN');
    // Only the assignments the team leader may plan are generated.
    const result = await leader.slots.generate({
      projectId: project.id,
      recurrence: { kind: 'weekly', byWeekday: ['MO'], interval: 1 },
      durationMinutes: 60,
    });
    expect(result.created).toBe(4);
    expect((await admin.slots.list({ assignmentId: other.id })).total).toBe(1);
  });
});

describe('slots: generation', () => {
  it('never plans a visit that already ended: those are left out and counted, in the preview and the result', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const location = await newLocation({ openingHours: every('00:00', '23:59') });
    const { project } = await planned(day(-3), day(3), [location]);
    const input = {
      projectId: project.id,
      recurrence: {
        kind: 'weekly' as const,
        byWeekday: [
          'MO' as const,
          'TU' as const,
          'WE' as const,
          'TH' as const,
          'FR' as const,
          'SA' as const,
          'SU' as const,
        ],
        interval: 1,
      },
      durationMinutes: 60,
      preferredTime: '00:00',
    };
    const preview = await admin.slots.generate({ ...input, dryRun: true });
    expect(preview.ended).toBeGreaterThanOrEqual(3);
    const result = await admin.slots.generate(input);
    expect(result.ended).toBe(preview.ended);
    expect(result.created + result.ended + result.started).toBe(7);
    const slots = (await admin.slots.list({ projectId: project.id, itemsPerPage: -1 })).items;
    expect(slots).toHaveLength(result.created);
    expect(slots.every((s) => s.endsAt.getTime() > Date.now() - 60_000)).toBe(true);
  });

  it('never plans a visit already under way: left out and counted as started, in the preview and the result', async () => {
    // A zone where it is day now, so that "half an hour ago" is today on the location's clock.
    const now = new Date();
    const zone = ['Pacific/Honolulu', 'America/New_York', 'Europe/Paris', 'Asia/Kolkata', 'Pacific/Auckland'].find(
      (z) => localTimeOf(now, z) >= '04:00' && localTimeOf(now, z) <= '20:00',
    )!;
    const today = localDateOf(now, zone);
    const shift = (date: string, days: number) =>
      new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const location = await newLocation({ openingHours: every('00:00', '23:59'), timeZone: zone });
    const { project } = await planned(shift(today, -1), shift(today, 2), [location]);
    const input = {
      projectId: project.id,
      recurrence: { kind: 'spread' as const },
      maxPerAssignment: 2,
      from: today,
      to: shift(today, 1),
      durationMinutes: 120,
      // Begun 30 minutes ago, over in 90: its inspector could only check in late.
      preferredTime: localTimeOf(new Date(now.getTime() - 30 * 60_000), zone),
    };
    const preview = await admin.slots.generate({ ...input, dryRun: true });
    expect(preview).toMatchObject({ created: 1, existing: 0, skipped: 0, ended: 0, started: 1 });
    expect(preview.preview.map((p) => localDateOf(p.startsAt, zone))).toEqual([shift(today, 1)]);
    const result = await admin.slots.generate(input);
    expect(result).toEqual({ created: 1, existing: 0, skipped: 0, ended: 0, started: 1, preview: [] });
    const slots = (await admin.slots.list({ projectId: project.id, itemsPerPage: -1 })).items;
    expect(slots.map((s) => localDateOf(s.startsAt, zone))).toEqual([shift(today, 1)]);
    expect(slots.every((s) => s.startsAt.getTime() > now.getTime())).toBe(true);
  });

  it('plans weekly visits in opening hours, idempotently, with one audit event, and tells the inspector', async () => {
    const locations = [
      await newLocation({ openingHours: every('10:00', '18:00') }),
      await newLocation({ openingHours: every('07:00', '12:00') }),
    ];
    const { project } = await planned('2030-04-01', '2030-04-30', locations);
    const input = {
      projectId: project.id,
      recurrence: { kind: 'weekly' as const, byWeekday: ['MO' as const, 'TH' as const], interval: 1 },
      durationMinutes: 90,
      preferredTime: '09:00',
    };
    const preview = await admin.slots.generate({ ...input, dryRun: true });
    expect(preview).toMatchObject({ created: 18, existing: 0, skipped: 0 });
    expect(preview.preview).toHaveLength(18);
    expect(await tasksOf(project.id)).toEqual([]);
    const first = await admin.slots.generate(input);
    expect(first).toEqual({ created: 18, existing: 0, skipped: 0, ended: 0, started: 0, preview: [] });
    const tasks = await tasksOf(project.id);
    expect(tasks).toHaveLength(18);
    expect(new Set(tasks.map((x) => x.slot_id)).size).toBe(18);
    // 09:00 preferred: 10:00 where the store opens at 10, 09:00 in the other.
    const times = new Set(tasks.map((x) => `${x.location_id} ${localTimeOf(new Date(x.starts_at), 'Europe/Paris')}`));
    expect(times).toEqual(new Set([`${locations[0]} 10:00`, `${locations[1]} 09:00`]));
    const again = await admin.slots.generate(input);
    expect(again).toEqual({ created: 0, existing: 18, skipped: 0, ended: 0, started: 0, preview: [] });
    expect(await tasksOf(project.id)).toHaveLength(18);
    expect((await admin.slots.generate({ ...input, dryRun: true })).created).toBe(0);
    const events = await t.orm.em
      .fork()
      .find(AuditEvent, { entityType: 'Project', entityId: project.id, action: 'generate' });
    expect(events.map((e) => e.changes)).toEqual([
      expect.objectContaining({ created: 18, existing: 0 }),
      expect.objectContaining({ created: 0, existing: 18 }),
    ]);
    const notes = await k()
      .selectFrom('notifications')
      .select(['body'])
      .where('user_id', '=', qc)
      .where('title', '=', 'Visits planned')
      .execute();
    expect(notes.filter((n) => n.body.includes(project.code)).map((n) => n.body)).toEqual([
      expect.stringMatching(/between .* and .*: 18\.$/),
    ]);
    const progress = (await admin.projects.byId({ id: project.id })).progress;
    expect(progress).toMatchObject({ tasks: 18, locations: 2, byStatus: { scheduled: 18 } });
  });

  it("keeps the local wall time across the October DST change and uses a location's own zone", async () => {
    const inParis = await newLocation();
    const inNewYork = await newLocation({ timeZone: 'America/New_York' });
    const { project } = await planned('2030-10-24', '2030-10-30', [inParis, inNewYork]);
    await admin.slots.generate({
      projectId: project.id,
      recurrence: { kind: 'rrule', rule: 'FREQ=DAILY' },
      durationMinutes: 60,
      preferredTime: '09:00',
    });
    const tasks = await tasksOf(project.id);
    for (const [location, zone] of [
      [inParis, 'Europe/Paris'],
      [inNewYork, 'America/New_York'],
    ] as const) {
      const own = tasks.filter((x) => x.location_id === location).map((x) => new Date(x.starts_at));
      expect(own.map((d) => localDateOf(d, zone))).toEqual([
        '2030-10-24',
        '2030-10-25',
        '2030-10-26',
        '2030-10-27',
        '2030-10-28',
        '2030-10-29',
        '2030-10-30',
      ]);
      expect(new Set(own.map((d) => localTimeOf(d, zone)))).toEqual(new Set(['09:00']));
    }
    // Paris leaves summer time on 2030-10-27: 07:00Z before, 08:00Z from that day.
    const parisUtc = tasks
      .filter((x) => x.location_id === inParis)
      .map((x) => new Date(x.starts_at).toISOString().slice(11, 16));
    expect(parisUtc).toEqual(['07:00', '07:00', '07:00', '08:00', '08:00', '08:00', '08:00']);
  });

  it('spreads planned visits, stays inside the period, and refuses a period outside the project', async () => {
    const { project } = await planned('2030-05-01', '2030-05-31', [await newLocation()], qc, 3);
    await expectRefusal(
      admin.slots.generate({ projectId: project.id, recurrence: { kind: 'spread' }, from: '2030-04-30' }),
      'BAD_REQUEST',
      'from',
    );
    await expectRefusal(
      admin.slots.generate({ projectId: project.id, recurrence: { kind: 'spread' }, to: '2030-06-01' }),
      'BAD_REQUEST',
      'to',
    );
    await expectRefusal(
      admin.slots.generate({ projectId: project.id, recurrence: { kind: 'rrule', rule: 'FREQ=MINUTELY' } }),
      'BAD_REQUEST',
      'recurrence.rule',
    );
    await expectRefusal(
      admin.slots.generate({ projectId: project.id, recurrence: { kind: 'weekly', byWeekday: [], interval: 1 } }),
      'BAD_REQUEST',
      'recurrence.byWeekday',
    );
    const result = await admin.slots.generate({
      projectId: project.id,
      recurrence: { kind: 'spread' },
      from: '2030-05-20',
      to: '2030-05-31',
    });
    expect(result.created).toBe(3);
    const days = (await tasksOf(project.id)).map((x) => localDateOf(new Date(x.starts_at), 'Europe/Paris'));
    expect(days.every((d) => d >= '2030-05-20' && d <= '2030-05-31')).toBe(true);
  });

  it('creates each visit once when two generations run at the same time', async () => {
    const { project } = await planned('2030-06-01', '2030-06-30', [await newLocation(), await newLocation()]);
    const input = {
      projectId: project.id,
      recurrence: { kind: 'weekly' as const, byWeekday: ['TU' as const], interval: 1 },
      durationMinutes: 60,
    };
    const [a, b] = await Promise.all([
      admin.slots.generate(input),
      (await t.caller('admin@demo.com')).slots.generate(input),
    ]);
    expect(a.created + b.created).toBe(8);
    expect(a.existing + b.existing).toBe(8);
    expect(await tasksOf(project.id)).toHaveLength(8);
  });

  it('refuses changes to the plan of a completed project', async () => {
    const { project, assignments } = await planned('2030-07-01', '2030-07-31', [await newLocation()]);
    await admin.slots.generate({
      projectId: project.id,
      recurrence: { kind: 'weekly', byWeekday: ['WE'], interval: 1 },
      durationMinutes: 60,
    });
    await admin.projects.activate({ id: project.id });
    const completed = await admin.projects.complete({ id: project.id });
    // Visits still planned were cancelled, and their inspector told.
    expect(completed.progress.byStatus).toMatchObject({ scheduled: 0, cancelled: 5 });
    await expectRefusal(admin.slots.generate({ projectId: project.id, recurrence: { kind: 'spread' } }), 'CONFLICT');
    await expectRefusal(
      admin.slots.create({
        assignmentId: assignments[0].id,
        startsAt: new Date('2030-07-02T08:00:00Z'),
        endsAt: new Date('2030-07-02T09:00:00Z'),
      }),
      'CONFLICT',
    );
    await expectRefusal(admin.assignments.update({ id: assignments[0].id, plannedVisits: 9 }), 'CONFLICT');
  });
});
