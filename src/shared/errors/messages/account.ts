// Messages of the caller's own account (platform/account): profile, avatar, password. A summary names
// the field as zod's input errors do; the field's own message says the same without it.
export const accountMessages = {
  'account.changedElsewhere': 'Your account was changed in another window; reload to see the change',
  'account.avatarNotYours': 'avatarFileId: no such file of yours',
  'account.avatarNotYoursField': 'No such file of yours',
  'account.avatarNotImage': 'avatarFileId: the avatar must be an image',
  'account.avatarNotImageField': 'The avatar must be an image',
  'account.wrongPassword': 'currentPassword: the current password is not correct',
  'account.wrongPasswordField': 'The current password is not correct',
} as const;
