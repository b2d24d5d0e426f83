// Messages of the outbox (the superadmin's deliveries).
export const outboxMessages = {
  'outbox.notResendable': 'Only a failed or held e-mail can be sent again',
  'outbox.notFound': 'E-mail {{id}} not found',
} as const;
