// Messages of the sub-directions domain (structure).
export const subDirectionsMessages = {
  'subDirections.codeTaken': 'Another sub-direction of this direction already uses this code',
} as const;
