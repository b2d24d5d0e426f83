// The inspection workflow of the demo customers: ACME has an active project (the store standards,
// weekly visits to 20 locations of its two field teams over a month around the seeding day) with
// tasks in every status and scores computed by the score function from generated answers, and a
// draft project being planned; NWS has one small active project.
//
// Dates: relative to the seeding day, at local midnight in the customer's time zone (Europe/Paris),
// like the other seeders' "relative to today": a database seeded today always has visits this week,
// and the demo inspector (qualitycontrol@demo.com) has two visits today (08:00–20:00 local; on a
// Sunday, the next day).
// Everything else is deterministic (a fixed faker seed, statuses from a fixed cycle). Slots carry
// their local date as `occurrence`. Answers carry no file ids and no signature is stored, so the seeded
// submitted tasks stand for submissions made before evidence rules (seed/files.seeder.ts then adds a few
// generated photos to some of them).
// Each started task has its history (audit events of its transitions, as the services write them), each
// submission its round (task_rounds), and a reworked task's first rejection flags questions, with
// round 1's answers differing from round 2's on those questions. None of it draws from the faker, so
// the rest of the data is the same as before it was added.
import { base, Faker, fr } from '@faker-js/faker';
import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { Customer } from '../src/server/domains/organization/customers/customer.entity.ts';
import { Team, TeamMember, User } from '../src/server/domains/organization/users/user.entity.ts';
import { Location } from '../src/server/domains/structure/locations/location.entity.ts';
import { Scheme, SchemeQuestion, SchemeSection } from '../src/server/domains/structure/schemes/scheme.entity.ts';
import { LocationAssignment } from '../src/server/domains/workflow/assignments/assignment.entity.ts';
import { Project } from '../src/server/domains/workflow/projects/project.entity.ts';
import { Slot } from '../src/server/domains/workflow/slots/slot.entity.ts';
import { Task, TaskReview, TaskRound } from '../src/server/domains/workflow/tasks/task.entity.ts';
import { AuditEvent } from '../src/server/lib/audit/audit-event.entity.ts';
import type { TQuestion } from '../src/shared/schemas/schemes.ts';
import type { TAnswer } from '../src/shared/schemas/tasks.ts';
import { distanceMeters } from '../src/shared/workflow/geo.ts';
import { answerOutcomes } from '../src/shared/workflow/outcomes.ts';
import {
  answersByKey,
  computeScore,
  isQuestionVisible,
  questionsOf,
  type ScoreScheme,
} from '../src/shared/workflow/score.ts';
import type { TTaskStatus } from '../src/shared/workflow/statuses.ts';

const DAY = 24 * 3600_000;

/* ------------------------------------------------------------------ local dates */

/** The local calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** YYYY-MM-DD plus `days`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Day of the week of a YYYY-MM-DD date (0 = Sunday). */
function weekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** How far a time zone is ahead of UTC at an instant, in ms. */
function zoneOffset(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return (
    Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) -
    Math.floor(at / 1000) * 1000
  );
}

/** The instant of a local date and wall-clock time (HH:MM) in a time zone. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const first = wall - zoneOffset(wall, timeZone);
  const second = wall - zoneOffset(first, timeZone);
  return new Date(second);
}

/* ------------------------------------------------------------------ answers */

interface SchemeData {
  scheme: Scheme;
  score: ScoreScheme & { sections: { title: string; weight: number; questions: TQuestion[] }[] };
}

async function loadScheme(em: EntityManager, customer: Customer, name: string): Promise<SchemeData> {
  const scheme = await em.findOneOrFail(
    Scheme,
    { customer, name, status: 'published' },
    { orderBy: { version: 'desc' } },
  );
  const sections = await em.find(SchemeSection, { scheme }, { orderBy: { position: 'asc' } });
  const questions = await em.find(SchemeQuestion, { scheme }, { orderBy: { position: 'asc' } });
  return {
    scheme,
    score: {
      passingScore: scheme.passingScore,
      sections: sections.map((s) => ({
        title: s.title,
        weight: Number(s.weight),
        questions: questions
          .filter((q) => q.section.id === s.id)
          .map((q) => ({
            id: q.id,
            key: q.key,
            position: q.position,
            text: q.text,
            help: q.help ?? null,
            type: q.type,
            options: q.options,
            maxScore: Number(q.maxScore),
            weight: Number(q.weight),
            required: q.required,
            allowNA: q.allowNa,
            critical: q.critical,
            evidence: q.evidence,
            minPhotos: q.minPhotos,
            visibleIf: q.visibleIf ?? null,
          })),
      })),
    },
  };
}

const REMARKS = [
  'Store manager informed on the spot.',
  'Second visit this month; clear improvement since last time.',
  'Delivery arrived during the visit, aisles partly blocked.',
  'Staff very cooperative.',
  'Follow-up agreed with the department manager for next week.',
];

/**
 * Answers an inspector gives: each question is answered well with probability `quality` (earning at
 * least half its points), N/A sometimes where allowed; hidden questions are skipped.
 */
function generateAnswers(f: Faker, data: SchemeData, quality: number): TAnswer[] {
  const answers: TAnswer[] = [];
  const byKey = answersByKey(answers);
  const questions = questionsOf(data.score);
  for (const question of questions.values()) {
    if (!isQuestionVisible(question, byKey, questions)) continue;
    const answer: TAnswer = { questionKey: question.key, value: null, na: false, comment: null, fileIds: [] };
    const good = f.number.float({ min: 0, max: 1 }) < quality;
    const m = question.maxScore;
    if (question.allowNA && f.number.float({ min: 0, max: 1 }) < 0.15) {
      answer.na = true;
    } else {
      switch (question.type) {
        case 'yesno':
          answer.value = good;
          break;
        case 'score':
          answer.value = good
            ? f.number.int({ min: Math.ceil(m / 2), max: m })
            : f.number.int({ min: 0, max: Math.max(0, Math.ceil(m / 2) - 1) });
          break;
        case 'choice': {
          const sorted = [...question.options].sort((a, b) => b.score - a.score);
          const pool = good ? sorted.filter((o) => o.score >= m / 2) : sorted.filter((o) => o.score < m / 2);
          answer.value = f.helpers.arrayElement(pool.length ? pool : sorted).value;
          break;
        }
        case 'number':
          answer.value =
            m > 0
              ? good
                ? f.number.int({ min: Math.ceil(m / 2), max: m + 2 })
                : f.number.int({ min: 0, max: Math.max(0, Math.ceil(m / 2) - 1) })
              : f.number.int({ min: 1, max: 6 });
          break;
        case 'text':
          if (f.datatype.boolean()) answer.value = f.helpers.arrayElement(REMARKS);
          break;
        default:
          break; // photo, signature: files (issue 12)
      }
    }
    if (!good && answer.value !== null && f.datatype.boolean()) answer.comment = 'Shown to the store manager.';
    if (answer.value === null && !answer.na && answer.comment === null) continue;
    answers.push(answer);
    byKey.set(answer.questionKey, answer);
  }
  return answers;
}

/* ------------------------------------------------------------------ plan */

/** Statuses of past visits, in a fixed cycle (every status appears; most are approved). */
const PAST_CYCLE: TTaskStatus[] = [
  'approved',
  'approved',
  'submitted',
  'approved',
  'rejected',
  'approved',
  'missed',
  'approved',
  'in_progress',
  'approved',
  'cancelled',
  'approved',
  'submitted',
  'approved',
  'approved',
  'rejected',
  'approved',
  'missed',
  'approved',
  'approved',
];

const REJECT_REASONS = [
  'The photos of the emergency exits are missing; please add them and resubmit.',
  'Checkout answers do not match the queue counts in your remarks; please check them.',
  'The price labelling score looks too high for the gaps you reported.',
];
/** A reviewer's note on a flagged question, by question type. */
const QUESTION_NOTES: Record<string, string> = {
  yesno: 'Please add a photo that shows it.',
  score: 'This score does not match your remark; please check it on site.',
  choice: 'Please describe what you saw.',
  number: 'Please count again.',
  default: 'Please check this answer.',
};

/** The questions a reviewer flags: the first two scored answers (no randomness). */
function flaggedQuestions(answers: readonly TAnswer[], data: SchemeData): TQuestion[] {
  const questions = questionsOf(data.score);
  return answers
    .filter((a) => !a.na && a.value !== null)
    .map((a) => questions.get(a.questionKey))
    .filter((q): q is TQuestion => !!q && ['yesno', 'score', 'choice', 'number'].includes(q.type))
    .slice(0, 2);
}

/** Round 1 of a reworked task: the final answers, weaker on the flagged questions. */
function firstRoundAnswers(answers: readonly TAnswer[], flagged: readonly TQuestion[]): TAnswer[] {
  const keys = new Map(flagged.map((q) => [q.key, q]));
  return answers.map((answer) => {
    const q = keys.get(answer.questionKey);
    if (!q) return answer;
    let value = answer.value;
    if (q.type === 'yesno') value = !answer.value;
    else if (q.type === 'choice') value = [...q.options].sort((x, y) => x.score - y.score)[0]?.value ?? answer.value;
    else if (typeof answer.value === 'number')
      value = Math.max(0, answer.value - Math.max(1, Math.ceil(q.maxScore / 2)));
    return { ...answer, value, comment: null };
  });
}

const CANCEL_REASONS = [
  'Store closed for a stocktake.',
  'Visit merged with the regional audit.',
  'Road closed by a local strike.',
];

interface AssignmentPlan {
  location: Location;
  team: Team;
  inspector: User;
  /** Days (relative to the seeding day) of the visits. */
  days: number[];
  hours: [string, string];
}

interface ProjectPlan {
  customer: Customer;
  code: string;
  name: string;
  description: string;
  data: SchemeData;
  owner: User;
  status: 'active' | 'draft';
  startDay: number;
  endDay: number;
  assignments: AssignmentPlan[];
  reviewers: Map<number, User>;
  /** Who cancels its visits (in the history). */
  canceller: User;
}

/** Weekly visits on day offsets ≡ `offset` (mod 7) within [from, to]; a Sunday moves to the Monday. */
function weekly(today: string, offset: number, from: number, to: number): number[] {
  const day = weekday(addDays(today, offset)) === 0 ? offset + 1 : offset;
  const days: number[] = [];
  for (let d = from; d <= to; d++) if ((((d - day) % 7) + 7) % 7 === 0) days.push(d);
  return days;
}

export class WorkflowSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    const f = new Faker({ locale: [fr, base] });
    f.seed(6601);
    const acme = await em.findOneOrFail(Customer, { code: 'ACME' });
    const nws = await em.findOneOrFail(Customer, { code: 'NWS' });
    const today = localDate(new Date(), acme.timeZone);
    const user = (email: string) => em.findOneOrFail(User, { email });

    const lyon = await em.findOneOrFail(Team, { customer: acme, name: 'Lyon field team' });
    const paris = await em.findOneOrFail(Team, { customer: acme, name: 'Paris field team' });
    const berlin = await em.findOneOrFail(Team, { customer: nws, name: 'Berlin Mitte' });
    const inspectorsOf = async (team: Team) =>
      (await em.find(TeamMember, { team }, { populate: ['user'], orderBy: { user: { id: 'asc' } } }))
        .map((m) => m.user)
        .filter((u) => u.role === 'qualitycontrol');
    const demoInspector = await user('qualitycontrol@demo.com');
    const lyonInspectors = (await inspectorsOf(lyon)).filter((u) => u.id !== demoInspector.id);
    const parisInspectors = await inspectorsOf(paris);
    const usable = async (customer: Customer, areas: string[]) =>
      (
        await em.find(
          Location,
          { customer, active: true, archivedAt: null },
          { orderBy: { code: 'asc' }, populate: ['subDirection'] },
        )
      ).filter((l) => areas.includes(l.subDirection.code));

    // ACME, active: 10 South-East locations for the Lyon team (3 for the demo inspector), 10 North for Paris.
    const standards = await loadScheme(em, acme, 'Store opening standards');
    const southEast = (await usable(acme, ['LYON', 'ALPS', 'PACA'])).slice(0, 10);
    const north = (await usable(acme, ['PAR-W', 'PAR-E', 'HDF'])).slice(0, 10);
    const assignments: AssignmentPlan[] = [];
    const demoDay = weekday(today) === 0 ? 1 : 0;
    southEast.forEach((location, i) => {
      const demo = i < 3;
      assignments.push({
        location,
        team: lyon,
        inspector: demo ? demoInspector : lyonInspectors[i % lyonInspectors.length],
        // The demo inspector's first two locations are visited today (all day; on a Sunday, the Monday), the
        // third the day after.
        days: weekly(today, demo ? demoDay + (i < 2 ? 0 : 1) : i % 6, -20, 10),
        hours: demo && i < 2 ? ['08:00', '20:00'] : i % 2 ? ['14:00', '17:30'] : ['09:00', '12:00'],
      });
    });
    north.forEach((location, i) => {
      assignments.push({
        location,
        team: paris,
        inspector: parisInspectors[i % parisInspectors.length],
        days: weekly(today, (i + 3) % 6, -20, 10),
        hours: i % 2 ? ['13:30', '16:30'] : ['08:30', '11:30'],
      });
    });
    const parisLeader = await em.findOneOrFail(User, { id: paris.teamLeader!.id });
    const active: ProjectPlan = {
      customer: acme,
      code: 'STD-ROUND',
      name: 'Store standards round',
      description: 'Weekly walk-through of the South-East and North stores against the store opening standards.',
      data: standards,
      owner: await user('businessadmin@demo.com'),
      status: 'active',
      startDay: -20,
      endDay: 10,
      assignments,
      reviewers: new Map([
        [lyon.id, await user('teamleader@demo.com')],
        [paris.id, parisLeader],
      ]),
      canceller: await user('floormanager@demo.com'),
    };

    // ACME, draft: the cold-chain audit being planned (assignments, no slots yet).
    const coldChain = await loadScheme(em, acme, 'Fresh food and cold chain');
    const draft: ProjectPlan = {
      customer: acme,
      code: 'COLD-AUDIT',
      name: 'Cold chain audit',
      description: 'Temperature and hygiene audit of the fresh departments before the summer.',
      data: coldChain,
      owner: await user('businessadmin@demo.com'),
      status: 'draft',
      startDay: 15,
      endDay: 45,
      assignments: southEast.slice(0, 5).map((location, i) => ({
        location,
        team: lyon,
        inspector: i < 2 ? demoInspector : lyonInspectors[i % lyonInspectors.length],
        days: [],
        hours: ['09:00', '12:00'],
      })),
      reviewers: new Map(),
      canceller: await user('floormanager@demo.com'),
    };

    // NWS, active: four Berlin-area branches, weekly.
    const walk = await loadScheme(em, nws, 'Branch walk-through');
    const nwsInspector = await user('qualitycontrol@nws.demo.com');
    const berlinLocations = (await usable(nws, ['BER', 'SAX'])).slice(0, 4);
    const nwsProject: ProjectPlan = {
      customer: nws,
      code: 'BER-WALK',
      name: 'Berlin branch walk-through',
      description: 'Monthly walk-through of the Berlin and Saxony branches.',
      data: walk,
      owner: await user('admin@nws.demo.com'),
      status: 'active',
      startDay: -20,
      endDay: 10,
      assignments: berlinLocations.map((location, i) => ({
        location,
        team: berlin,
        inspector: nwsInspector,
        days: weekly(today, i % 5, -20, 10),
        hours: ['10:00', '13:00'],
      })),
      reviewers: new Map([[berlin.id, await user('admin@nws.demo.com')]]),
      canceller: await user('admin@nws.demo.com'),
    };

    const analyst = await user('analyst@demo.com');
    let cycle = 0;
    for (const plan of [active, draft, nwsProject]) cycle = this.project(em, f, plan, today, analyst, cycle);
    await em.flush();
    // Audit events name their task by id: written once the tasks have theirs.
    for (const event of this.events) {
      em.create(AuditEvent, {
        at: event.at,
        customer: event.task.customer.id,
        actor: event.actor?.id ?? null,
        actorEmail: event.actor?.email ?? 'system',
        action: event.action,
        entityType: 'Task',
        entityId: event.task.id,
        changes: event.changes,
      });
    }
    await em.flush();
  }

  private events: { task: Task; at: Date; actor: User | null; action: string; changes: Record<string, unknown> }[] = [];

  private project(
    em: EntityManager,
    f: Faker,
    plan: ProjectPlan,
    today: string,
    analyst: User,
    cycleStart: number,
  ): number {
    const zone = plan.customer.timeZone;
    const now = Date.now();
    const project = em.create(Project, {
      customer: plan.customer,
      code: plan.code,
      name: plan.name,
      description: plan.description,
      scheme: plan.data.scheme,
      startDate: addDays(today, plan.startDay),
      endDate: addDays(today, plan.endDay),
      status: plan.status,
      owner: plan.owner,
      activatedAt: plan.status === 'active' ? zonedInstant(addDays(today, plan.startDay - 3), '10:00', zone) : null,
      completedAt: null,
      archivedAt: null,
    });
    let cycle = cycleStart;
    for (const a of plan.assignments) {
      const assignment = em.create(LocationAssignment, {
        customer: plan.customer,
        project,
        location: a.location,
        team: a.team,
        assignee: a.inspector,
        plannedVisits: Math.max(a.days.length, plan.status === 'draft' ? 4 : 0),
      });
      for (const day of a.days) {
        const date = addDays(today, day);
        const startsAt = zonedInstant(date, a.hours[0], zone);
        const endsAt = zonedInstant(date, a.hours[1], zone);
        const slot = em.create(Slot, { customer: plan.customer, assignment, startsAt, endsAt, occurrence: date });
        // Past days get the cycle's statuses; today and later are scheduled, now and then cancelled.
        const status: TTaskStatus =
          day < 0
            ? PAST_CYCLE[cycle++ % PAST_CYCLE.length]
            : f.number.int({ min: 0, max: 19 }) === 0
              ? 'cancelled'
              : 'scheduled';
        this.task(em, f, { plan, a, assignment, slot, project, status, analyst, canceller: plan.canceller, now });
      }
    }
    return cycle;
  }

  private task(
    em: EntityManager,
    f: Faker,
    ctx: {
      plan: ProjectPlan;
      a: AssignmentPlan;
      assignment: LocationAssignment;
      slot: Slot;
      project: Project;
      status: TTaskStatus;
      analyst: User;
      canceller: User;
      now: number;
    },
  ): void {
    const { plan, a, slot, status } = ctx;
    const started =
      status === 'in_progress' || status === 'submitted' || status === 'approved' || status === 'rejected';
    const submitted = status === 'submitted' || status === 'approved' || status === 'rejected';
    const reviewed = status === 'approved' || status === 'rejected';
    const startedAt = started ? new Date(slot.startsAt.getTime() + f.number.int({ min: 5, max: 40 }) * 60_000) : null;
    const submittedAt =
      submitted && startedAt ? new Date(startedAt.getTime() + f.number.int({ min: 40, max: 100 }) * 60_000) : null;
    const reviewedAt =
      reviewed && submittedAt
        ? new Date(Math.min(ctx.now - 3600_000, submittedAt.getTime() + f.number.int({ min: 2, max: 30 }) * 3600_000))
        : null;
    const answers = started ? generateAnswers(f, plan.data, f.number.float({ min: 0.8, max: 1 })) : [];
    const result = submitted ? computeScore(plan.data.score, answers) : null;

    // Check-in near the location; now and then outside its geofence, with a reason.
    let checkIn: Pick<
      Task,
      | 'checkInLatitude'
      | 'checkInLongitude'
      | 'checkInAccuracy'
      | 'checkInDistanceM'
      | 'checkInAt'
      | 'outOfFence'
      | 'outOfFenceReason'
    > = {
      checkInLatitude: null,
      checkInLongitude: null,
      checkInAccuracy: null,
      checkInDistanceM: null,
      checkInAt: null,
      outOfFence: false,
      outOfFenceReason: null,
    };
    const location = a.location;
    if (startedAt && location.latitude != null && location.longitude != null) {
      const far = f.number.int({ min: 0, max: 11 }) === 0;
      const spread = far ? 0.006 : 0.0004;
      const point = {
        latitude: Number((location.latitude + f.number.float({ min: -spread, max: spread })).toFixed(6)),
        longitude: Number((location.longitude + f.number.float({ min: -spread, max: spread })).toFixed(6)),
      };
      const accuracy = f.number.int({ min: 5, max: 35 });
      const distance =
        Math.round(distanceMeters(point, { latitude: location.latitude, longitude: location.longitude }) * 10) / 10;
      const outside = distance > location.geofenceRadiusM + accuracy;
      checkIn = {
        checkInLatitude: point.latitude,
        checkInLongitude: point.longitude,
        checkInAccuracy: accuracy,
        checkInDistanceM: distance,
        checkInAt: startedAt,
        outOfFence: outside,
        outOfFenceReason: outside ? 'Checked in from the delivery yard behind the store.' : null,
      };
    }

    // A third of the approved tasks went through one rework round first.
    const reworked = status === 'approved' && f.number.int({ min: 0, max: 2 }) === 0;
    const reworkCount = reworked ? 1 : 0;
    const task = em.create(Task, {
      customer: plan.customer,
      project: ctx.project,
      assignment: ctx.assignment,
      slot,
      location: a.location,
      team: a.team,
      assignee: a.inspector,
      scheme: plan.data.scheme,
      status,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      startedAt,
      submittedAt,
      reviewedAt,
      ...checkIn,
      answers,
      score: result?.score ?? null,
      passed: result ? result.passed : null,
      criticalFailures: result?.criticalFailures ?? [],
      sectionScores: result?.sectionScores ?? [],
      answerOutcomes: submitted ? answerOutcomes(plan.data.score, answers) : null,
      signatureFileId: null,
      submitMutationId: submitted ? `seed-${slot.occurrence}-${a.location.code}`.slice(0, 100) : null,
      reworkCount,
      cancelReason: status === 'cancelled' ? f.helpers.arrayElement(CANCEL_REASONS) : null,
      reminderSentAt: null,
    });
    const event = (at: Date, actor: User | null, action: string, changes: Record<string, unknown>) =>
      this.events.push({ task, at, actor, action, changes });
    if (status === 'missed')
      event(slot.endsAt, null, 'missed', { status: { from: 'scheduled', to: 'missed' }, endsAt: slot.endsAt });
    if (status === 'cancelled')
      event(new Date(Math.min(ctx.now, slot.startsAt.getTime()) - DAY), ctx.canceller, 'cancel', {
        status: { from: 'scheduled', to: 'cancelled' },
        reason: task.cancelReason,
      });
    if (startedAt) {
      // A reworked task was first started before its first round (half a day before the last one).
      const firstStart = reworked && submittedAt ? new Date(submittedAt.getTime() - DAY / 2 - 4 * 3600_000) : startedAt;
      event(firstStart, a.inspector, 'start', {
        status: { from: 'scheduled', to: 'in_progress' },
        distanceM: checkIn.checkInDistanceM,
        outOfFence: checkIn.outOfFence,
        ...(checkIn.outOfFenceReason ? { outOfFenceReason: checkIn.outOfFenceReason } : {}),
      });
    }
    const flagged = flaggedQuestions(answers, plan.data);
    const submit = (at: Date, round: number, sent: TAnswer[]) => {
      const scored = computeScore(plan.data.score, sent);
      em.create(TaskRound, {
        task,
        round,
        answers: sent,
        score: scored.score,
        passed: scored.passed,
        createdAt: at,
        updatedAt: at,
      });
      event(at, a.inspector, 'submit', {
        status: { from: 'in_progress', to: 'submitted' },
        score: scored.score,
        passed: scored.passed,
        criticalFailures: scored.criticalFailures,
      });
    };
    if (reviewed && submittedAt && reviewedAt) {
      const reviewer =
        f.number.int({ min: 0, max: 3 }) === 0 ? ctx.analyst : (plan.reviewers.get(a.team.id) ?? ctx.analyst);
      if (reworked) {
        // Round 1: sent half a day earlier with weaker answers on the questions the reviewer flagged.
        const first = new Date(submittedAt.getTime() - DAY / 2);
        const sentAt = new Date(first.getTime() - 3 * 3600_000);
        const reason = f.helpers.arrayElement(REJECT_REASONS);
        const questionComments = flagged.map((q) => ({
          questionKey: q.key,
          comment: QUESTION_NOTES[q.type] ?? QUESTION_NOTES.default,
        }));
        submit(sentAt, 1, firstRoundAnswers(answers, flagged));
        em.create(TaskReview, {
          task,
          round: 1,
          reviewer,
          decision: 'rejected',
          reason,
          comment: null,
          questionComments,
          createdAt: first,
          updatedAt: first,
        });
        event(first, reviewer, 'reject', {
          status: { from: 'submitted', to: 'rejected' },
          round: 1,
          reason,
          questionKeys: questionComments.map((c) => c.questionKey),
        });
        const resumed = new Date(first.getTime() + 3600_000);
        event(resumed, a.inspector, 'resume', { status: { from: 'rejected', to: 'in_progress' }, reworkCount: 1 });
      }
      submit(submittedAt, reworkCount + 1, answers);
      const decision = status === 'approved' ? 'approved' : 'rejected';
      const reason = status === 'rejected' ? f.helpers.arrayElement(REJECT_REASONS) : null;
      const comment = status === 'approved' && f.datatype.boolean() ? 'Good visit, thank you.' : null;
      const questionComments =
        decision === 'rejected'
          ? flagged.map((q) => ({ questionKey: q.key, comment: QUESTION_NOTES[q.type] ?? QUESTION_NOTES.default }))
          : [];
      em.create(TaskReview, {
        task,
        round: reworkCount + 1,
        reviewer,
        decision,
        reason,
        comment,
        questionComments,
        createdAt: reviewedAt,
        updatedAt: reviewedAt,
      });
      event(reviewedAt, reviewer, decision === 'approved' ? 'approve' : 'reject', {
        status: { from: 'submitted', to: decision },
        round: reworkCount + 1,
        ...(reason ? { reason } : {}),
        ...(comment ? { comment } : {}),
        ...(questionComments.length ? { questionKeys: questionComments.map((c) => c.questionKey) } : {}),
      });
    } else if (submittedAt) {
      submit(submittedAt, 1, answers);
    }
  }
}
