// Role dashboards: which dashboard each role lands on and who may read each one.
// Without zod, so the client's landing page imports it cheaply.

export const DASHBOARD_KINDS = ['admin', 'floorManager', 'teamLeader', 'businessUser', 'analyst'] as const;
export type TDashboardKind = (typeof DASHBOARD_KINDS)[number];

/** Which dashboard a role lands on at /dashboards/crm (null: none; qualitycontrol works from /tasks). */
export function dashboardOfRole(role: string | null | undefined): TDashboardKind | null {
  switch (role) {
    case 'superadmin':
    case 'admin':
    case 'businessadmin':
      return 'admin';
    case 'floormanager':
      return 'floorManager';
    case 'teamleader':
      return 'teamLeader';
    case 'businessuser':
      return 'businessUser';
    case 'analyst':
      return 'analyst';
    default:
      return null;
  }
}

/** The roles that may read each dashboard (the superadmin and admins may open every one, customer-wide). */
export const DASHBOARD_ROLES: Record<TDashboardKind, readonly string[]> = {
  admin: ['superadmin', 'admin', 'businessadmin'],
  floorManager: ['superadmin', 'admin', 'floormanager'],
  teamLeader: ['superadmin', 'admin', 'teamleader'],
  businessUser: ['superadmin', 'admin', 'businessuser'],
  analyst: ['superadmin', 'admin', 'analyst'],
};
