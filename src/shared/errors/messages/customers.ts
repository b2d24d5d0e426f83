// Messages of the customers domain (organization): creating, changing and deleting customers.
export const customersMessages = {
  'customers.codeTaken': 'Another customer already uses this code',
  'customers.customerRequired': 'Choose the customer whose people to list',
  'customers.suspendInstead': 'Suspend it instead.',
} as const;
