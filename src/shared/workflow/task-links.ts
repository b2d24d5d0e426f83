// The in-app addresses of one task (client/app/routes.tsx): its view page and its perform page.
// Server notifications and client links build them here so both agree; the client still offers a
// link only when its page exists and the caller may open it (client/shell/links.ts).

/** `/tasks/viewTask/{id}`: the answers, score, history and the review. */
export const taskViewPath = (taskId: number): string => `/tasks/viewTask/${taskId}`;

/** `/tasks/perform_task/{slotId}/{assignmentId}`: where the assigned inspector performs it. */
export const taskPerformPath = (slotId: number, assignmentId: number): string =>
  `/tasks/perform_task/${slotId}/${assignmentId}`;
