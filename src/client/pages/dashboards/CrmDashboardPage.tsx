// /dashboards/crm: the landing — the caller's role dashboard (dashboardOfRole:
// superadmin, admin and businessadmin → admin; floormanager, teamleader, businessuser, analyst → their
// own). Quality control inspectors and clients have no dashboard: a designed state sends them to their work.
import { Heading } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { dashboardOfRole } from '../../../shared/constants/dashboards.ts';
import { useSession } from '../../lib/session.tsx';
import { openableHref } from '../../shell/links.ts';
import { RoleDashboard } from './RoleDashboard.tsx';
import classes from './Dashboard.module.css';

export default function CrmDashboardPage() {
  const { t } = useTranslation('dashboards');
  const { user, ability } = useSession();
  const kind = dashboardOfRole(user?.role_name);
  if (kind) return <RoleDashboard kind={kind} />;
  const tasks = user ? openableHref('/tasks', ability, user.role_name) : null;
  return (
    <div className={classes.page}>
      <Heading as="h1" className={classes.title}>
        {t('titles.none')}
      </Heading>
      <p className={classes.empty}>
        {t('none')}{' '}
        {tasks && (
          <Link href={tasks} className={classes.link}>
            {t('openTasks')}
          </Link>
        )}
      </p>
    </div>
  );
}
