// Pure helpers of the bulk actions of a list: the summary of a run.

/** One record's outcome in a bulk run: done, or refused with the reason. */
export interface BulkOutcome {
  name: string;
  error?: string;
}

export interface BulkSummary {
  done: number;
  refused: { name: string; error: string }[];
}

/** How many were done, and which were refused with their reason (in the order they were tried). */
export function summarizeBulk(outcomes: readonly BulkOutcome[]): BulkSummary {
  const refused = outcomes.filter((o): o is { name: string; error: string } => o.error !== undefined);
  return { done: outcomes.length - refused.length, refused };
}
