// Messages of API keys, the business API /api/v1 and webhooks (platform/integrations, rest/v1).
export const integrationsMessages = {
  'integrations.adminsOnly': 'Only an administrator manages API keys and webhooks',
  'integrations.keyRoleNotAllowed': 'A key may not have the role {{role}}',
  'integrations.keyOnlyForV1': 'API keys authenticate /api/v1 only',
  'integrations.keyRequired':
    'Authentication required: send Authorization: Bearer <API key>; a revoked, expired or unknown key is refused',
  'integrations.rateLimited': 'Too many requests with this key. Try again in {{seconds}} seconds.',
  'integrations.idempotencyReused': 'This Idempotency-Key was used for another request',
  'integrations.idempotencyInFlight': 'A request with this Idempotency-Key is still running',
  'integrations.privateTarget': 'This address is refused: it points at a private, loopback or link-local network',
  'integrations.unknownHost': 'This host name does not resolve',
  'integrations.endpointDisabled': 'The endpoint was turned off after failing for 3 days',
} as const;
