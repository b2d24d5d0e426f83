// Corrective actions in other pages: the status label and the list of a task's or a location's actions.
export { ACTION_STATUS_VARIANT, ActionStatusLabel } from './ActionStatus.tsx';
export { CorrectiveActionsList, type CorrectiveActionsScope } from './CorrectiveActionsList.tsx';
