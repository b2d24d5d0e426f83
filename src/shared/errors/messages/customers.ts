// Messages of the customers domain (organization): creating, changing and deleting customers.
export const customersMessages = {
  'customers.codeTaken': 'Another customer already uses this code',
  'customers.suspendInstead': 'Suspend it instead.',
} as const;
