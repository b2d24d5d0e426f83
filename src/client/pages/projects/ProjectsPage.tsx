import { ProgressBar, Text } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { type TProject, ZListProjectsInput } from '../../../shared/schemas/projects.ts';
import { PROJECT_STATUSES } from '../../../shared/workflow/statuses.ts';
import { type Column, joinCellText } from '../../components/DataTable/DataTable.tsx';
import { FilterSelect } from '../../components/DataTable/FilterSelect.tsx';
import type { RowAction } from '../../components/DataTable/RowActions.tsx';
import { DateRangeFilter } from '../../components/DateRangeFilter/DateRangeFilter.tsx';
import {
  ArchivedFilter,
  CodeCell,
  NameCell,
  RecordListPage,
  useConfirmDialog,
  useRecordList,
} from '../../components/ListPage/index.ts';
import { CustomerFilter } from '../../components/RecordSelect/index.ts';
import { ProjectStatusLabel } from '../../components/WorkflowStatus/WorkflowStatus.tsx';
import { useFormatters } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { formatPeriod, percent } from './project-format.ts';
import classes from './Projects.module.css';

type Transition = 'activate' | 'hold' | 'resume' | 'complete' | 'archive' | 'restore';

/** Which transitions a project in this status offers (draft -> active <-> on_hold -> completed; archive/restore). */
const TRANSITIONS: Record<TProject['status'], Transition[]> = {
  draft: ['activate', 'archive'],
  active: ['hold', 'complete'],
  on_hold: ['resume', 'complete', 'archive'],
  completed: ['archive'],
  archived: ['restore'],
};

/** /projects: the customer's projects with their period, scheme, status and progress. */
export default function ProjectsPage() {
  const { t, i18n } = useTranslation('workflow');
  const fmt = useFormatters();
  const [, navigate] = useLocation();
  const { confirm, dialog } = useConfirmDialog();
  const list = useRecordList({
    filters: ['customerId', 'status', 'from', 'to', 'schemeKey', 'archived'],
    schema: ZListProjectsInput,
    list: trpc.projects.list,
    invalidates: ['projects'],
    subject: 'Project',
    label: (p) => p.name,
    // Business users may update the projects they own.
    record: (p) => ({ ownerId: p.owner?.id ?? null, customerId: p.customerId }),
    remove: trpc.projects.delete.useMutation().mutateAsync,
    deleteHint: t('projects.deleteHint'),
    records: t('projects.records'),
  });
  const { filters } = list.state;
  const schemes = trpc.schemes.list.useQuery(
    {
      itemsPerPage: -1,
      sortBy: 'name',
      view: 'latest',
      ...(filters.customerId ? { customerId: Number(filters.customerId) } : {}),
    },
    { staleTime: 30_000 },
  );
  const mutations = {
    activate: trpc.projects.activate.useMutation(),
    hold: trpc.projects.hold.useMutation(),
    resume: trpc.projects.activate.useMutation(),
    complete: trpc.projects.complete.useMutation(),
    archive: trpc.projects.archive.useMutation(),
    restore: trpc.projects.restore.useMutation(),
  };

  async function transition(project: TProject, action: Transition) {
    const ok = await confirm({
      title: t(`projects.confirm.${action}.title`, { name: project.name }),
      content: <Text as="p">{t(`projects.confirm.${action}.body`)}</Text>,
      confirmLabel: t(`projects.actions.${action}`),
      danger: action === 'archive' || action === 'complete',
    });
    if (!ok) return;
    await list.notices.run(
      async () => {
        await mutations[action].mutateAsync({ id: project.id, version: project.version });
        await list.refresh();
      },
      t(`projects.done.${action}`, { name: project.name }),
    );
  }

  const rowActions = (project: TProject): RowAction[] => {
    const canUpdate = list.can('update', project);
    const editable = project.status === 'draft' || project.status === 'active' || project.status === 'on_hold';
    return [
      {
        label: t('projects.actions.edit'),
        onSelect: () => navigate(`/projects/editProject/${project.id}`),
        visible: canUpdate && editable,
      },
      ...TRANSITIONS[project.status].map((action) => ({
        label: t(`projects.actions.${action}`),
        onSelect: () => void transition(project, action),
        visible: canUpdate,
        variant: action === 'archive' ? ('danger' as const) : ('default' as const),
      })),
      {
        label: t('projects.actions.delete'),
        variant: 'danger',
        onSelect: () => void list.actions.remove(project),
        visible: project.status === 'draft' && list.can('delete', project),
      },
    ];
  };

  const progressText = (p: TProject) =>
    t('projects.progressText', {
      completion: percent(p.progress.completionRate, i18n.language),
      pass: percent(p.progress.passRate, i18n.language),
      tasks: fmt.number(p.progress.tasks),
    });

  const columns: Column<TProject>[] = [
    {
      key: 'code',
      header: t('fields.code'),
      sortable: true,
      render: (p) => <CodeCell>{p.code}</CodeCell>,
      exportValue: (p) => p.code,
    },
    {
      key: 'name',
      header: t('fields.name'),
      sortable: true,
      render: (p) => <NameCell name={p.name} detail={p.description} />,
      exportValue: (p) => joinCellText(p.name, p.description),
    },
    {
      key: 'status',
      header: t('fields.status'),
      sortable: true,
      render: (p) => <ProjectStatusLabel status={p.status} />,
      exportValue: (p) => t(`projectStatus.${p.status}`),
    },
    {
      key: 'startDate',
      header: t('fields.period'),
      sortable: true,
      render: (p) => formatPeriod(p.startDate, p.endDate, i18n.language),
    },
    {
      key: 'scheme',
      header: t('fields.scheme'),
      render: (p) => (
        <NameCell name={p.scheme.name} detail={t('projects.schemeVersion', { version: p.scheme.version })} />
      ),
      exportValue: (p) => joinCellText(p.scheme.name, t('projects.schemeVersion', { version: p.scheme.version })),
    },
    {
      key: 'progress',
      header: t('fields.progress'),
      // The bar and "— done · — passed · 0 tasks" on one line.
      width: 12,
      render: (p) => {
        const completion = p.progress.completionRate;
        return (
          <span className={classes.progressCell}>
            <ProgressBar
              progress={completion ?? 0}
              barSize="small"
              aria-label={t('projects.completionLabel', { name: p.name, rate: percent(completion, i18n.language) })}
              className={classes.progressBar}
            />
            <span className={classes.progressText}>{progressText(p)}</span>
          </span>
        );
      },
      exportValue: progressText,
    },
  ];

  return (
    <RecordListPage
      list={list}
      title={t('projects.title')}
      description={t('projects.description')}
      createLabel={t('projects.new')}
      onCreate={() => navigate('/projects/createProject')}
      emptyTitle={t('projects.empty')}
      columns={columns}
      exportDomain="projects"
      rowActions={rowActions}
      onRowOpen={(p) => {
        if (list.can('update', p) && p.status !== 'archived' && p.status !== 'completed')
          navigate(`/projects/editProject/${p.id}`);
      }}
      filters={
        <>
          <CustomerFilter
            value={filters.customerId}
            onChange={(value) => list.update({ filters: { customerId: value, schemeKey: '' } })}
          />
          <FilterSelect
            label={t('fields.status')}
            {...list.filter('status')}
            allLabel={t('filters.allStatuses')}
            options={PROJECT_STATUSES.map((s) => ({ value: s, label: t(`projectStatus.${s}`) }))}
          />
          <FilterSelect
            label={t('fields.scheme')}
            {...list.filter('schemeKey')}
            allLabel={t('filters.allSchemes')}
            options={(schemes.data?.items ?? []).map((s) => ({ value: s.key, label: s.name }))}
          />
          <DateRangeFilter
            fromLabel={t('filters.from')}
            toLabel={t('filters.to')}
            from={filters.from}
            to={filters.to}
            onChange={(range) => list.update({ filters: range })}
          />
          <ArchivedFilter {...list.filter('archived')} />
        </>
      }
    >
      {dialog}
    </RecordListPage>
  );
}
