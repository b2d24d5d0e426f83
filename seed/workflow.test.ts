// The seeded workflow (seed/workflow.seeder.ts): the demo projects, tasks in every status with scores
// the score function gives for their answers, consistent copies, visits this week, and the local-time
// helpers it plans with.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { db } from '../src/server/db/kysely.ts';
import { setupTestApp } from '../src/server/testing/app.ts';
import { computeScore } from '../src/shared/workflow/score.ts';
import { TASK_STATUSES } from '../src/shared/workflow/statuses.ts';
import { addDays, localDate, zonedInstant } from './workflow.seeder.ts';

const t = await setupTestApp();
const k = () => db(t.orm.em.fork());

describe('seeded workflow', () => {
  it('ACME has an active and a draft project, NWS one active project', async () => {
    const rows = await k()
      .selectFrom('projects as p')
      .innerJoin('customers as c', 'c.id', 'p.customer_id')
      .innerJoin('schemes as s', 's.id', 'p.scheme_id')
      .select(['c.code as customer', 'p.code', 'p.status', 's.status as scheme_status'])
      .orderBy('c.code')
      .orderBy('p.code')
      .execute();
    expect(rows).toEqual([
      { customer: 'ACME', code: 'COLD-AUDIT', status: 'draft', scheme_status: 'published' },
      { customer: 'ACME', code: 'STD-ROUND', status: 'active', scheme_status: 'published' },
      { customer: 'NWS', code: 'BER-WALK', status: 'active', scheme_status: 'published' },
    ]);
  });

  it('the active ACME project covers 20 locations of both teams, with tasks in every status', async () => {
    const tasks = await k()
      .selectFrom('tasks as t')
      .innerJoin('projects as p', 'p.id', 't.project_id')
      .select(['t.status', 't.location_id', 't.team_id'])
      .where('p.code', '=', 'STD-ROUND')
      .execute();
    expect(new Set(tasks.map((x) => x.location_id)).size).toBe(20);
    expect(new Set(tasks.map((x) => x.team_id)).size).toBe(2);
    expect(new Set(tasks.map((x) => x.status))).toEqual(new Set(TASK_STATUSES));
  });

  it('every slot has one task whose copies match its assignment, slot and project', async () => {
    const rows = await k()
      .selectFrom('slots as s')
      .leftJoin('tasks as t', 't.slot_id', 's.id')
      .innerJoin('location_assignments as a', 'a.id', 's.assignment_id')
      .innerJoin('projects as p', 'p.id', 'a.project_id')
      .select([
        's.id',
        't.id as task_id',
        sql`(t.assignment_id = a.id and t.project_id = a.project_id and t.location_id = a.location_id and t.team_id = a.team_id
             and t.assignee_id is not distinct from a.assignee_id and t.customer_id = s.customer_id and t.scheme_id = p.scheme_id
             and t.starts_at = s.starts_at and t.ends_at = s.ends_at)`.as('consistent'),
      ])
      .execute();
    expect(rows.length).toBeGreaterThan(80);
    expect(rows.filter((r) => r.task_id === null || r.consistent !== true)).toEqual([]);
  });

  it("stored scores are the score function's for the stored answers", async () => {
    const tasks = await k()
      .selectFrom('tasks')
      .select([
        'id',
        'scheme_id',
        'answers',
        sql<number | null>`score::float8`.as('score'),
        'passed',
        'critical_failures',
        'section_scores',
        'status',
      ])
      .execute();
    const schemes = new Map<number, Parameters<typeof computeScore>[0]>();
    for (const id of new Set(tasks.map((x) => x.scheme_id))) {
      const scheme = await k()
        .selectFrom('schemes')
        .select(['passing_score'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const sections = await k()
        .selectFrom('scheme_sections')
        .select(['id', 'title', sql<number>`weight::float8`.as('weight')])
        .where('scheme_id', '=', id)
        .orderBy('position')
        .execute();
      const questions = await k()
        .selectFrom('scheme_questions')
        .select([
          'section_id',
          'key',
          'type',
          sql<number>`max_score::float8`.as('max_score'),
          sql<number>`weight::float8`.as('weight'),
          'critical',
          'options',
          'visible_if',
        ])
        .where('scheme_id', '=', id)
        .orderBy('position')
        .execute();
      schemes.set(id, {
        passingScore: scheme.passing_score,
        sections: sections.map((s) => ({
          title: s.title,
          weight: s.weight,
          questions: questions
            .filter((q) => q.section_id === s.id)
            .map((q) => ({
              key: q.key,
              type: q.type,
              maxScore: q.max_score,
              weight: q.weight,
              critical: q.critical,
              options: q.options,
              visibleIf: q.visible_if,
            })),
        })),
      });
    }
    const scored = tasks.filter((x) => ['submitted', 'approved', 'rejected'].includes(x.status));
    expect(scored.length).toBeGreaterThan(20);
    for (const task of scored) {
      const result = computeScore(schemes.get(task.scheme_id)!, task.answers);
      expect(
        {
          score: task.score,
          passed: task.passed,
          criticalFailures: task.critical_failures,
          sectionScores: task.section_scores,
        },
        `task ${task.id}`,
      ).toEqual({
        score: result.score,
        passed: result.passed,
        criticalFailures: result.criticalFailures,
        sectionScores: result.sectionScores,
      });
    }
    expect(scored.some((x) => x.passed)).toBe(true);
    expect(scored.some((x) => x.passed === false)).toBe(true);
    for (const task of tasks.filter((x) => !['submitted', 'approved', 'rejected'].includes(x.status)))
      expect(task.score).toBeNull();
  });

  it('the demo inspector has visits this week, two of them on the seeding day', async () => {
    // The seeding day, not the clock's: a run may cross midnight between seeding and this test.
    // "Store standards round" starts 20 days before the day it was seeded.
    const project = await k()
      .selectFrom('projects')
      .select(sql<string>`to_char(start_date, 'YYYY-MM-DD')`.as('start'))
      .where('name', '=', 'Store standards round')
      .executeTakeFirstOrThrow();
    const today = addDays(project.start, 20);
    const rows = await k()
      .selectFrom('tasks as t')
      .innerJoin('users as u', 'u.id', 't.assignee_id')
      .select(['t.starts_at'])
      .where('u.email', '=', 'qualitycontrol@demo.com')
      .where('t.starts_at', '>=', zonedInstant(today, '00:00', 'Europe/Paris'))
      .where('t.starts_at', '<', zonedInstant(addDays(today, 7), '00:00', 'Europe/Paris'))
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    // Visits planned on a Sunday move to the Monday.
    const day = new Date(`${today}T12:00:00Z`).getUTCDay() === 0 ? addDays(today, 1) : today;
    expect(rows.filter((r) => localDate(new Date(r.starts_at), 'Europe/Paris') === day)).toHaveLength(2);
  });

  it("local times follow the zone's daylight saving time", () => {
    expect(zonedInstant('2026-03-28', '09:00', 'Europe/Paris').toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(zonedInstant('2026-03-29', '09:00', 'Europe/Paris').toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(zonedInstant('2026-10-25', '09:00', 'Europe/Paris').toISOString()).toBe('2026-10-25T08:00:00.000Z');
    expect(localDate(new Date('2026-11-24T23:30:00Z'), 'Europe/Paris')).toBe('2026-11-25');
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
  });
});
