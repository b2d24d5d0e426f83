// /dashboards/crmAnalyst (issue 13 item 3): the analyst role dashboard.
import { RoleDashboard } from './RoleDashboard.tsx';

export default function CrmAnalystDashboardPage() {
  return <RoleDashboard kind="analyst" />;
}
