// /dashboards/crmTeamLeader (issue 13 item 3): the teamLeader role dashboard.
import { RoleDashboard } from './RoleDashboard.tsx';

export default function CrmTeamLeaderDashboardPage() {
  return <RoleDashboard kind="teamLeader" />;
}
