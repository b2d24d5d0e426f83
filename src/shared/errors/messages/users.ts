// Messages of the users domain (organization): accounts, roles, the last admin, team membership.
export const usersMessages = {
  'users.emailTaken': 'An account with this email already exists',
  'users.notFoundById': 'User {{id}} not found',
  'users.superadminUnchangeable': 'You are not allowed to change a superadmin',
  'users.notInvitable': 'This user has already signed in or is deactivated: there is no invitation to send',
  'users.noPendingInvitation': 'This user has no pending invitation',
  'users.superadminRoleOperatorOnly': 'Only the platform operator can give the superadmin role',
  'users.ownRole': 'You cannot change your own role',
  'users.superadminRoleFixed': 'The superadmin role cannot be given to or taken from an existing account',
  'users.lastAdmin': "{{name}} is the customer's last active admin; make another user admin first",
  'users.superadminNoCustomer': 'A superadmin belongs to no customer',
  'users.superadminNoTeam': 'A superadmin cannot join a team',
  'users.ownDeactivation': 'You cannot deactivate your own account',
  'users.resetLinkInactive': 'This account is deactivated; activate it before sending a reset link',
  'users.ownDeletion': 'You cannot delete your own account',
  'users.deactivateInstead': 'Deactivate the account instead.',
} as const;
