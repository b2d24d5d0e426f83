// /dashboards/crmAnalyst: the analyst role dashboard.
import { RoleDashboard } from './RoleDashboard.tsx';

export default function CrmAnalystDashboardPage() {
  return <RoleDashboard kind="analyst" />;
}
