// AppError by key: the English text comes from the catalogue, the key and values travel beside it,
// and field keys give both the English field messages and the issues the client translates.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatMessage } from '../../shared/errors/messages.ts';
import { AppError, InputError, notFound, StaleRecordError, toAppError } from './app-error.ts';

describe('AppError', () => {
  it('takes its message from the catalogue and keeps key and values', () => {
    const error = notFound('SubDirection');
    expect(error).toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
      key: 'common.notFound',
      values: { record: 'SubDirection' },
      message: 'Sub-direction not found',
    });
  });

  it('gives field keys as English field errors and as keyed issues', () => {
    const error = new AppError('BAD_REQUEST', 'common.chooseCustomer', {}, { customerId: 'common.chooseCustomer' });
    expect(error.fieldErrors).toEqual({ customerId: ['Choose the customer this record belongs to'] });
    expect(error.fieldIssues).toEqual({ customerId: [{ code: 'error', key: 'common.chooseCustomer', params: {} }] });
  });

  it('names a stale record in lower case in the middle of the English sentence', () => {
    expect(new StaleRecordError('Location').message).toBe(
      'This location was changed by someone else since you opened it. Reload it to see their changes, or save again to overwrite them.',
    );
  });

  it('reads vocabulary values in words and leaves other values as given', () => {
    expect(formatMessage('common.stillUsed', { table: 'sub_directions' })).toBe('It is still used by sub directions');
    expect(formatMessage('common.stillUsed', { table: 'no_such_table' })).toBe('It is still used by no such table');
    expect(formatMessage('common.notFound', { record: 'Gadget' })).toBe('Gadget not found');
  });

  it('sends zod issues by code and parameters, with the English kept for REST', () => {
    const schema = z.object({ name: z.string().max(3), age: z.number().int() });
    const parsed = schema.safeParse({ name: 'toolong' });
    if (parsed.success) throw new Error('expected a failure');
    const error = InputError.fromZod(parsed.error, { name: 'toolong' });
    expect(error).toMatchObject({ code: 'BAD_REQUEST', key: 'common.invalidInput' });
    expect(error.fieldIssues).toEqual({
      name: [{ code: 'too_big', params: { origin: 'string', maximum: 3, inclusive: true } }],
      age: [{ code: 'invalid_type', params: { expected: 'number', received: 'undefined' } }],
    });
    expect(error.fieldErrors?.name).toEqual([parsed.error.issues[0].message]);
    expect(toAppError(parsed.error)).toBeInstanceOf(InputError);
  });

  it('turns anything unknown into INTERNAL "Something went wrong"', () => {
    expect(toAppError(new Error('boom'))).toMatchObject({
      code: 'INTERNAL',
      key: 'common.somethingWentWrong',
      message: 'Something went wrong',
    });
  });
});
