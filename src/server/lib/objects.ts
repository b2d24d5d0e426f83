// Small object helpers for services.

/** The entries whose value is not undefined (a patch: undefined = leave unchanged, null = clear). */
export function definedOnly<T extends Record<string, unknown>>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;
}
