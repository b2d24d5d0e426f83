// Webhook events: every event CONTRACTS names is one an endpoint may subscribe to and one the server
// raises, and `task.missed` is written by the missed-visit job with the task as /api/v1 reads it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '../../../../shared/schemas/integrations.ts';
import { db } from '../../../db/kysely.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { markMissedTasks } from '../../workflow/jobs/task-jobs.ts';

/** "Events, at least" of CONTRACTS.md, word for word (plus the location and file events). */
const CONTRACT_EVENTS = [
  'task.started',
  'task.submitted',
  'task.approved',
  'task.rejected',
  'task.resumed',
  'task.missed',
  'task.cancelled',
  'correctiveAction.opened',
  'correctiveAction.completed',
  'correctiveAction.verified',
  'project.activated',
  'project.completed',
  'location.created',
  'location.updated',
  'file.uploaded',
];

const SERVER = path.resolve(import.meta.dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('webhook events', () => {
  it('are each subscribable and raised by a server module', () => {
    expect([...WEBHOOK_EVENTS].sort()).toEqual([...CONTRACT_EVENTS].sort());
    const code = sources(SERVER).map((file) => readFileSync(file, 'utf8'));
    const unraised = CONTRACT_EVENTS.filter((event) => !code.some((text) => text.includes(`'${event}'`)));
    expect(unraised).toEqual([]);
  });
});

const t = await setupTestApp({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' });
const admin = await t.caller('admin@demo.com');
const k = () => db(t.orm.em.fork());
// The seed's own visits have all ended by 2031: settle them before listening.
await markMissedTasks(t.orm.em.fork(), new Date('2030-12-31T00:00:00Z'));

describe('task.missed', () => {
  it('is written with the missed visit, carrying the task as /api/v1 returns it', async () => {
    const hook = await admin.webhooks.create({ url: 'http://127.0.0.1:9/hooks', events: ['task.missed'] });
    const scheme = (await admin.schemes.list({ view: 'latestPublished' })).items[0];
    const team = (await admin.teams.list({ q: 'Lyon' })).items[0].id;
    const location = (await admin.locations.list({ itemsPerPage: 1 })).items[0];
    const project = await admin.projects.create({
      code: 'HOOK-MISSED',
      name: 'Missed hooks',
      schemeId: scheme.id,
      startDate: '2031-01-01',
      endDate: '2031-12-31',
    });
    const assignment = await admin.assignments.create({
      projectId: project.id,
      locationId: location.id,
      teamId: team,
      assigneeId: null,
      plannedVisits: 0,
    });
    const slot = await admin.slots.create({
      assignmentId: assignment.id,
      startsAt: new Date('2031-02-03T08:00:00Z'),
      endsAt: new Date('2031-02-03T09:00:00Z'),
    });
    expect(await markMissedTasks(t.orm.em.fork(), new Date('2031-02-03T10:00:00Z'))).toEqual([slot.taskId]);
    const rows = await k()
      .selectFrom('webhook_deliveries')
      .select(['event_type', 'payload', 'status', 'message_id'])
      .where('endpoint_id', '=', hook.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event_type: 'task.missed', status: 'pending' });
    const payload = JSON.parse(rows[0].payload) as { type: string; data: Record<string, unknown> };
    expect(payload.type).toBe('task.missed');
    const task = await admin.tasks.byId({ id: slot.taskId });
    expect(payload.data).toMatchObject({ id: slot.taskId, status: 'missed', version: task.version });
    expect(Object.keys(payload.data)).toEqual(expect.arrayContaining(['answers', 'score', 'passed']));
  });
});
