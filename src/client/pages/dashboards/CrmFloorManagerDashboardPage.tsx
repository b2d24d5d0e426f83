// /dashboards/crmFloorManager (issue 13 item 3): the floorManager role dashboard.
import { RoleDashboard } from './RoleDashboard.tsx';

export default function CrmFloorManagerDashboardPage() {
  return <RoleDashboard kind="floorManager" />;
}
