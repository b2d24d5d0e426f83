// The steps of the project form, in order.
export const STEPS = ['details', 'scheme', 'locations', 'assignments', 'slots', 'review'] as const;
export type TStep = (typeof STEPS)[number];

export function stepIndex(step: TStep): number {
  return STEPS.indexOf(step);
}

export function parseStep(value: string | null): TStep {
  return (STEPS as readonly string[]).includes(value ?? '') ? (value as TStep) : 'details';
}
