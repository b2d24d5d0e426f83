// /dashboards/crmAdmin: the admin role dashboard.
import { RoleDashboard } from './RoleDashboard.tsx';

export default function CrmAdminDashboardPage() {
  return <RoleDashboard kind="admin" />;
}
