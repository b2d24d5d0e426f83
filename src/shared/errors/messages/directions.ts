// Messages of the directions domain (structure).
export const directionsMessages = {
  'directions.codeTaken': 'Another direction of this customer already uses this code',
} as const;
