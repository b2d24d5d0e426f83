// /dashboards/crmFloorManager: the floorManager role dashboard.
import { RoleDashboard } from './RoleDashboard.tsx';

export default function CrmFloorManagerDashboardPage() {
  return <RoleDashboard kind="floorManager" />;
}
