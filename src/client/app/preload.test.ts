// The list query a route preloads must be the one its page asks for (the same tRPC input, so the same
// cache entry): the page builds it with useRecordList from the URL and its own filter names.
import { describe, expect, it } from 'vitest';
import { parseListState, toSchemaListInput } from '../lib/list-state.ts';
import { TASK_FILTERS } from '../pages/tasks/task-filters.ts';
import { tasksListInput } from '../pages/tasks/task-input.ts';
import { DEFAULT_LIST_INPUT, listInputFromUrl, listInputOf, listSchema } from './list-inputs.ts';
import { ROUTES, routeByName, withInitialSearch } from './routes.tsx';

/** What the page computes: useRecordList's input for `search` with the page's filters. */
async function pageInput(route: string, search: string, filters: string[]) {
  const schema = await listSchema(ROUTES.find((r) => r.name === route)!.list!);
  return toSchemaListInput(schema, parseListState(search, filters));
}

describe('preloaded list input', () => {
  const lists = ROUTES.filter((route) => route.list);

  it('covers every business list page and the demo apps lists', () => {
    expect(lists.map((route) => route.list).sort()).toEqual([
      'apps.ecommerce.products',
      'apps.invoice',
      'apps.permissions',
      'apps.sales',
      'apps.users',
      'audit',
      'classes',
      'correctiveActions',
      'customers',
      'directions',
      'licenses',
      'locations',
      'outbox',
      'schemes',
      'subDirections',
      'tasks',
      'teams',
      'users',
    ]);
  });

  it('is the default list, as the page asks for it, for a URL without a query string', async () => {
    for (const route of lists.filter((r) => r.list !== 'tasks')) {
      const schema = await listSchema(route.list!);
      expect(listInputFromUrl(schema, ''), route.name).toEqual(DEFAULT_LIST_INPUT);
      expect(await pageInput(route.name, '', []), route.name).toEqual(DEFAULT_LIST_INPUT);
    }
  });

  it("follows the URL's list state as the page does, without the URL's other keys", async () => {
    const filters = ['customerId', 'directionId', 'subDirectionId', 'classId', 'active', 'archived'];
    const schema = await listSchema('locations');
    for (const search of [
      '?q=lyon&page=2&itemsPerPage=25&sortBy=name&orderBy=desc',
      '?active=true&classId=3&archived=only&new=1',
      '?sortBy=nope&page=-4&itemsPerPage=7',
    ]) {
      expect(listInputFromUrl(schema, search), search).toEqual(
        await pageInput('management-location-setting', search, filters),
      );
    }
    expect(listInputFromUrl(schema, '?active=true&new=1')).toEqual({ ...DEFAULT_LIST_INPUT, active: true });
  });

  it('leaves out what the corrective actions page reads beside its list (?id= opens one action)', async () => {
    const schema = await listSchema('correctiveActions');
    // ActionsPage: its filters, without `id` (the open action), through the same schema.
    const filters = ['status', 'overdue', 'locationId', 'ownerId', 'projectId', 'taskId', 'teamId', 'mine'];
    for (const search of ['?id=12', '?status=open&overdue=true&id=3', '?mine=true&sortBy=createdAt&orderBy=desc']) {
      expect(listInputFromUrl(schema, search), search).toEqual(await pageInput('tasks-actions', search, filters));
    }
  });

  it("is the tasks page's own input (statuses, days, mine), its URL read as the page reads it", async () => {
    for (const search of [
      '',
      '?mine=true',
      '?mine=true&status=scheduled,in_progress&from=2026-11-01&to=2026-11-30&q=lyon',
    ]) {
      const page = tasksListInput(parseListState(search.slice(1), TASK_FILTERS));
      expect(await listInputOf('tasks', search), search).toEqual(page);
    }
  });

  it("gives an inspector's /tasks their own list, and nobody else's query string is touched", () => {
    const tasks = routeByName('tasks')!;
    expect(withInitialSearch(tasks, '', 'qualitycontrol')).toBe('?mine=true');
    expect(withInitialSearch(tasks, '?status=scheduled', 'qualitycontrol')).toBe('?status=scheduled');
    expect(withInitialSearch(tasks, '', 'admin')).toBe('');
    expect(withInitialSearch(tasks, '', undefined)).toBe('');
    expect(withInitialSearch(routeByName('management-teams')!, '', 'qualitycontrol')).toBe('');
  });
});
