// /dashboards/crmAdmin (issue 13 item 3): the admin role dashboard.
import { RoleDashboard } from './RoleDashboard.tsx';

export default function CrmAdminDashboardPage() {
  return <RoleDashboard kind="admin" />;
}
