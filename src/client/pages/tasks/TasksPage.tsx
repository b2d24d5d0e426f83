import { CalendarIcon, ChecklistIcon, ListUnorderedIcon } from '@primer/octicons-react';
import { Button, SegmentedControl, Spinner } from '@primer/react';
import { keepPreviousData, skipToken } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useSearch } from 'wouter';
import type { TListTasksInput, TTask } from '../../../shared/schemas/tasks.ts';
import { useListInput } from '../../app/list-inputs.ts';
import { loadable } from '../../app/loadable.tsx';
import { pageExists, routeByName, withInitialSearch } from '../../app/routes.tsx';
import { type Column, DataTable, joinCellText } from '../../components/DataTable/DataTable.tsx';
import { FilterSelect } from '../../components/DataTable/FilterSelect.tsx';
import { DateRangeFilter } from '../../components/DateRangeFilter/DateRangeFilter.tsx';
import { CodeCell, ListPage, NameCell, useNotice } from '../../components/ListPage/index.ts';
import { TaskStatusLabel } from '../../components/WorkflowStatus/WorkflowStatus.tsx';
import { useCan } from '../../lib/can.ts';
import { useErrorText } from '../../lib/error-text.ts';
import { useFormatters } from '../../lib/format.ts';
import { useListState } from '../../lib/list-state.ts';
import { readUserData, useSession } from '../../lib/session.tsx';
import { trpc } from '../../lib/trpc.ts';
import { useOnline } from '../../offline/index.ts';
import { StatusFilter } from './StatusFilter.tsx';
import { TaskDetailsLoading } from './TaskDetailsDialog.tsx';
import { TaskRowLinks } from './TaskRowLinks.tsx';
import { TASK_FILTERS } from './task-filters.ts';
import { useTaskLinks } from './task-links.ts';
import classes from './Tasks.module.css';

// The offline panel (an inspector's device: kept tasks, waiting changes, space) loads only for them,
// with the page (`parts`).
const offlinePanel = loadable<object>(() => import('./OfflinePanel.tsx'));
const offlineStorage = loadable<object>(() =>
  import('./OfflinePanel.tsx').then((m) => ({ default: m.OfflineStorage })),
);
const OfflinePanel = offlinePanel.Component;
const OfflineStorage = offlineStorage.Component;
// A task's details (its actions, corrective actions, PDF) load when one is opened, or as the pointer
// or the focus comes to the list: not with the list's first screen.
const loadTaskDetails = () => import('./TaskDetails.tsx');
const TaskDetails = lazy(() => loadTaskDetails().then((m) => ({ default: m.TaskDetails })));
// The calendar (FullCalendar) loads only when it is shown.
const TaskCalendar = lazy(() => import('./TaskCalendar.tsx').then((m) => ({ default: m.TaskCalendar })));

/** What the page shows at once for an inspector, who performs tasks (app/routes.tsx `parts`). */
export function parts(): Promise<unknown> | undefined {
  if (readUserData()?.role_name !== 'qualitycontrol') return undefined;
  return Promise.all([offlinePanel.load(), offlineStorage.load()]);
}

/**
 * /tasks: the tasks the caller may read, as a list or a calendar (kept in the URL). An inspector
 * opening it plainly sees their own tasks; without a chosen sort the server gives inspectors their
 * agenda (today's and later first, soonest on top, then the earlier ones) and others the soonest first.
 */
export default function TasksPage() {
  const { user } = useSession();
  const search = useSearch();
  const [path, navigate] = useLocation();
  // An inspector's /tasks is their own (the route's initial query string; main.tsx applies it to a first
  // visit before rendering, this to a link followed in the app).
  const wanted = withInitialSearch(routeByName('tasks')!, search, user?.role_name);
  useEffect(() => {
    if (wanted !== search) navigate(`${path}${wanted}`, { replace: true });
  }, [wanted, search, path, navigate]);
  return wanted !== search ? null : <TasksList />;
}

function TasksList() {
  const { t } = useTranslation('workflow');
  const errorText = useErrorText();
  const fmt = useFormatters();
  const can = useCan();
  const { user } = useSession();
  const notices = useNotice();
  const [state, update] = useListState(TASK_FILTERS);
  const { filters } = state;
  const view = filters.view === 'calendar' ? 'calendar' : 'list';
  // Known at once for a page the server drew or the preloader prepared; built (with zod) on demand after.
  const input = useListInput('tasks', useSearch()) as Partial<TListTasksInput> | undefined;
  const list = trpc.tasks.list.useQuery(input ?? skipToken, {
    placeholderData: keepPreviousData,
    enabled: view === 'list',
  });
  const performs = user !== null && can('perform', 'Task', { assigneeId: user.id });
  const online = useOnline();
  // Offline with nothing from the server: the tasks kept on the device stand for the list (OfflinePanel).
  const deviceOnly = performs && !online && !list.data;
  const [openId, setOpenId] = useState<number | null>(null);
  const links = useTaskLinks();
  const filter = (key: string) => ({
    value: filters[key] ?? '',
    onChange: (value: string) => update({ filters: { [key]: value } }),
  });

  const readsUsers = can('read', 'User') && user?.role_name !== 'qualitycontrol';

  const columns: Column<TTask>[] = [
    {
      key: 'startsAt',
      header: t('fields.window'),
      kind: 'datetime',
      width: 13,
      sortable: true,
      render: (task) => <NameCell name={fmt.window(task.startsAt, task.endsAt, task.timeZone)} />,
      exportValue: (task) => fmt.window(task.startsAt, task.endsAt, task.timeZone),
    },
    {
      key: 'status',
      header: t('fields.status'),
      kind: 'status',
      sortable: true,
      render: (task) => <TaskStatusLabel status={task.status} />,
      exportValue: (task) => t(`taskStatus.${task.status}`),
    },
    {
      key: 'location',
      header: t('fields.location'),
      kind: 'name',
      render: (task) => <NameCell name={task.location.name} detail={<CodeCell>{task.location.code}</CodeCell>} />,
      exportValue: (task) => joinCellText(task.location.name, task.location.code),
    },
    {
      key: 'project',
      header: t('fields.project'),
      kind: 'name',
      render: (task) => <NameCell name={task.project.name} detail={<CodeCell>{task.project.code}</CodeCell>} />,
      exportValue: (task) => joinCellText(task.project.name, task.project.code),
    },
    {
      key: 'scheme',
      header: t('fields.scheme'),
      render: (task) => <NameCell name={task.scheme.name} />,
      exportValue: (task) => task.scheme.name,
    },
    // An inspector's list holds their own tasks only: no column repeats their name on every row.
    ...(performs
      ? []
      : [
          {
            key: 'assignee',
            header: t('fields.inspector'),
            render: (task: TTask) => (
              <NameCell name={task.assignee?.name ?? t('tasks.unassigned')} detail={task.team.name} />
            ),
            exportValue: (task: TTask) => joinCellText(task.assignee?.name ?? t('tasks.unassigned'), task.team.name),
          },
        ]),
    {
      key: 'score',
      header: t('fields.score'),
      kind: 'number',
      sortable: true,
      align: 'end',
      render: (task) =>
        task.score == null ? (
          '—'
        ) : (
          <NameCell
            name={fmt.number(task.score)}
            detail={task.passed == null ? undefined : task.passed ? t('tasks.passed') : t('tasks.failed')}
          />
        ),
      exportValue: (task) =>
        task.score == null
          ? '—'
          : joinCellText(
              fmt.number(task.score),
              task.passed == null ? null : task.passed ? t('tasks.passed') : t('tasks.failed'),
            ),
    },
  ];

  const filterControls = (
    <>
      <StatusFilter value={filters.status ?? ''} onChange={(value) => update({ filters: { status: value } })} />
      {can('read', 'Project') && <ProjectFilter {...filter('projectId')} />}
      <LocationFilter {...filter('locationId')} />
      {readsUsers ? (
        <InspectorFilter {...filter('assigneeId')} />
      ) : (
        <FilterSelect
          label={t('tasks.whose')}
          {...filter('mine')}
          allLabel={t('tasks.everyone')}
          options={[{ value: 'true', label: t('tasks.mine') }]}
        />
      )}
      <DateRangeFilter
        fromLabel={t('filters.from')}
        toLabel={t('filters.to')}
        from={filters.from ?? ''}
        to={filters.to ?? ''}
        onChange={(range) => update({ filters: range })}
      />
    </>
  );

  // The details' code as soon as the visitor reaches for the page (a touch, a click, a key).
  useEffect(() => {
    const load = () => void loadTaskDetails();
    const options = { once: true, capture: true };
    document.addEventListener('pointerdown', load, options);
    document.addEventListener('keydown', load, options);
    return () => {
      document.removeEventListener('pointerdown', load, options);
      document.removeEventListener('keydown', load, options);
    };
  }, []);

  return (
    <ListPage
      title={t('tasks.title')}
      description={t('tasks.description')}
      notices={notices}
      actions={
        <>
          {pageExists(routeByName('tasks-actions')) && can('read', 'CorrectiveAction') && (
            <Button as={RouterLink} href="/tasks/actions" leadingVisual={ChecklistIcon}>
              {t('tasks.correctiveActions')}
            </Button>
          )}
          <SegmentedControl
            aria-label={t('tasks.display')}
            onChange={(index) => update({ filters: { view: index === 1 ? 'calendar' : '' } })}
          >
            <SegmentedControl.Button leadingVisual={ListUnorderedIcon} selected={view === 'list'}>
              {t('tasks.listView')}
            </SegmentedControl.Button>
            <SegmentedControl.Button leadingVisual={CalendarIcon} selected={view === 'calendar'}>
              {t('tasks.calendarView')}
            </SegmentedControl.Button>
          </SegmentedControl>
        </>
      }
    >
      {performs && (
        <Suspense fallback={null}>
          <OfflinePanel />
        </Suspense>
      )}
      {deviceOnly ? null : view === 'list' ? (
        <DataTable
          label={t('tasks.title')}
          columns={columns}
          rows={list.data?.items}
          total={list.data?.total ?? 0}
          rowKey={(task) => task.id}
          state={state}
          onStateChange={update}
          loading={list.isFetching}
          error={list.error ? errorText.error(list.error) : undefined}
          onRetry={() => void list.refetch()}
          onRowOpen={(task) => setOpenId(task.id)}
          rowActions={(task) => <TaskRowLinks task={task} links={links} />}
          // Offline state over "Start visit · View" (TaskRowLinks): the width of the longer line, in every language.
          actionsWidth={performs ? 16.5 : 12.5}
          // A phone card tells two visits at one store apart: when, where, which project and scheme.
          card={{ title: 'startsAt', facts: ['location', 'project', 'scheme'], status: 'status' }}
          empty={{ title: t('tasks.empty'), description: t('tasks.emptyHint') }}
          records={t('tasks.records')}
          filters={filterControls}
        />
      ) : (
        <div className={classes.calendarCard}>
          <div className={classes.toolbar}>{filterControls}</div>
          <Suspense fallback={<Spinner srText={t('loading')} />}>
            {input ? (
              <TaskCalendar
                input={input}
                view={filters.calendarView}
                date={filters.date}
                onRangeChange={(calendarView, date) => update({ filters: { calendarView, date }, page: state.page })}
                onOpen={setOpenId}
              />
            ) : (
              <Spinner srText={t('loading')} />
            )}
          </Suspense>
        </div>
      )}
      {performs && (
        <Suspense fallback={null}>
          <OfflineStorage />
        </Suspense>
      )}
      {openId !== null && (
        <Suspense fallback={<TaskDetailsLoading onClose={() => setOpenId(null)} />}>
          <TaskDetails id={openId} onClose={() => setOpenId(null)} />
        </Suspense>
      )}
    </ListPage>
  );
}

// The filters whose choices the server gives each ask for them: their answers, arriving after the list,
// re-render the filter, not the list.

interface ChoiceFilterProps {
  value: string;
  onChange: (value: string) => void;
}

function ProjectFilter(props: ChoiceFilterProps) {
  const { t } = useTranslation('workflow');
  const projects = trpc.projects.list.useQuery(
    { itemsPerPage: -1, sortBy: 'code', archived: 'include' },
    { staleTime: 30_000 },
  );
  return (
    <FilterSelect
      label={t('fields.project')}
      {...props}
      allLabel={t('filters.allProjects')}
      options={(projects.data?.items ?? []).map((p) => ({ value: String(p.id), label: `${p.code} · ${p.name}` }))}
    />
  );
}

function LocationFilter(props: ChoiceFilterProps) {
  const { t } = useTranslation('workflow');
  const locations = trpc.locations.list.useQuery({ itemsPerPage: -1, sortBy: 'code' }, { staleTime: 30_000 });
  return (
    <FilterSelect
      label={t('fields.location')}
      {...props}
      allLabel={t('filters.allLocations')}
      options={(locations.data?.items ?? []).map((l) => ({ value: String(l.id), label: `${l.code} · ${l.name}` }))}
    />
  );
}

function InspectorFilter(props: ChoiceFilterProps) {
  const { t } = useTranslation('workflow');
  const inspectors = trpc.users.list.useQuery(
    { role: 'qualitycontrol', itemsPerPage: -1, sortBy: 'fullName' },
    { staleTime: 30_000 },
  );
  return (
    <FilterSelect
      label={t('fields.inspector')}
      {...props}
      allLabel={t('filters.allInspectors')}
      options={(inspectors.data?.items ?? []).map((u) => ({ value: String(u.id), label: u.fullName }))}
    />
  );
}
