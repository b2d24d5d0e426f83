// The analyst's dashboard: the review queue, the score distribution and the weakest questions.
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/charts/index.ts';
import { trpc } from '../../../lib/trpc.ts';
import { tasksHref } from '../dashboard-links.ts';
import { FigureTable } from './FigureTable.tsx';
import { useDashboardFormats } from './formats.ts';
import { Card, DashboardState, Empty, Figure } from './parts.tsx';
import classes from '../Dashboard.module.css';

export function AnalystDashboard() {
  const { t } = useTranslation('dashboards');
  const f = useDashboardFormats();
  const q = trpc.dashboards.analyst.useQuery(undefined, { retry: false });
  if (!q.data) return <DashboardState query={q} />;
  const d = q.data;
  const buckets = d.scoreDistribution.map((b) => ({ ...b, range: `${b.from}–${b.to}` }));
  return (
    <div className={classes.grid}>
      <Card id="dash-queue" title={t('analyst.queue')}>
        <dl className={classes.figures}>
          <Figure
            label={t('analyst.waiting')}
            value={f.number(d.reviewQueue)}
            href={tasksHref({ status: ['submitted'] })}
          />
          <Figure label={t('analyst.oldest')} value={f.dateTime(d.oldestWaiting)} />
        </dl>
        {d.queueByProject.length === 0 ? (
          <Empty>{t('analyst.noQueue')}</Empty>
        ) : (
          <dl className={classes.figures}>
            {d.queueByProject.map((p) => (
              <Figure
                key={p.projectId}
                label={`${p.code} ${p.name}`}
                value={f.number(p.count)}
                href={tasksHref({ projectId: p.projectId, status: ['submitted'] })}
              />
            ))}
          </dl>
        )}
      </Card>
      <Card id="dash-distribution" title={t('analyst.distribution')}>
        <Chart
          title={t('analyst.distribution')}
          titleShown={false}
          summary={t('analyst.distributionSummary')}
          data={buckets.some((b) => b.locations > 0) ? buckets : []}
          xKey="range"
          xLabel={t('analyst.scoreRange')}
          series={[{ key: 'locations', label: t('analyst.locations'), color: 'primary', kind: 'bar' }]}
          tableLabel={t('showTable')}
          empty={<Empty>{t('business.noScores')}</Empty>}
        />
      </Card>
      <Card id="dash-questions" title={t('analyst.weakest')}>
        <FigureTable
          caption={t('analyst.weakest')}
          empty={t('analyst.noFailures')}
          rows={d.weakestQuestions}
          rowKey={(w) => w.questionKey}
          head={{ label: t('analyst.question'), cell: (w) => <bdi>{w.text ?? w.questionKey}</bdi> }}
          columns={[
            { label: t('analyst.failed'), cell: (w) => f.number(w.failed) },
            { label: t('analyst.failRate'), cell: (w) => f.percent(w.failRate) },
          ]}
        />
      </Card>
    </div>
  );
}
