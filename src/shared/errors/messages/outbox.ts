// Messages of the outbox (the superadmin's deliveries).
export const outboxMessages = {
  'outbox.notResendable': 'Only a failed or held e-mail can be sent again',
  'outbox.notFound': 'E-mail {{id}} not found',
  'outbox.badUnsubscribeLink':
    'This unsubscribe link is not valid: open the latest e-mail again, or sign in and change your notification settings',
} as const;
