// ROLE MATRIX: walks the "Who may do what" rows of the product's role matrix for the business-structure subjects and
// checks, per role, the allowed actions succeed and the refused ones answer FORBIDDEN (through the
// real tRPC procedures, as each demo account). "own" is the caller's customer; "team" the caller's
// teams; "self" the caller. The `client` demo role may only read AclDemo, so it is refused everywhere.
import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/constants/roles.ts';
import { AuditEvent } from '../lib/audit/audit-event.entity.ts';
import { type AppCaller, setupTestApp } from '../testing/app.ts';

// The rows of the role matrix for these subjects, verbatim.
const TABLE = `
| subject | superadmin | admin | businessadmin | businessuser | floormanager | teamleader | qualitycontrol | analyst |
|---|---|---|---|---|---|---|---|---|
| Customer | manage | read own | read own | read own | - | - | - | - |
| License | manage | read own | read own | - | - | - | - | - |
| Direction, SubDirection, Class, Location | manage | manage | manage | read | read | read | read | read |
| Scheme | manage | manage | manage | read | read | read | read | read |
| Team | manage | manage | read | read | manage team | read team | read team | read |
| User | manage | manage own (not superadmin) | read | - | read team | read team | self | read |
| Project | manage | manage | manage | create, update own, read | read | read | - | read |
| LocationAssignment, Slot | manage | manage | manage | read | manage | manage team | read self | read |
`;

type Subject =
  | 'Customer'
  | 'License'
  | 'Direction'
  | 'SubDirection'
  | 'Class'
  | 'Location'
  | 'Scheme'
  | 'Team'
  | 'User'
  | 'Project'
  | 'LocationAssignment'
  | 'Slot';

function parseMatrix(table: string): Map<Subject, Map<Role, string>> {
  const rows = table
    .trim()
    .split('\n')
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  const roles = rows[0].slice(1) as Role[];
  const out = new Map<Subject, Map<Role, string>>();
  for (const row of rows.slice(2)) {
    for (const subject of row[0].split(',').map((s) => s.trim() as Subject)) {
      const cells = new Map<Role, string>(roles.map((role, i) => [role, row[i + 1]]));
      cells.set('client', '-');
      out.set(subject, cells);
    }
  }
  return out;
}

const MATRIX = parseMatrix(TABLE);

const t = await setupTestApp();
const sa = await t.caller('superadmin@demo.com');
const admin = await t.caller('admin@demo.com');
const ACME = (await sa.customers.list({ q: 'ACME' })).items.find((c) => c.code === 'ACME')!.id;
const DAY = 864e5;
let counter = 0;
const tag = () => `M${++counter}`;

interface Adapter {
  list(c: AppCaller): Promise<{ items: { id: number }[] }>;
  byId(c: AppCaller, id: number): Promise<unknown>;
  create(c: AppCaller): Promise<number>;
  update(c: AppCaller, id: number): Promise<unknown>;
  remove(c: AppCaller, id: number): Promise<unknown>;
  /** An existing ACME record. */
  sample(): Promise<number>;
}

// Workflow records: ACME projects in 2032, assignments of the Lyon team (the team leader's), slots in them.
const teamNamed = async (q: string) => (await admin.teams.list({ q })).items[0].id;
const userNamed = async (q: string) => (await admin.users.list({ q })).items[0].id;
const someLocation = async () => (await admin.locations.list({})).items[0].id;
async function matrixProject(): Promise<number> {
  const schemeId = (await admin.schemes.list({ view: 'latestPublished' })).items[0].id;
  return (
    await admin.projects.create({
      code: tag(),
      name: 'Matrix project',
      schemeId,
      startDate: '2032-01-01',
      endDate: '2032-12-31',
    })
  ).id;
}
/** Lyon's assignment in a new project, the inspector qualitycontrol@demo.com (or none). */
async function lyonAssignment(withInspector = true): Promise<{ id: number; projectId: number }> {
  const projectId = await matrixProject();
  const assigneeId = withInspector ? await userNamed('qualitycontrol@demo.com') : null;
  const a = await admin.assignments.create({
    projectId,
    locationId: await someLocation(),
    teamId: await teamNamed('Lyon'),
    assigneeId,
    plannedVisits: 1,
  });
  return { id: a.id, projectId };
}
let sampleAssignment: Promise<{ id: number; projectId: number }> | undefined;
const theSampleAssignment = () => (sampleAssignment ??= lyonAssignment());
let sampleSlot: Promise<number> | undefined;
const theSampleSlot = () =>
  (sampleSlot ??= theSampleAssignment().then(
    async (a) => (await admin.slots.create({ assignmentId: a.id, ...slotWindow(1) })).id,
  ));
const slotWindow = (day: number) => ({
  startsAt: new Date(Date.UTC(2032, 0, day, 9)),
  endsAt: new Date(Date.UTC(2032, 0, day, 10)),
});
/** Slots have no byId procedure: the slot as the caller's list shows it, NOT_FOUND when it is not there. */
async function slotById(c: AppCaller, id: number): Promise<unknown> {
  const found = (await c.slots.list({ itemsPerPage: -1 })).items.find((s) => s.id === id);
  if (!found) throw Object.assign(new Error('Slot not found'), { code: 'NOT_FOUND' });
  return found;
}
/** A record of another team (Paris, no inspector) for the team and self cells. */
const otherTeamRecord: Partial<Record<Subject, () => Promise<number>>> = {
  LocationAssignment: async () => {
    const projectId = await matrixProject();
    return (
      await admin.assignments.create({
        projectId,
        locationId: await someLocation(),
        teamId: await teamNamed('Paris'),
        plannedVisits: 1,
      })
    ).id;
  },
  Slot: async () => {
    const projectId = await matrixProject();
    const other = await admin.assignments.create({
      projectId,
      locationId: await someLocation(),
      teamId: await teamNamed('Paris'),
      plannedVisits: 1,
    });
    return (await admin.slots.create({ assignmentId: other.id, ...slotWindow(2) })).id;
  },
};

const north = async () => (await admin.directions.list({ q: 'NORTH' })).items[0].id;
const someSub = async () => (await admin.subDirections.list({})).items[0].id;

const ADAPTERS: Record<Subject, Adapter> = {
  Customer: {
    list: (c) => c.customers.list({}),
    byId: (c, id) => c.customers.byId({ id }),
    create: async (c) => (await c.customers.create({ code: tag(), name: 'Matrix Co' })).id,
    update: (c, id) => c.customers.update({ id, city: 'Nantes' }),
    remove: (c, id) => c.customers.delete({ id }),
    sample: async () => ACME,
  },
  License: {
    list: (c) => c.licenses.list({}),
    byId: (c, id) => c.licenses.byId({ id }),
    create: async (c) => {
      const customer = await sa.customers.create({ code: tag(), name: 'Licensed Co' });
      return (
        await c.licenses.create({
          customerId: customer.id,
          plan: 'team',
          seats: 5,
          startsAt: new Date(Date.now() + DAY),
          expiresAt: new Date(Date.now() + 30 * DAY),
        })
      ).id;
    },
    update: (c, id) => c.licenses.update({ id, seats: 6 }),
    remove: (c, id) => c.licenses.delete({ id }),
    sample: async () => (await admin.licenses.list({ status: 'active' })).items[0].id,
  },
  Direction: {
    list: (c) => c.directions.list({}),
    byId: (c, id) => c.directions.byId({ id }),
    create: async (c) => (await c.directions.create({ customerId: ACME, code: tag(), name: 'Matrix direction' })).id,
    update: (c, id) => c.directions.update({ id, name: 'Renamed' }),
    remove: (c, id) => c.directions.delete({ id }),
    sample: north,
  },
  SubDirection: {
    list: (c) => c.subDirections.list({}),
    byId: (c, id) => c.subDirections.byId({ id }),
    create: async (c) =>
      (await c.subDirections.create({ directionId: await north(), code: tag(), name: 'Matrix area' })).id,
    update: (c, id) => c.subDirections.update({ id, name: 'Renamed' }),
    remove: (c, id) => c.subDirections.delete({ id }),
    sample: someSub,
  },
  Class: {
    list: (c) => c.classes.list({}),
    byId: (c, id) => c.classes.byId({ id }),
    create: async (c) => (await c.classes.create({ customerId: ACME, name: `Matrix class ${tag()}` })).id,
    update: (c, id) => c.classes.update({ id, color: '#123456' }),
    remove: (c, id) => c.classes.delete({ id }),
    sample: async () => (await admin.classes.list({})).items[0].id,
  },
  Location: {
    list: (c) => c.locations.list({}),
    byId: (c, id) => c.locations.byId({ id }),
    create: async (c) =>
      (await c.locations.create({ subDirectionId: await someSub(), code: tag(), name: 'Matrix store' })).id,
    update: (c, id) => c.locations.update({ id, city: 'Lyon' }),
    remove: (c, id) => c.locations.delete({ id }),
    sample: async () => (await admin.locations.list({})).items[0].id,
  },
  Scheme: {
    list: (c) => c.schemes.list({}),
    byId: (c, id) => c.schemes.byId({ id }),
    create: async (c) => (await c.schemes.create({ customerId: ACME, name: `Matrix scheme ${tag()}` })).id,
    update: (c, id) => c.schemes.update({ id, passingScore: 70 }),
    remove: (c, id) => c.schemes.delete({ id }),
    sample: async () => (await admin.schemes.list({})).items[0].id,
  },
  Team: {
    list: (c) => c.teams.list({}),
    byId: (c, id) => c.teams.byId({ id }),
    create: async (c) => (await c.teams.create({ customerId: ACME, name: `Matrix team ${tag()}` })).id,
    update: (c, id) => c.teams.update({ id, description: 'Updated' }),
    remove: (c, id) => c.teams.delete({ id }),
    sample: async () => (await admin.teams.list({ q: 'Paris' })).items[0].id,
  },
  User: {
    list: (c) => c.users.list({ itemsPerPage: -1 }),
    byId: (c, id) => c.users.byId({ id }),
    create: async (c) => {
      const n = tag().toLowerCase();
      return (
        await c.users.create({
          customerId: ACME,
          email: `${n}@acme.example`,
          fullName: `Matrix ${n}`,
          role: 'analyst',
          password: 'Matrix-2024',
        })
      ).id;
    },
    update: (c, id) => c.users.update({ id, language: 'de' }),
    remove: (c, id) => c.users.delete({ id }),
    sample: async () => (await admin.users.list({ q: 'businessuser@demo.com' })).items[0].id,
  },
  Project: {
    list: (c) => c.projects.list({ itemsPerPage: -1 }),
    byId: (c, id) => c.projects.byId({ id }),
    create: async (c) => {
      const schemeId = (await admin.schemes.list({ view: 'latestPublished' })).items[0].id;
      return (
        await c.projects.create({
          customerId: ACME,
          code: tag(),
          name: 'Matrix project',
          schemeId,
          startDate: '2032-01-01',
          endDate: '2032-06-30',
        })
      ).id;
    },
    update: (c, id) => c.projects.update({ id, description: 'Updated' }),
    remove: (c, id) => c.projects.delete({ id }),
    sample: async () => (await theSampleAssignment()).projectId,
  },
  LocationAssignment: {
    list: async (c) => c.assignments.list({ projectId: (await theSampleAssignment()).projectId, itemsPerPage: -1 }),
    byId: (c, id) => c.assignments.byId({ id }),
    create: async (c) => {
      const projectId = await matrixProject();
      return (
        await c.assignments.create({
          projectId,
          locationId: await someLocation(),
          teamId: await teamNamed('Lyon'),
          plannedVisits: 1,
        })
      ).id;
    },
    update: (c, id) => c.assignments.update({ id, plannedVisits: 2 }),
    remove: (c, id) => c.assignments.delete({ id }),
    sample: async () => (await theSampleAssignment()).id,
  },
  Slot: {
    list: (c) => c.slots.list({ itemsPerPage: -1 }),
    byId: slotById,
    create: async (c) => (await c.slots.create({ assignmentId: (await lyonAssignment()).id, ...slotWindow(3) })).id,
    update: (c, id) => c.slots.update({ id, ...slotWindow(4) }),
    remove: (c, id) => c.slots.delete({ id }),
    sample: theSampleSlot,
  },
};

const refused = (p: Promise<unknown>) => expect(p).rejects.toMatchObject({ code: 'FORBIDDEN' });
const hidden = (p: Promise<unknown>) => expect(p).rejects.toMatchObject({ code: 'NOT_FOUND' });

async function userId(email: string) {
  return (await admin.users.list({ q: email })).items[0].id;
}
async function ownTeamIds(email: string): Promise<number[]> {
  return (await admin.teams.list({ memberId: await userId(email), itemsPerPage: -1 })).items.map((x) => x.id).sort();
}
async function teamMemberIds(teamIds: number[]): Promise<number[]> {
  const members = new Set<number>();
  for (const id of teamIds) for (const m of (await admin.teams.byId({ id })).members) members.add(m.id);
  return [...members].sort((a, b) => a - b);
}

/** What each kind of cell allows, checked against the adapter. */
async function check(subject: Subject, role: Role, cell: string, c: AppCaller, email: string): Promise<void> {
  const a = ADAPTERS[subject];
  const sample = await a.sample();
  switch (cell) {
    case 'manage':
    case 'manage own (not superadmin)': {
      expect((await a.list(c)).items.length).toBeGreaterThan(0);
      const id = await a.create(c);
      await a.byId(c, id);
      await a.update(c, id);
      await a.remove(c, id);
      // Every mutation left an audit event naming the actor.
      const events = await t.orm.em
        .fork()
        .find(AuditEvent, { entityType: subject, entityId: id }, { orderBy: { id: 'asc' } });
      expect(events.map((e) => [e.action, e.actorEmail])).toEqual([
        ['create', email],
        ['update', email],
        ['delete', email],
      ]);
      return;
    }
    case 'read':
    case 'read own': {
      const list = await a.list(c);
      expect(list.items.map((i) => i.id)).toContain(sample);
      await a.byId(c, sample);
      await refused(a.create(c));
      await refused(a.update(c, sample));
      await refused(a.remove(c, sample));
      return;
    }
    case '-': {
      await refused(a.list(c));
      await refused(a.byId(c, sample));
      await refused(a.create(c));
      await refused(a.update(c, sample));
      await refused(a.remove(c, sample));
      return;
    }
    case 'create, update own, read': {
      // Projects (businessuser): read all, create, change its own only, delete none.
      expect((await a.list(c)).items.map((i) => i.id)).toContain(sample);
      const id = await a.create(c);
      await a.update(c, id);
      await refused(a.update(c, sample));
      await refused(a.remove(c, id));
      return;
    }
    case 'read self': {
      // Assignments and slots (qualitycontrol): only those it is the inspector of.
      const mine = await a.sample();
      const other = await otherTeamRecord[subject]!();
      const visible = (await a.list(c)).items.map((i) => i.id);
      expect(visible).toContain(mine);
      expect(visible).not.toContain(other);
      await a.byId(c, mine);
      await hidden(a.byId(c, other));
      await refused(a.create(c));
      await refused(a.update(c, mine));
      await refused(a.remove(c, mine));
      return;
    }
    case 'manage team': {
      if (subject !== 'Team') {
        // Assignments and slots (teamleader): those of its teams, created, changed and deleted; no other team's.
        const id = await a.create(c);
        await a.byId(c, id);
        await a.update(c, id);
        const other = await otherTeamRecord[subject]!();
        expect((await a.list(c)).items.map((i) => i.id)).not.toContain(other);
        await hidden(a.byId(c, other));
        await refused(a.update(c, other));
        await refused(a.remove(c, other));
        await a.remove(c, id);
        return;
      }
      // Team only (floormanager): update their teams; not create, nor touch another team.
      const own = await ownTeamIds(email);
      expect(own.length).toBeGreaterThan(0);
      await a.update(c, own[0]);
      await refused(a.create(c));
      const other = (await admin.teams.create({ name: `Not theirs ${tag()}` })).id;
      await refused(a.update(c, other));
      await refused(a.remove(c, other));
      // Deleting their own team is allowed by the rule, refused by the data (it has members).
      await expect(a.remove(c, own[0])).rejects.toMatchObject({ code: 'CONFLICT' });
      return;
    }
    case 'read team': {
      const own = await ownTeamIds(email);
      const visible = (await a.list(c)).items.map((i) => i.id).sort((x, y) => x - y);
      if (subject === 'Team') {
        expect(visible).toEqual(own);
        const other = (await admin.teams.list({ itemsPerPage: -1 })).items.find((x) => !own.includes(x.id))!;
        await hidden(a.byId(c, other.id));
      } else {
        expect(visible).toEqual(await teamMemberIds(own));
        const outsider = await userId('analyst@demo.com');
        expect(visible).not.toContain(outsider);
        await hidden(a.byId(c, outsider));
      }
      await a.byId(c, visible[0]);
      await refused(a.create(c));
      await refused(a.update(c, visible[0]));
      await refused(a.remove(c, visible[0]));
      return;
    }
    case 'self': {
      const me = await userId(email);
      expect((await a.list(c)).items.map((i) => i.id)).toEqual([me]);
      await a.byId(c, me);
      await hidden(a.byId(c, sample));
      await refused(a.create(c));
      await refused(a.update(c, me));
      await refused(a.remove(c, me));
      return;
    }
    default:
      throw new Error(`unknown matrix cell "${cell}" for ${role} on ${subject}`);
  }
}

describe('role matrix of the business structure', () => {
  it('covers every role and the twelve subjects', () => {
    expect([...MATRIX.keys()].sort()).toEqual([
      'Class',
      'Customer',
      'Direction',
      'License',
      'Location',
      'LocationAssignment',
      'Project',
      'Scheme',
      'Slot',
      'SubDirection',
      'Team',
      'User',
    ]);
    for (const cells of MATRIX.values()) expect([...cells.keys()].sort()).toEqual([...ROLES].sort());
  });

  for (const [subject, cells] of MATRIX) {
    describe(subject, () => {
      for (const role of ROLES) {
        const cell = cells.get(role)!;
        it(`${role}: ${cell}`, async () => {
          const email = `${role}@demo.com`;
          await check(subject, role, cell, await t.caller(email), email);
        });
      }
    });
  }
});
