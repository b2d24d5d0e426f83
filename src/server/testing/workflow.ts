// Test fixtures of the inspection workflow, written straight through the entities (not through the
// projects / slots services): a project with an assignment, a slot and its task, in any state, with
// the task's copies consistent with the assignment and slot (one task per slot, scheme pinned).
import type { MikroORM } from '@mikro-orm/postgresql';
import type { TAnswer } from '../../shared/schemas/tasks.ts';
import type { TProjectStatus, TTaskStatus } from '../../shared/workflow/statuses.ts';
import { db } from '../db/kysely.ts';
import { LocationAssignment } from '../domains/workflow/assignments/assignment.entity.ts';
import { Project } from '../domains/workflow/projects/project.entity.ts';
import { Slot } from '../domains/workflow/slots/slot.entity.ts';
import { Task } from '../domains/workflow/tasks/task.entity.ts';

export interface TaskFixtureOptions {
  customer?: string;
  /** Reuse a project (and its scheme) instead of creating one. */
  projectId?: number;
  projectStatus?: TProjectStatus;
  /** A published scheme version of the customer; default: its first published one (by id). */
  schemeId?: number;
  /** The assigned inspector (an e-mail), or null for none; default qualitycontrol@demo.com (NWS: qualitycontrol@nws.demo.com). */
  assignee?: string | null;
  /** The team (by name); default the assignee's first team, else the customer's first team. */
  team?: string;
  /** The location (by code); default the customer's first location with coordinates, by id. */
  location?: string;
  startsAt?: Date;
  endsAt?: Date;
  status?: TTaskStatus;
  answers?: TAnswer[];
  submitMutationId?: string | null;
}

export interface TaskFixture {
  taskId: number;
  slotId: number;
  assignmentId: number;
  projectId: number;
  locationId: number;
  teamId: number;
  schemeId: number;
  customerId: number;
  assigneeId: number | null;
}

let counter = 0;

/** One task (with its project unless given, its assignment and slot), written directly. */
export async function createTaskFixture(orm: MikroORM, options: TaskFixtureOptions = {}): Promise<TaskFixture> {
  const em = orm.em.fork();
  const k = db(em);
  const code = options.customer ?? 'ACME';
  const customer = await k.selectFrom('customers').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  const defaultAssignee = code === 'NWS' ? 'qualitycontrol@nws.demo.com' : 'qualitycontrol@demo.com';
  const assigneeEmail = options.assignee === undefined ? defaultAssignee : options.assignee;
  const assignee =
    assigneeEmail === null
      ? null
      : await k
          .selectFrom('users')
          .select(['id', 'team_id'])
          .where('email', '=', assigneeEmail)
          .executeTakeFirstOrThrow();

  let project: Project;
  if (options.projectId !== undefined) {
    project = await em.findOneOrFail(Project, options.projectId);
  } else {
    const schemeId =
      options.schemeId ??
      (
        await k
          .selectFrom('schemes')
          .select('id')
          .where('customer_id', '=', customer.id)
          .where('status', '=', 'published')
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
    project = em.create(Project, {
      customer: customer.id,
      code: `FX-${++counter}-${Date.now().toString(36)}`.slice(0, 32),
      name: `Fixture project ${counter}`,
      description: null,
      scheme: schemeId,
      startDate: new Date(Date.now() - 30 * 864e5).toISOString().slice(0, 10),
      endDate: new Date(Date.now() + 30 * 864e5).toISOString().slice(0, 10),
      status: options.projectStatus ?? 'active',
      owner: null,
      activatedAt: null,
      completedAt: null,
      archivedAt: null,
    });
    await em.flush();
  }

  const team = options.team
    ? await k
        .selectFrom('teams')
        .select('id')
        .where('customer_id', '=', customer.id)
        .where('name', '=', options.team)
        .executeTakeFirstOrThrow()
    : assignee?.team_id
      ? { id: assignee.team_id }
      : await k
          .selectFrom('teams')
          .select('id')
          .where('customer_id', '=', customer.id)
          .orderBy('id')
          .executeTakeFirstOrThrow();
  const location = options.location
    ? await k
        .selectFrom('locations')
        .select('id')
        .where('customer_id', '=', customer.id)
        .where('code', '=', options.location)
        .executeTakeFirstOrThrow()
    : await k
        .selectFrom('locations')
        .select('id')
        .where('customer_id', '=', customer.id)
        .where('latitude', 'is not', null)
        .orderBy('id')
        .executeTakeFirstOrThrow();

  // One assignment per (project, location): reuse it when the project already has the location.
  let assignment = await em.findOne(LocationAssignment, { project: project.id, location: location.id });
  assignment ??= em.create(LocationAssignment, {
    customer: customer.id,
    project,
    location: location.id,
    team: team.id,
    assignee: assignee?.id ?? null,
    plannedVisits: 1,
  });
  await em.flush();

  const startsAt = options.startsAt ?? new Date(Date.now() - 10 * 60_000);
  const endsAt = options.endsAt ?? new Date(startsAt.getTime() + 4 * 3600_000);
  const slot = em.create(Slot, { customer: customer.id, assignment, startsAt, endsAt, occurrence: null });
  await em.flush();
  const status = options.status ?? 'scheduled';
  const started = status !== 'scheduled' && status !== 'missed' && !(status === 'cancelled');
  const submitted = status === 'submitted' || status === 'approved' || status === 'rejected';
  const task = em.create(Task, {
    customer: customer.id,
    project,
    assignment,
    slot,
    location: assignment.location.id,
    team: assignment.team.id,
    assignee: assignment.assignee?.id ?? null,
    scheme: project.scheme.id,
    status,
    startsAt,
    endsAt,
    startedAt: started ? new Date() : null,
    submittedAt: submitted ? new Date() : null,
    reviewedAt: status === 'approved' || status === 'rejected' ? new Date() : null,
    answers: options.answers ?? [],
    criticalFailures: [],
    sectionScores: [],
    submitMutationId: options.submitMutationId ?? (submitted ? `fixture-${counter}` : null),
    reworkCount: 0,
    outOfFence: false,
  });
  await em.flush();
  return {
    taskId: task.id,
    slotId: slot.id,
    assignmentId: assignment.id,
    projectId: project.id,
    locationId: assignment.location.id,
    teamId: assignment.team.id,
    schemeId: project.scheme.id,
    customerId: customer.id,
    assigneeId: assignment.assignee?.id ?? null,
  };
}
