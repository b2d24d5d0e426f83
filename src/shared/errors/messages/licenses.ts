// Messages of the licenses domain (organization): periods, seats, history, and the sign-in policy.
export const licensesMessages = {
  'licenses.noActiveLicense':
    '{{customer}} has no active license, so no user can be made active. Add or renew the license first.',
  'licenses.seatsTaken':
    "All {{seats}} seats of {{customer}}'s license are taken ({{used}} active users). Deactivate a user or extend the license first.",
  'licenses.signInWithoutLicense':
    'Your organisation has no active license, so only its administrators can sign in. Ask your administrator to renew it.',
  'licenses.overlap': 'This period overlaps license {{key}} ({{from}} to {{to}}); revoke it or change the dates',
  'licenses.tooFewSeats':
    'The customer has {{used}} active users; the license needs at least {{used}} seats (or deactivate users first)',
  'licenses.revokedIsHistory':
    'This license is revoked; it is kept as history and cannot change. Create a new one instead.',
  'licenses.expiredIsHistory':
    'This license is expired; it is kept as history and cannot change. Create a new one instead.',
  'licenses.expiresBeforeStart': 'The license must expire after it starts',
  'licenses.alreadyRevoked': 'This license is already revoked',
  'licenses.deleteActive':
    'This license is active and is kept as history; only a license that has not started can be deleted. Revoke it instead.',
  'licenses.deleteExpired':
    'This license is expired and is kept as history; only a license that has not started can be deleted. Revoke it instead.',
  'licenses.deleteRevoked':
    'This license is revoked and is kept as history; only a license that has not started can be deleted. Revoke it instead.',
} as const;
