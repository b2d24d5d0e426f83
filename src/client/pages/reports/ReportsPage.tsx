// /reports: saved report definitions beside a report view — the kind, its filters (in the URL),
// the totals, a chart (components/charts), the kind's table with drill-down links to /tasks, CSV export
// (GET /api/reports/export.csv) and a print layout. Only approved tasks count; the server scopes every run.
import { DownloadIcon, TrashIcon } from '@primer/octicons-react';
import { Button, Checkbox, FormControl, Heading, Label, Select, Spinner, TextInput } from '@primer/react';
import { keepPreviousData } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import {
  REPORT_KINDS,
  type TReport,
  type TReportFigures,
  type TReportFilters,
  type TReportKind,
  type TReportResult,
} from '../../../shared/schemas/reports.ts';
import { Chart } from '../../components/charts/index.ts';
import { NoticeArea, useNotice } from '../../components/ListPage/index.ts';
import { QueryError } from '../../components/QueryError/index.ts';
import {
  RecordSelect,
  useDirectionOptions,
  useLocationClassOptions,
  useSubDirectionOptions,
  useTeamOptions,
} from '../../components/RecordSelect/index.ts';
import { useUnsavedChangesGuard } from '../../components/UnsavedChanges/index.ts';
import { useScoreFormats } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { exportLink, parseReportState, type ReportState, reportQuery, tasksLink } from './report-state.ts';
import classes from './ReportsPage.module.css';

/** Counts and scores with one decimal at most, rates and months. */
function useNumberFormats() {
  const scores = useScoreFormats();
  return { ...scores, number: scores.decimal };
}

/** A number that opens the tasks behind it. */
function Drill({ to, children, label }: { to: string; children: ReactNode; label: string }) {
  return (
    <Link href={to} className={classes.drill} aria-label={label}>
      {children}
    </Link>
  );
}

function Totals({ totals, filters }: { totals: TReportFigures; filters: TReportFilters }) {
  const { t } = useTranslation('reports');
  const f = useNumberFormats();
  const items: [string, string][] = [
    ['approved', f.number(totals.approved)],
    ['completion', f.percent(totals.completion)],
    ['passRate', f.percent(totals.passRate)],
    ['averageScore', f.number(totals.averageScore)],
    ['onTimeRate', f.percent(totals.onTimeRate)],
    ['reworkRate', f.percent(totals.reworkRate)],
  ];
  return (
    <dl className={classes.totals}>
      {items.map(([key, value]) => (
        <div key={key} className={classes.total}>
          <dt>{t(`figures.${key}`)}</dt>
          <dd dir="ltr">
            {key === 'approved' ? (
              <Drill to={tasksLink(filters)} label={t('drill', { figure: t(`figures.${key}`), value })}>
                {value}
              </Drill>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ResultTable({ result, filters }: { result: TReportResult; filters: TReportFilters }) {
  const { t } = useTranslation('reports');
  const f = useNumberFormats();
  const drill = (to: string, value: string, what: string) => (
    <Drill to={to} label={t('drill', { figure: what, value })}>
      {value}
    </Drill>
  );
  const head = (keys: string[]) => (
    <thead>
      <tr>
        {keys.map((k) => (
          <th key={k} scope="col">
            {t(`columns.${k}`)}
          </th>
        ))}
      </tr>
    </thead>
  );
  let body: ReactNode;
  let keys: string[];
  switch (result.kind) {
    case 'project_summary':
      keys = ['project', 'planned', 'approved', 'completion', 'passRate', 'averageScore'];
      body = result.rows.map((r) => (
        <tr key={r.project.id}>
          <th scope="row">
            <bdi>{r.project.code}</bdi>{' '}
            <span className={classes.muted}>
              <bdi>{r.project.name}</bdi>
            </span>
          </th>
          <td dir="ltr">{f.number(r.planned)}</td>
          <td dir="ltr">
            {drill(tasksLink(filters, { projectId: r.project.id }), f.number(r.approved), r.project.code)}
          </td>
          <td dir="ltr">{f.percent(r.completion)}</td>
          <td dir="ltr">{f.percent(r.passRate)}</td>
          <td dir="ltr">{f.number(r.averageScore)}</td>
        </tr>
      ));
      break;
    case 'team_performance':
      keys = ['team', 'approved', 'onTimeRate', 'averageScore', 'reworkRate'];
      body = result.rows.map((r) => (
        <tr key={r.team.id}>
          <th scope="row">
            <bdi>{r.team.name}</bdi>
          </th>
          <td dir="ltr">{drill(tasksLink(filters, { teamId: r.team.id }), f.number(r.approved), r.team.name)}</td>
          <td dir="ltr">{f.percent(r.onTimeRate)}</td>
          <td dir="ltr">{f.number(r.averageScore)}</td>
          <td dir="ltr">{f.percent(r.reworkRate)}</td>
        </tr>
      ));
      break;
    case 'location_ranking':
      keys = ['rank', 'location', 'direction', 'class', 'approved', 'passRate', 'averageScore', 'trend'];
      body = result.rows.map((r) => (
        <tr key={r.location.id}>
          <td dir="ltr">{r.rank}</td>
          <th scope="row">
            <bdi>{r.location.code}</bdi>{' '}
            <span className={classes.muted}>
              <bdi>{r.location.name}</bdi>
            </span>
          </th>
          <td>
            <bdi>{r.direction?.name ?? '—'}</bdi>
            {r.subDirection && (
              <span className={classes.muted}>
                {' · '}
                <bdi>{r.subDirection.name}</bdi>
              </span>
            )}
          </td>
          <td>
            <bdi>{r.class?.name ?? '—'}</bdi>
          </td>
          <td dir="ltr">
            {drill(tasksLink(filters, { locationId: r.location.id }), f.number(r.approved), r.location.code)}
          </td>
          <td dir="ltr">{f.percent(r.passRate)}</td>
          <td dir="ltr">{f.number(r.averageScore)}</td>
          <td dir="ltr">{r.trend == null ? '—' : `${r.trend > 0 ? '+' : ''}${f.number(r.trend)}`}</td>
        </tr>
      ));
      break;
    case 'question_breakdown':
      keys = ['question', 'answered', 'failed', 'na', 'failRate'];
      body = result.rows.map((r) => (
        <tr key={r.questionKey}>
          <th scope="row">
            <bdi>{r.text ?? r.questionKey}</bdi> <code className={classes.muted}>{r.questionKey}</code>
          </th>
          <td dir="ltr">{f.number(r.answered)}</td>
          <td dir="ltr">{f.number(r.failed)}</td>
          <td dir="ltr">{f.number(r.na)}</td>
          <td dir="ltr">{f.percent(r.failRate)}</td>
        </tr>
      ));
      break;
  }
  return (
    <div className={classes.tableScroll} tabIndex={0} role="region" aria-label={t('tableLabel')}>
      <table className={classes.table}>
        {head(keys)}
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}

function ResultChart({ result }: { result: TReportResult }) {
  const { t } = useTranslation('reports');
  const f = useNumberFormats();
  if (result.kind === 'question_breakdown') {
    const weakest = result.rows.slice(0, 10).map((r) => ({
      question: r.questionKey,
      failPercent: r.failRate == null ? null : Math.round(r.failRate * 1000) / 10,
    }));
    return (
      <Chart
        title={t('chart.weakest')}
        summary={t('chart.weakestSummary')}
        data={weakest}
        xKey="question"
        xLabel={t('columns.question')}
        series={[
          {
            key: 'failPercent',
            label: t('columns.failRate'),
            color: 'danger',
            kind: 'bar',
            format: (v) => (v == null ? '—' : `${f.number(v)} %`),
          },
        ]}
        tableLabel={t('chart.table')}
        empty={t('empty')}
        domain={{ first: [0, 100] }}
      />
    );
  }
  const trend = result.trend.map((p) => ({
    month: p.month,
    averageScore: p.averageScore,
    passPercent: p.passRate == null ? null : Math.round(p.passRate * 1000) / 10,
    approved: p.approved,
  }));
  return (
    <Chart
      title={t('chart.trend')}
      summary={t('chart.trendSummary')}
      data={trend}
      xKey="month"
      xLabel={t('columns.month')}
      formatX={f.month}
      series={[
        { key: 'averageScore', label: t('figures.averageScore'), color: 'primary', format: f.number },
        {
          key: 'passPercent',
          label: t('chart.passPercent'),
          color: 'success',
          axis: 'second',
          format: (v) => (v == null ? '—' : `${f.number(v)} %`),
        },
      ]}
      tableLabel={t('chart.table')}
      empty={t('empty')}
      domain={{ first: [0, 100], second: [0, 100] }}
    />
  );
}

function Filters({ state, onChange }: { state: ReportState; onChange: (next: ReportState) => void }) {
  const { t } = useTranslation('reports');
  const projects = trpc.projects.list.useQuery({ itemsPerPage: -1, sortBy: 'code' }, { staleTime: 30_000 });
  const directions = useDirectionOptions();
  const subDirections = useSubDirectionOptions({ directionId: state.filters.directionId ?? null });
  const classesOptions = useLocationClassOptions();
  const teams = useTeamOptions();
  const set = (patch: Partial<TReportFilters>) => onChange({ ...state, filters: { ...state.filters, ...patch } });
  const id = (v: number | null) => v ?? undefined;
  return (
    <div className={classes.filters}>
      <FormControl>
        <FormControl.Label>{t('filters.kind')}</FormControl.Label>
        <Select block value={state.kind} onChange={(e) => onChange({ ...state, kind: e.target.value as TReportKind })}>
          {REPORT_KINDS.map((kind) => (
            <Select.Option key={kind} value={kind}>
              {t(`kinds.${kind}`)}
            </Select.Option>
          ))}
        </Select>
      </FormControl>
      <RecordSelect
        label={t('filters.project')}
        value={state.filters.projectId ?? null}
        onChange={(v) => set({ projectId: id(v) })}
        options={(projects.data?.items ?? []).map((p) => ({ id: p.id, label: `${p.code} · ${p.name}` }))}
        placeholder={t('filters.all')}
        loading={projects.isLoading}
      />
      <FormControl>
        <FormControl.Label>{t('filters.from')}</FormControl.Label>
        <TextInput
          block
          type="month"
          value={state.filters.from ?? ''}
          onChange={(e) => set({ from: e.target.value || undefined })}
        />
      </FormControl>
      <FormControl>
        <FormControl.Label>{t('filters.to')}</FormControl.Label>
        <TextInput
          block
          type="month"
          value={state.filters.to ?? ''}
          onChange={(e) => set({ to: e.target.value || undefined })}
        />
      </FormControl>
      <RecordSelect
        label={t('filters.direction')}
        value={state.filters.directionId ?? null}
        onChange={(v) => set({ directionId: id(v), subDirectionId: undefined })}
        options={directions.options}
        placeholder={t('filters.all')}
        loading={directions.loading}
      />
      <RecordSelect
        label={t('filters.subDirection')}
        value={state.filters.subDirectionId ?? null}
        onChange={(v) => set({ subDirectionId: id(v) })}
        options={subDirections.options}
        placeholder={t('filters.all')}
        loading={subDirections.loading}
      />
      <RecordSelect
        label={t('filters.class')}
        value={state.filters.classId ?? null}
        onChange={(v) => set({ classId: id(v) })}
        options={classesOptions.options}
        placeholder={t('filters.all')}
        loading={classesOptions.loading}
      />
      <RecordSelect
        label={t('filters.team')}
        value={state.filters.teamId ?? null}
        onChange={(v) => set({ teamId: id(v) })}
        options={teams.options}
        placeholder={t('filters.all')}
        loading={teams.loading}
      />
    </div>
  );
}

function SavedList({
  reports,
  current,
  onOpen,
  loading,
  error,
}: {
  reports: TReport[];
  current: number | null;
  onOpen: (r: TReport) => void;
  loading: boolean;
  error: boolean;
}) {
  const { t } = useTranslation('reports');
  return (
    <nav className={classes.saved} aria-labelledby="saved-reports-heading">
      <Heading as="h2" id="saved-reports-heading" className={classes.subheading}>
        {t('saved.heading')}
      </Heading>
      {loading && <Spinner size="small" srText={t('loading')} />}
      {error && <p className={classes.error}>{t('saved.error')}</p>}
      {!loading && !error && reports.length === 0 && <p className={classes.muted}>{t('saved.empty')}</p>}
      <ul className={classes.savedList}>
        {reports.map((r) => (
          <li key={r.id}>
            <button
              type="button"
              className={classes.savedItem}
              aria-current={r.id === current ? 'true' : undefined}
              onClick={() => onOpen(r)}
            >
              <span className={classes.savedName}>
                <bdi>{r.name}</bdi>
              </span>
              <span className={classes.savedMeta}>
                {t(`kinds.${r.kind}`)}
                {r.shared && (
                  <Label variant="accent" size="small">
                    {t('saved.shared')}
                  </Label>
                )}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The save form: a new report from the view, or the open report's changes (its owner only). */
function SaveForm({
  state,
  current,
  onSaved,
  onDeleted,
}: {
  state: ReportState;
  current: TReport | null;
  onSaved: (r: TReport) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('reports');
  const notices = useNotice();
  const utils = trpc.useUtils();
  const [name, setName] = useState(current?.name ?? '');
  const [shared, setShared] = useState(current?.shared ?? false);
  useEffect(() => {
    setName(current?.name ?? '');
    setShared(current?.shared ?? false);
  }, [current?.id, current?.name, current?.shared]);
  const create = trpc.reports.create.useMutation();
  const update = trpc.reports.update.useMutation();
  const remove = trpc.reports.delete.useMutation();
  const dirty = current ? name.trim() !== current.name || shared !== current.shared : name.trim() !== '';
  const guard = useUnsavedChangesGuard(dirty);
  const saveNew = !current || !current.canUpdate || name.trim() !== current.name;
  const busy = create.isPending || update.isPending || remove.isPending;
  const save = async () => {
    await notices.run(
      async () => {
        const saved =
          saveNew || !current
            ? await create.mutateAsync({ name, kind: state.kind, filters: state.filters, shared })
            : await update.mutateAsync({
                id: current.id,
                version: current.version,
                name,
                kind: state.kind,
                filters: state.filters,
                shared,
              });
        await utils.reports.list.invalidate();
        guard.allow(() => onSaved(saved));
      },
      t('saved.savedToast', { name }),
    );
  };
  const del = async () => {
    if (!current || !window.confirm(t('saved.confirmDelete', { name: current.name }))) return;
    await notices.run(
      async () => {
        await remove.mutateAsync({ id: current.id });
        await utils.reports.list.invalidate();
        onDeleted();
      },
      t('saved.deletedToast', { name: current.name }),
    );
  };
  return (
    <form
      className={classes.saveForm}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <NoticeArea notices={notices} />
      <FormControl required>
        <FormControl.Label>{t('saved.name')}</FormControl.Label>
        <TextInput block value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
      </FormControl>
      <FormControl>
        <Checkbox checked={shared} onChange={(e) => setShared(e.target.checked)} />
        <FormControl.Label>{t('saved.share')}</FormControl.Label>
      </FormControl>
      <div className={classes.saveActions}>
        <Button type="submit" variant="primary" disabled={busy || !name.trim()}>
          {saveNew ? t('saved.saveNew') : t('saved.saveChanges')}
        </Button>
        {current?.canDelete && (
          <Button type="button" variant="danger" leadingVisual={TrashIcon} onClick={() => void del()} disabled={busy}>
            {t('saved.delete')}
          </Button>
        )}
      </div>
    </form>
  );
}

export default function ReportsPage() {
  const { t } = useTranslation('reports');
  const search = useSearch();
  const [, navigate] = useLocation();
  const state = useMemo(() => parseReportState(search), [search]);
  const go = (next: ReportState) => navigate(`/reports?${reportQuery(next)}`, { replace: true });
  const list = trpc.reports.list.useQuery();
  const reports = list.data?.items ?? [];
  const current = reports.find((r) => r.id === state.reportId) ?? null;
  const run = trpc.reports.run.useQuery(
    { kind: state.kind, filters: state.filters },
    { placeholderData: keepPreviousData, retry: false },
  );
  const result = run.data;

  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <Heading as="h1" className={classes.title}>
          {t('title')}
        </Heading>
        <p className={classes.lead}>{t('lead')}</p>
      </header>
      <div className={classes.layout}>
        <aside className={`${classes.side} ${classes.noPrint}`}>
          <SavedList
            reports={reports}
            current={state.reportId}
            loading={list.isLoading}
            error={list.isError}
            onOpen={(r) => go({ kind: r.kind, filters: r.filters, reportId: r.id })}
          />
          <SaveForm
            state={state}
            current={current}
            onSaved={(r) => go({ kind: r.kind, filters: r.filters, reportId: r.id })}
            onDeleted={() => go({ ...state, reportId: null })}
          />
        </aside>
        <section className={classes.main} aria-labelledby="report-heading">
          <div className={classes.noPrint}>
            <Filters state={state} onChange={(next) => go(next)} />
          </div>
          <div className={classes.viewHeader}>
            <Heading as="h2" id="report-heading" className={classes.subheading}>
              {current ? <bdi>{current.name}</bdi> : t(`kinds.${state.kind}`)}
            </Heading>
            <div className={`${classes.viewActions} ${classes.noPrint}`}>
              <Button as="a" href={exportLink(state)} leadingVisual={DownloadIcon}>
                {t('export')}
              </Button>
              <Button type="button" onClick={() => window.print()}>
                {t('print')}
              </Button>
            </div>
          </div>
          {run.isError ? (
            <QueryError title={t('error')} error={run.error} onRetry={run.refetch} />
          ) : !result ? (
            <Spinner srText={t('loading')} />
          ) : (
            <div className={classes.result} aria-busy={run.isFetching}>
              <Totals totals={result.totals} filters={state.filters} />
              {result.rows.length === 0 && result.totals.approved === 0 ? (
                <p className={classes.emptyState}>{t('empty')}</p>
              ) : (
                <>
                  <ResultChart result={result} />
                  <ResultTable result={result} filters={state.filters} />
                </>
              )}
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
