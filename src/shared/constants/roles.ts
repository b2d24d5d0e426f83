// Roles and where each lands after sign-in.
export const ROLES = [
  'superadmin',
  'admin',
  'floormanager',
  'teamleader',
  'businessadmin',
  'businessuser',
  'qualitycontrol',
  'analyst',
  'client',
] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The landing path for a role, or null when the role has no landing page. */
export function landingPathFor(role: string | null | undefined): string | null {
  switch (role) {
    case 'qualitycontrol':
    case 'analyst':
      return '/tasks';
    case 'superadmin':
    case 'admin':
    case 'floormanager':
    case 'teamleader':
    case 'businessadmin':
    case 'businessuser':
      return '/dashboards/crm';
    default:
      return null;
  }
}
