// Messages of the locations domain (structure).
export const locationsMessages = {
  'locations.codeTaken': 'Another location of this customer already uses this code',
} as const;
