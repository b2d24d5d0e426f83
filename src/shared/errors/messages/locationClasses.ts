// Messages of the location classes domain (structure).
export const locationClassesMessages = {
  'locationClasses.nameTaken': 'Another location class of this customer already has this name',
} as const;
