// Record search for the navbar's Ctrl+K: people, locations, schemes, teams, customers, projects and
// tasks whose name (or code, e-mail, city, a task's location or project code: the list's own search
// columns, trigram-indexed) contains the text, grouped by type. Each type is one source reading through
// its domain's list service, so the tenant scope and the caller's ability (conditions included: an
// inspector finds only their own tasks) are the very ones of the list page a result leads to.
// Adding a type is adding its entry to RECORD_TYPES and one source below.
import type { Subject } from '../../../../shared/abilities/index.ts';
import { ZListCustomersInput } from '../../../../shared/schemas/customers.ts';
import { ZListLocationsInput } from '../../../../shared/schemas/locations.ts';
import { ZListProjectsInput } from '../../../../shared/schemas/projects.ts';
import { ZListSchemesInput } from '../../../../shared/schemas/schemes.ts';
import {
  MAX_RECORDS_PER_TYPE,
  MIN_RECORD_QUERY,
  type TRecordGroup,
  type TRecordHit,
  type TRecordSearchInput,
  type TRecordType,
} from '../../../../shared/schemas/search.ts';
import { ZListTasksInput } from '../../../../shared/schemas/tasks.ts';
import { ZListTeamsInput } from '../../../../shared/schemas/teams.ts';
import { ZListUsersInput } from '../../../../shared/schemas/users.ts';
import { requireUser } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { listCustomers } from '../../organization/customers/customers.service.ts';
import { listTeams } from '../../organization/teams/teams.service.ts';
import { listUsers } from '../../organization/users/users.service.ts';
import { listLocations } from '../../structure/locations/locations.service.ts';
import { listSchemes } from '../../structure/schemes/schemes.service.ts';
import { listProjects } from '../../workflow/projects/projects.service.ts';
import { listTasks } from '../../workflow/tasks/tasks.service.ts';

type Hit = Omit<TRecordHit, 'type'>;

/** One type of record: who may read it, where its list lives, and how to find matches. */
export interface RecordSource {
  type: TRecordType;
  /** Read ability the caller needs (the list page's route asks the same). */
  subject: Exclude<Subject, 'all'>;
  /** The list page, searched for `q`. */
  listUrl: (q: string) => string;
  /** The first `limit` matches in the list's order and how many match in all (scope and ability applied). */
  find: (ctx: AuthedContext, q: string, limit: number) => Promise<{ items: Hit[]; total: number }>;
}

const withQuery = (path: string, q: string) => `${path}?${new URLSearchParams({ q }).toString()}`;
const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

export const RECORD_SOURCES: readonly RecordSource[] = [
  {
    type: 'people',
    subject: 'User',
    listUrl: (q) => withQuery('/management/users', q),
    async find(ctx, q, limit) {
      const page = await listUsers(ctx, ZListUsersInput.parse({ q, itemsPerPage: limit }));
      const superadmin = ctx.user.role === 'superadmin';
      return {
        total: page.total,
        items: page.items.map((u) => ({
          id: u.id,
          title: u.fullName,
          subtitle: joined(u.email, superadmin ? u.customerCode : null),
          url: withQuery('/management/users', u.email),
        })),
      };
    },
  },
  {
    type: 'locations',
    subject: 'Location',
    listUrl: (q) => withQuery('/management/location-setting', q),
    async find(ctx, q, limit) {
      const page = await listLocations(ctx, ZListLocationsInput.parse({ q, itemsPerPage: limit }));
      return {
        total: page.total,
        items: page.items.map((l) => ({
          id: l.id,
          title: l.name,
          subtitle: joined(l.code, l.city),
          url: withQuery('/management/location-setting', l.code),
        })),
      };
    },
  },
  {
    type: 'schemes',
    subject: 'Scheme',
    listUrl: (q) => withQuery('/management/schemes', q),
    async find(ctx, q, limit) {
      // The latest version of each scheme, as the list shows by default; the result opens it in the editor.
      const page = await listSchemes(ctx, ZListSchemesInput.parse({ q, itemsPerPage: limit, view: 'latest' }));
      return {
        total: page.total,
        items: page.items.map((s) => ({
          id: s.id,
          title: s.name,
          subtitle: `v${s.version}`,
          url: `/management/schemes?scheme=${s.id}`,
        })),
      };
    },
  },
  {
    type: 'teams',
    subject: 'Team',
    listUrl: (q) => withQuery('/management/teams', q),
    async find(ctx, q, limit) {
      const page = await listTeams(ctx, ZListTeamsInput.parse({ q, itemsPerPage: limit }));
      return {
        total: page.total,
        items: page.items.map((team) => ({
          id: team.id,
          title: team.name,
          subtitle: joined(team.floorManager?.fullName, team.teamLeader?.fullName),
          url: withQuery('/management/teams', team.name),
        })),
      };
    },
  },
  {
    type: 'customers',
    subject: 'Customer',
    listUrl: (q) => withQuery('/business/customers', q),
    async find(ctx, q, limit) {
      const page = await listCustomers(ctx, ZListCustomersInput.parse({ q, itemsPerPage: limit }));
      return {
        total: page.total,
        items: page.items.map((c) => ({
          id: c.id,
          title: c.name,
          subtitle: joined(c.code, c.city),
          url: withQuery('/business/customers', c.code),
        })),
      };
    },
  },
  {
    type: 'projects',
    subject: 'Project',
    listUrl: (q) => withQuery('/projects', q),
    async find(ctx, q, limit) {
      const page = await listProjects(ctx, ZListProjectsInput.parse({ q, itemsPerPage: limit }));
      return {
        total: page.total,
        items: page.items.map((p) => ({
          id: p.id,
          title: p.name,
          subtitle: p.code,
          url: withQuery('/projects', p.code),
        })),
      };
    },
  },
  {
    type: 'tasks',
    subject: 'Task',
    listUrl: (q) => withQuery('/tasks', q),
    async find(ctx, q, limit) {
      // In the list's order: an inspector's agenda (today's and later first), else by visit time.
      const page = await listTasks(ctx, ZListTasksInput.parse({ q, itemsPerPage: limit }));
      return {
        total: page.total,
        items: page.items.map((task) => ({
          id: task.id,
          title: task.location.name,
          subtitle: joined(task.project.code, task.assignee?.name),
          at: task.startsAt,
          url: `/tasks/viewTask/${task.id}`,
        })),
      };
    },
  },
];

/**
 * The caller's records matching `q`, grouped by type in RECORD_SOURCES order: at most 5 per type, with
 * the total and the list page of them all; types without a match and types the caller may not read are
 * left out. A query shorter than 2 characters finds nothing. Every signed-in user (a role that may read
 * no type, like client, gets no groups). Throws UNAUTHORIZED.
 */
export async function searchRecords(
  ctx: ServiceContext,
  input: TRecordSearchInput,
  sources: readonly RecordSource[] = RECORD_SOURCES,
): Promise<TRecordGroup[]> {
  requireUser(ctx);
  const q = input.q.trim();
  if (q.length < MIN_RECORD_QUERY) return [];
  const readable = sources.filter((source) => ctx.ability.can('read', source.subject));
  // One statement per type (the page and its total together), run side by side.
  const found = await Promise.all(readable.map((source) => source.find(ctx, q, MAX_RECORDS_PER_TYPE)));
  return readable
    .map((source, i) => ({
      type: source.type,
      total: found[i].total,
      items: found[i].items.map((hit) => ({ type: source.type, ...hit })),
      listUrl: source.listUrl(q),
    }))
    .filter((group) => group.items.length > 0);
}
