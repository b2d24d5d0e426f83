import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZId } from '../../../shared/schemas/common.ts';
import { describeMessage } from './form-errors.ts';

describe('an empty record select', () => {
  it('asks to choose one instead of "Must be at least 0"', () => {
    const result = z.object({ directionId: ZId }).safeParse({ directionId: null });
    expect(result.success).toBe(false);
    const message = result.error!.issues[0].message;
    expect(describeMessage(message)).toEqual({ key: '@chooseOption', values: {} });
    // Other lower bounds keep their number.
    expect(describeMessage('Too small: expected number to be >=10')).toEqual({
      key: '@minNumber',
      values: { min: '10' },
    });
  });
});
