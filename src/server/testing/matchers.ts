// vitest's asymmetric matchers, typed as the values they stand for. vitest types them `any` so that one
// fits wherever a value is expected, which makes each one in an object literal an unsafe assignment
// for the type-checked lint rules (no-unsafe-assignment).
import { expect } from 'vitest';

/** expect.stringContaining: any string that contains `text`. */
export const stringContaining = (text: string) => expect.stringContaining(text) as string;

/** expect.stringMatching: any string that matches `pattern`. */
export const stringMatching = (pattern: string | RegExp) => expect.stringMatching(pattern) as string;

/** expect.any(String): any string. */
export const anyString = () => expect.any(String) as string;

/** expect.any(Boolean): any boolean. */
export const anyBoolean = () => expect.any(Boolean) as boolean;

/** expect.any(Date): any Date. */
export const anyDate = () => expect.any(Date) as Date;
