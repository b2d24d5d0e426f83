import { describe, expect, it } from 'vitest';
import { summarizeBulk } from './bulk.ts';

describe('bulk summary', () => {
  it('counts what was done and names each refusal with its reason, in order', () => {
    expect(
      summarizeBulk([
        { name: 'North' },
        { name: 'South', error: 'Has 3 sub-directions' },
        { name: 'West' },
        { name: 'East', error: 'already archived' },
      ]),
    ).toEqual({
      done: 2,
      refused: [
        { name: 'South', error: 'Has 3 sub-directions' },
        { name: 'East', error: 'already archived' },
      ],
    });
    expect(summarizeBulk([])).toEqual({ done: 0, refused: [] });
  });
});
