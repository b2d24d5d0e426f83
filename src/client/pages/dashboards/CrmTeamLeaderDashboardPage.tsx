// /dashboards/crmTeamLeader: the teamLeader role dashboard.
import { RoleDashboard } from './RoleDashboard.tsx';

export default function CrmTeamLeaderDashboardPage() {
  return <RoleDashboard kind="teamLeader" />;
}
