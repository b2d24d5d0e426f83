// /dashboards/crmBusinessUser: the businessUser role dashboard.
import { RoleDashboard } from './RoleDashboard.tsx';

export default function CrmBusinessUserDashboardPage() {
  return <RoleDashboard kind="businessUser" />;
}
