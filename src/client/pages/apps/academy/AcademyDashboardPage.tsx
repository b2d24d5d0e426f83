// /apps/academy/dashboard (menu: Dashboards › Academy): courses by state, lecture hours and completion
// per topic (apps.academy.summary, aggregated in SQL), and the courses to continue (the catalogue's
// unfinished courses, most advanced first, from apps.academy.courses.list).
import { Heading, Spinner, Text } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { pathFor } from '../../../app/routes.tsx';
import { Chart } from '../../../components/charts/index.ts';
import { QueryError } from '../../../components/QueryError/index.ts';
import { useFormatters } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { CourseProgress } from './academy-ui.tsx';
import classes from './Academy.module.css';

export default function AcademyDashboardPage() {
  const { t } = useTranslation('academy');
  const fmt = useFormatters();
  const summary = trpc.apps.academy.summary.useQuery();
  const next = trpc.apps.academy.courses.list.useQuery({
    hideCompleted: true,
    sortBy: 'progress',
    orderBy: 'desc',
    itemsPerPage: 4,
  });
  const s = summary.data;
  return (
    <div className={classes.page}>
      <header>
        <Heading as="h1" className={classes.title}>
          {t('dashboard.title')}
        </Heading>
        <Text as="p" className={classes.muted}>
          {t('dashboard.description')}
        </Text>
      </header>
      {summary.error && <QueryError title={t('loadFailed')} error={summary.error} onRetry={summary.refetch} />}
      {summary.isLoading && <Spinner srText={t('loading')} />}
      {s && s.courses === 0 && <div className={classes.empty}>{t('dashboard.empty')}</div>}
      {s && s.courses > 0 && (
        <>
          <section className={classes.card} aria-labelledby="ad-figures">
            <Heading as="h2" id="ad-figures" className={classes.cardTitle}>
              {t('dashboard.figures')}
            </Heading>
            <dl className={classes.stats} data-testid="academy-figures">
              <Stat id="courses" label={t('dashboard.courses')} value={fmt.number(s.courses)} />
              <Stat id="inProgress" label={t('dashboard.inProgress')} value={fmt.number(s.inProgress)} />
              <Stat id="completed" label={t('dashboard.completed')} value={fmt.number(s.completed)} />
              <Stat id="notStarted" label={t('dashboard.notStarted')} value={fmt.number(s.notStarted)} />
              <Stat
                id="hours"
                label={t('dashboard.hours')}
                value={t('dashboard.hoursValue', { done: fmt.number(s.completedHours), total: fmt.number(s.hours) })}
              />
              <Stat
                id="lectures"
                label={t('dashboard.lectures')}
                value={t('dashboard.lecturesValue', {
                  done: fmt.number(s.completedLectures),
                  total: fmt.number(s.lectures),
                })}
              />
            </dl>
          </section>
          <div className={classes.grid}>
            <section className={classes.card} aria-labelledby="ad-tags">
              <Heading as="h2" id="ad-tags" className={classes.cardTitle}>
                {t('dashboard.byTag')}
              </Heading>
              <Chart
                title={t('dashboard.byTagChart')}
                summary={t('dashboard.byTagSummary')}
                data={s.byTag.map((row) => ({ tag: t(`tag.${row.tag}`), percent: row.percent }))}
                xKey="tag"
                xLabel={t('dashboard.topic')}
                series={[{ key: 'percent', label: t('dashboard.percent'), color: 'primary', kind: 'bar' }]}
                domain={{ first: [0, 100] }}
                tableLabel={t('dashboard.showTable')}
              />
            </section>
            <section className={classes.card} aria-labelledby="ad-next">
              <Heading as="h2" id="ad-next" className={classes.cardTitle}>
                {t('dashboard.continue')}
              </Heading>
              {next.error && <QueryError title={t('loadFailed')} error={next.error} onRetry={next.refetch} />}
              {next.data && next.data.items.length === 0 && (
                <Text className={classes.muted}>{t('dashboard.continueEmpty')}</Text>
              )}
              <ul className={classes.nextList}>
                {next.data?.items.map((c) => (
                  <li key={c.id}>
                    <Link href={pathFor('apps-academy-course-details-id', { id: c.id })} className={classes.cardLink}>
                      <bdi dir="auto">{c.courseTitle}</bdi>
                    </Link>
                    <CourseProgress title={c.courseTitle} done={c.completedTasks} total={c.totalTasks} />
                  </li>
                ))}
              </ul>
              <Link href={pathFor('apps-academy-my-course')}>{t('dashboard.allCourses')}</Link>
            </section>
          </div>
        </>
      )}
    </div>
  );
}

function Stat({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className={classes.stat} data-stat={id}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
