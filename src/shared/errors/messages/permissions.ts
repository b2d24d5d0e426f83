// Messages of the permissions demo app.
export const permissionsMessages = {
  'permissions.nameTaken': 'A permission named "{{name}}" already exists',
  'permissions.nameTakenField': 'Another permission has this name',
} as const;
