// Messages of location assignments: one location per project, usable locations, delete once begun.
export const assignmentsMessages = {
  'assignments.locationTaken': 'This location is already assigned in this project',
  'assignments.locationNotFound': 'Location {{id}} not found',
  'assignments.hasOneBegunTask':
    'This assignment has {{count}} task already started, done or closed: it cannot be deleted',
  'assignments.hasBegunTasks':
    'This assignment has {{count}} tasks already started, done or closed: it cannot be deleted',
} as const;
