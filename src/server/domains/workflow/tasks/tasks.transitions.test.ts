// TRANSITION MATRIX: every task transition × every role × every state, generated from the task
// workflow and the Task row of the "Who may do what" matrix. A role that may never take the
// transition's action is FORBIDDEN; perform (start, saveAnswers, submit, resume) is the assigned
// inspector's alone (FORBIDDEN for anyone else, even admins); a transition from a state it does not
// leave is CONFLICT; otherwise it succeeds and lands in its target state. Then the NOT_FOUND rows:
// another customer's task, and a task outside the caller's sight (another inspector's, another team's).
// A refused call changes nothing (status and version as before, no audit event).
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../../../shared/constants/roles.ts';
import { TASK_STATUSES, type TTaskStatus } from '../../../../shared/workflow/statuses.ts';
import { db } from '../../../db/kysely.ts';
import { type AppCaller, setupTestApp } from '../../../testing/app.ts';
import { codeOf } from '../../../testing/trpc.ts';
import { createTaskFixture, type TaskFixture } from '../../../testing/workflow.ts';

// The "Who may do what" matrix row for tasks, verbatim.
const TASK_ROW =
  '| Task | manage | manage | read | read | read, assign, cancel | read team, assign team, review | read self, perform self | read, review |';
const MATRIX_ROLES: Role[] = [
  'superadmin',
  'admin',
  'businessadmin',
  'businessuser',
  'floormanager',
  'teamleader',
  'qualitycontrol',
  'analyst',
];
const CELLS = new Map<Role, string>(
  TASK_ROW.split('|')
    .slice(2, -1)
    .map((c, i) => [MATRIX_ROLES[i], c.trim()]),
);
CELLS.set('client', '-');

type Transition = 'start' | 'saveAnswers' | 'submit' | 'approve' | 'reject' | 'resume' | 'cancel';
const TRANSITIONS: Record<
  Transition,
  { action: 'perform' | 'review' | 'cancel'; from: TTaskStatus[]; to: TTaskStatus }
> = {
  start: { action: 'perform', from: ['scheduled'], to: 'in_progress' },
  saveAnswers: { action: 'perform', from: ['in_progress'], to: 'in_progress' },
  submit: { action: 'perform', from: ['in_progress'], to: 'submitted' },
  approve: { action: 'review', from: ['submitted'], to: 'approved' },
  reject: { action: 'review', from: ['submitted'], to: 'rejected' },
  resume: { action: 'perform', from: ['rejected'], to: 'in_progress' },
  cancel: { action: 'cancel', from: ['scheduled', 'in_progress'], to: 'cancelled' },
};

/** The role may take `action` on tasks at all (the cell has `manage` or the action word). */
function mayAct(role: Role, action: string): boolean {
  const words = (CELLS.get(role) ?? '-').split(',').map((w) => w.trim().split(' ')[0]);
  return words.includes('manage') || words.includes(action);
}

/** What the matrix says for the fixture task (assigned to qualitycontrol@demo.com, in teamleader@demo.com's team). */
function expected(role: Role, transition: Transition, state: TTaskStatus): string {
  const spec = TRANSITIONS[transition];
  if (!mayAct(role, spec.action)) return 'FORBIDDEN';
  if (spec.action === 'perform' && role !== 'qualitycontrol') return 'FORBIDDEN';
  if (!spec.from.includes(state)) return 'CONFLICT';
  return 'OK';
}

const t = await setupTestApp();
const k = () => db(t.orm.em.fork());
const callers = new Map<string, AppCaller>();
const as = async (email: string) => {
  if (!callers.has(email)) callers.set(email, await t.caller(email));
  return callers.get(email)!;
};

let schemeId = 0;
let projectId = 0;
let parisInspector = '';
const ANSWERED = [{ questionKey: 'only', value: true, na: false, comment: null, fileIds: [] }];
let mutation = 0;

beforeAll(async () => {
  const admin = await as('admin@demo.com');
  const draft = await admin.schemes.create({
    name: 'Matrix scheme',
    passingScore: 50,
    sections: [{ title: 'Only', questions: [{ key: 'only', text: 'OK?', type: 'yesno' }] }],
  });
  schemeId = (await admin.schemes.publish({ id: draft.id })).id;
  projectId = (await createTaskFixture(t.orm, { schemeId, location: 'LYON-001' })).projectId;
  const paris = await k()
    .selectFrom('users as u')
    .innerJoin('team_members as m', 'm.user_id', 'u.id')
    .innerJoin('teams as tm', 'tm.id', 'm.team_id')
    .select('u.email')
    .where('tm.name', '=', 'Paris field team')
    .where('u.role', '=', 'qualitycontrol')
    .orderBy('u.id')
    .executeTakeFirstOrThrow();
  parisInspector = paris.email;
});

/** A task of the matrix project in `state` (answered when in progress or later, so submit can pass). */
function taskIn(
  state: TTaskStatus,
  options: { assignee?: string; team?: string; location?: string } = {},
): Promise<TaskFixture> {
  const answered = state !== 'scheduled' && state !== 'missed';
  return createTaskFixture(t.orm, {
    projectId: options.location ? undefined : projectId,
    schemeId,
    location: options.location ?? 'LYON-001',
    status: state,
    answers: answered ? ANSWERED : [],
    ...(options.assignee ? { assignee: options.assignee } : {}),
    ...(options.team ? { team: options.team } : {}),
  });
}

async function call(caller: AppCaller, transition: Transition, f: TaskFixture): Promise<string> {
  const id = f.taskId;
  const location = await k()
    .selectFrom('locations')
    .select(['latitude', 'longitude'])
    .where('id', '=', f.locationId)
    .executeTakeFirstOrThrow();
  switch (transition) {
    case 'start':
      return codeOf(
        caller.tasks.start({
          id,
          latitude: Number(location.latitude),
          longitude: Number(location.longitude),
          accuracy: 5,
        }),
      );
    case 'saveAnswers':
      return codeOf(caller.tasks.saveAnswers({ id, answers: [{ questionKey: 'only', value: false }] }));
    case 'submit':
      return codeOf(caller.tasks.submit({ id, clientMutationId: `matrix-${++mutation}` }));
    case 'approve':
      return codeOf(caller.tasks.approve({ id, comment: 'Matrix' }));
    case 'reject':
      return codeOf(caller.tasks.reject({ id, reason: 'Matrix' }));
    case 'resume':
      return codeOf(caller.tasks.resume({ id }));
    case 'cancel':
      return codeOf(caller.tasks.cancel({ id, reason: 'Matrix' }));
  }
}

const stateOf = (id: number) =>
  k().selectFrom('tasks').select(['status', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
const auditCount = async (id: number) =>
  (
    await k()
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('entity_type', '=', 'Task')
      .where('entity_id', '=', id)
      .executeTakeFirstOrThrow()
  ).n;

/** Run a transition and check the outcome and its effect (target state, or nothing changed). */
async function check(email: string, transition: Transition, f: TaskFixture, want: string): Promise<void> {
  const before = await stateOf(f.taskId);
  const got = await call(await as(email), transition, f);
  expect(got, `${email} ${transition} on a ${before.status} task`).toBe(want);
  const after = await stateOf(f.taskId);
  if (want === 'OK') {
    expect(after.status).toBe(TRANSITIONS[transition].to);
    expect(Number(await auditCount(f.taskId))).toBe(1);
  } else {
    expect(after).toEqual(before);
    expect(Number(await auditCount(f.taskId))).toBe(0);
  }
}

const TRANSITION_NAMES = Object.keys(TRANSITIONS) as Transition[];

describe('task transitions: every transition × role × state, as the matrix says', () => {
  it('the matrix row reads as the abilities mean it', () => {
    expect(ROLES.filter((r) => mayAct(r, 'perform'))).toEqual(['superadmin', 'admin', 'qualitycontrol']);
    expect(ROLES.filter((r) => mayAct(r, 'review'))).toEqual(['superadmin', 'admin', 'teamleader', 'analyst']);
    expect(ROLES.filter((r) => mayAct(r, 'cancel'))).toEqual(['superadmin', 'admin', 'floormanager']);
  });

  for (const transition of TRANSITION_NAMES) {
    describe(transition, () => {
      for (const role of ROLES) {
        for (const state of TASK_STATUSES) {
          const want = expected(role, transition, state);
          it(`${role} on a ${state} task: ${want}`, async () => {
            await check(`${role}@demo.com`, transition, await taskIn(state), want);
          });
        }
      }
    });
  }
});

describe('task transitions on tasks out of reach: NOT_FOUND (FORBIDDEN when the role may never act)', () => {
  const cases: { who: string; email: string; role: Role; label: string }[] = [
    { who: "another customer's admin", email: 'admin@nws.demo.com', role: 'admin', label: 'ACME' },
    {
      who: "another customer's inspector",
      email: 'qualitycontrol@nws.demo.com',
      role: 'qualitycontrol',
      label: 'ACME',
    },
    { who: 'an inspector', email: 'qualitycontrol@demo.com', role: 'qualitycontrol', label: "another inspector's" },
    { who: 'a team leader', email: 'teamleader@demo.com', role: 'teamleader', label: "another team's" },
  ];
  for (const c of cases) {
    describe(`${c.who} on ${c.label} tasks`, () => {
      for (const transition of TRANSITION_NAMES) {
        for (const state of TASK_STATUSES) {
          const want = mayAct(c.role, TRANSITIONS[transition].action) ? 'NOT_FOUND' : 'FORBIDDEN';
          it(`${transition} on a ${state} task: ${want}`, async () => {
            const f =
              c.label === 'ACME'
                ? await taskIn(state)
                : await taskIn(state, { assignee: parisInspector, team: 'Paris field team', location: 'PAR-W-001' });
            await check(c.email, transition, f, want);
          });
        }
      }
    });
  }
});
