// The role dashboards: one component per dashboard kind (role/), each over one read
// (`dashboards.<kind>`). Score figures come from the report rollups (approved tasks only); live counts
// from the tasks. Every number links to the list behind it when that list can show exactly it and the
// caller may open it (role/parts.tsx Num); otherwise it is plain text.
import { Heading } from '@primer/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDashboardKind } from '../../../shared/constants/dashboards.ts';
import { AdminDashboard } from './role/AdminDashboard.tsx';
import { AnalystDashboard } from './role/AnalystDashboard.tsx';
import { BusinessUserDashboard } from './role/BusinessUserDashboard.tsx';
import { FloorManagerDashboard } from './role/FloorManagerDashboard.tsx';
import { TeamLeaderDashboard } from './role/TeamLeaderDashboard.tsx';
import classes from './Dashboard.module.css';

const CONTENT: Record<TDashboardKind, () => ReactNode> = {
  admin: AdminDashboard,
  floorManager: FloorManagerDashboard,
  teamLeader: TeamLeaderDashboard,
  businessUser: BusinessUserDashboard,
  analyst: AnalystDashboard,
};

/** A role dashboard page: its title, lead and content. */
export function RoleDashboard({ kind }: { kind: TDashboardKind }) {
  const { t } = useTranslation('dashboards');
  const Content = CONTENT[kind];
  return (
    <div className={classes.page} data-dashboard={kind}>
      <header>
        <Heading as="h1" className={classes.title}>
          {t(`titles.${kind}`)}
        </Heading>
        <p className={classes.lead}>{t(`leads.${kind}`)}</p>
      </header>
      <Content />
    </div>
  );
}
