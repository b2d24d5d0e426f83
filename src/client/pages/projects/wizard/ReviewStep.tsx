import { AlertIcon, CheckCircleIcon } from '@primer/octicons-react';
import { Button, Text } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { TAssignment } from '../../../../shared/schemas/assignments.ts';
import type { TProject } from '../../../../shared/schemas/projects.ts';
import { useConfirmDialog } from '../../../components/ListPage/index.ts';
import { ProjectStatusLabel } from '../../../components/WorkflowStatus/WorkflowStatus.tsx';
import { useCan } from '../../../lib/can.ts';
import { useFormatters } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { formatPeriod } from '../project-format.ts';
import type { StepProps } from './wizard-types.ts';
import classes from './Wizard.module.css';

/** How many names a warning lists before "and N more". */
const NAMED = 5;

/** Step 6: what the project holds, what may be missing, and Activate (or Resume after a hold). */
export function ReviewStep({
  project,
  assignments,
  slotCount,
  notices,
}: StepProps & { project: TProject; assignments: TAssignment[]; slotCount: number }) {
  const { t, i18n } = useTranslation('workflow');
  const fmt = useFormatters();
  const can = useCan();
  const [, navigate] = useLocation();
  const activate = trpc.projects.activate.useMutation();
  const utils = trpc.useUtils();
  const { confirm, dialog } = useConfirmDialog();
  const [busy, setBusy] = useState(false);

  const noInspector = assignments.filter((a) => !a.assignee);
  const noSlots = assignments.filter((a) => a.slots === 0);
  const fewer = assignments.filter((a) => a.slots > 0 && a.slots < a.plannedVisits);
  const teams = new Map<string, number>();
  for (const a of assignments) teams.set(a.team.name, (teams.get(a.team.name) ?? 0) + 1);
  const names = (list: TAssignment[]) =>
    list.length <= NAMED
      ? list.map((a) => a.location.name).join(', ')
      : t('wizard.review.andMore', {
          names: list
            .slice(0, NAMED)
            .map((a) => a.location.name)
            .join(', '),
          count: list.length - NAMED,
        });
  const warnings = [
    noInspector.length > 0 && t('wizard.review.noInspector', { count: noInspector.length, names: names(noInspector) }),
    noSlots.length > 0 && t('wizard.review.noSlots', { count: noSlots.length, names: names(noSlots) }),
    fewer.length > 0 && t('wizard.review.fewerSlots', { count: fewer.length, names: names(fewer) }),
    slotCount === 0 && t('wizard.slots.none'),
  ].filter((w): w is string => !!w);

  const canActivate =
    (project.status === 'draft' || project.status === 'on_hold') &&
    can('update', 'Project', { ownerId: project.owner?.id ?? null });
  const action = project.status === 'on_hold' ? 'resume' : 'activate';

  async function run() {
    const ok = await confirm({
      title: t(`projects.confirm.${action}.title`, { name: project.name }),
      content: <Text as="p">{t(`projects.confirm.${action}.body`)}</Text>,
      confirmLabel: t(`projects.actions.${action}`),
      danger: false,
    });
    if (!ok) return;
    setBusy(true);
    const done = await notices.run(
      async () => {
        await activate.mutateAsync({ id: project.id, version: project.version });
        await utils.projects.invalidate();
      },
      t(`projects.done.${action}`, { name: project.name }),
    );
    setBusy(false);
    if (done) navigate(`/projects?q=${encodeURIComponent(project.code)}`);
  }

  return (
    <div className={classes.stack}>
      <dl className={classes.summary}>
        <div>
          <dt>{t('fields.project')}</dt>
          <dd>
            <span className={classes.code}>{project.code}</span> {project.name}
          </dd>
        </div>
        <div>
          <dt>{t('fields.status')}</dt>
          <dd>
            <ProjectStatusLabel status={project.status} />
          </dd>
        </div>
        <div>
          <dt>{t('fields.period')}</dt>
          <dd>{formatPeriod(project.startDate, project.endDate, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('fields.scheme')}</dt>
          <dd>{t('wizard.scheme.option', { name: project.scheme.name, version: project.scheme.version })}</dd>
        </div>
        <div>
          <dt>{t('fields.locations')}</dt>
          <dd>{fmt.number(assignments.length)}</dd>
        </div>
        <div>
          <dt>{t('fields.teams')}</dt>
          <dd>
            {[...teams.entries()]
              .map(([name, count]) => t('wizard.review.teamCount', { name, count, n: fmt.number(count) }))
              .join(' · ') || '—'}
          </dd>
        </div>
        <div>
          <dt>{t('fields.inspectors')}</dt>
          <dd>{fmt.number(new Set(assignments.flatMap((a) => (a.assignee ? [a.assignee.id] : []))).size)}</dd>
        </div>
        <div>
          <dt>{t('fields.slots')}</dt>
          <dd>{fmt.number(slotCount)}</dd>
        </div>
      </dl>

      <section aria-labelledby="review-warnings" className={classes.stack}>
        <h3 id="review-warnings" className={classes.panelTitle}>
          {t('wizard.review.checks')}
        </h3>
        {warnings.length ? (
          <ul className={classes.warnings}>
            {warnings.map((warning) => (
              <li key={warning}>
                <AlertIcon className={classes.warningIcon} aria-hidden="true" /> {warning}
              </li>
            ))}
          </ul>
        ) : (
          <Text as="p">
            <CheckCircleIcon className={classes.okIcon} aria-hidden="true" /> {t('wizard.review.allGood')}
          </Text>
        )}
      </section>

      {canActivate ? (
        <div>
          <Button variant="primary" size="large" onClick={() => void run()} loading={busy} disabled={slotCount === 0}>
            {t(`projects.actions.${action}`)}
          </Button>
        </div>
      ) : (
        project.status === 'active' && <Text as="p">{t('wizard.review.alreadyActive')}</Text>
      )}
      {dialog}
    </div>
  );
}
