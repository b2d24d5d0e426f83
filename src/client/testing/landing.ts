// Where each demo account lands after signing in: the ACME account of every role,
// then the NWS tenant's two.
export const DEMO_LANDING: Record<string, string> = {
  'superadmin@demo.com': '/dashboards/crm',
  'admin@demo.com': '/dashboards/crm',
  'floormanager@demo.com': '/dashboards/crm',
  'teamleader@demo.com': '/dashboards/crm',
  'businessadmin@demo.com': '/dashboards/crm',
  'businessuser@demo.com': '/dashboards/crm',
  'qualitycontrol@demo.com': '/tasks',
  'analyst@demo.com': '/tasks',
  'client@demo.com': '/access-control',
  'admin@nws.demo.com': '/dashboards/crm',
  'qualitycontrol@nws.demo.com': '/tasks',
};

/** One account per role (the ACME ones). */
export const ROLE_LANDING: Record<string, string> = Object.fromEntries(
  Object.entries(DEMO_LANDING).filter(([email]) => !email.endsWith('@nws.demo.com')),
);
