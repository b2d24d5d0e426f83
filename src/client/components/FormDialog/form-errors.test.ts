import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FieldIssue } from '../../../shared/errors.ts';
import { ZId } from '../../../shared/schemas/common.ts';
import { ZCreateDirectionInput } from '../../../shared/schemas/directions.ts';
import { ZCreateLocationInput, ZOpeningHours } from '../../../shared/schemas/locations.ts';
import { issueKey } from '../../lib/error-text.ts';
import { hasErrorsUnder, issuesToFieldErrors, withoutPath } from './form-errors.ts';

/** The i18n key of every issue of `schema` for `input`. */
function keysOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  const errors = issuesToFieldErrors(result.error.issues, input);
  return Object.fromEntries(Object.entries(errors).map(([path, issues]) => [path, issues.map(issueKey)]));
}

describe('form field errors', () => {
  it('groups a shared schema’s issues by dotted path, like the server, each with the schema’s key', () => {
    const input = { code: 'bad code!', name: '' };
    const result = ZCreateDirectionInput.safeParse(input);
    expect(result.success).toBe(false);
    const errors = issuesToFieldErrors(result.error!.issues, input);
    expect(errors.code).toMatchObject([{ code: 'invalid_format', key: 'code.chars' }]);
    expect(errors.name).toEqual([
      { code: 'too_small', key: 'name.required', params: { origin: 'string', minimum: 1, inclusive: true } },
    ]);
  });

  it('keys nested issues by their full path', () => {
    const result = ZOpeningHours.safeParse({ mon: [{ open: '18:00', close: '08:00' }] });
    expect(Object.keys(issuesToFieldErrors(result.error!.issues))).toEqual(['mon.0.close']);
  });

  it('clears a field and everything below it, and finds errors below a prefix', () => {
    const issue: FieldIssue = { code: 'custom', params: {} };
    const errors = {
      name: [issue],
      'sections.0.title': [issue],
      'sections.1.questions.0.text': [issue],
      sectionsX: [issue],
    };
    expect(withoutPath(errors, 'sections')).toEqual({ name: [issue], sectionsX: [issue] });
    expect(hasErrorsUnder(errors, 'sections.1')).toBe(true);
    expect(hasErrorsUnder(errors, 'sections.2')).toBe(false);
  });
});

describe('validation message keys', () => {
  it('says zod’s own issues by code and parameters, never by its wording', () => {
    const schema = z.object({
      a: z.number(),
      b: z.string().min(1),
      c: z.string().max(3),
      d: z.number().max(5),
      e: z.enum(['x']),
      f: z.number().int(),
      g: z.array(z.string()).min(2),
      h: z.number().min(10),
    });
    expect(keysOf(schema, { a: null, b: '', c: 'abcd', d: 9, e: 'q', f: 1.5, g: [], h: 3 })).toEqual({
      a: ['validation:zod.required'],
      b: ['validation:zod.required'],
      c: ['validation:zod.maxLength'],
      d: ['validation:zod.maxNumber'],
      e: ['validation:zod.chooseOption'],
      f: ['validation:zod.wholeNumber'],
      g: ['validation:zod.minItems'],
      h: ['validation:zod.minNumber'],
    });
  });

  it('gives the limits as parameters', () => {
    const result = z.object({ c: z.string().max(3) }).safeParse({ c: 'abcd' });
    expect(issuesToFieldErrors(result.error!.issues).c[0].params).toMatchObject({ maximum: 3, origin: 'string' });
  });

  it('never asks for "at least 0" on a strict bound or an empty picker', () => {
    expect(keysOf(z.object({ n: z.number().gt(5) }), { n: 5 })).toEqual({ n: ['validation:zod.moreThan'] });
    expect(keysOf(z.object({ id: z.number().positive() }), { id: 0 })).toEqual({ id: ['validation:zod.chooseOption'] });
    expect(keysOf(z.object({ id: ZId }), { id: '' })).toEqual({ id: ['validation:id.invalid'] });
    expect(keysOf(z.object({ id: ZId }), { id: null })).toEqual({ id: ['validation:id.invalid'] });
    const location = { subDirectionId: null, code: 'A1', name: 'Depot' };
    expect(keysOf(ZCreateLocationInput, location).subDirectionId).toEqual(['validation:subDirection.choose']);
  });

  it('says a service’s refusal of a field through the errors namespace', () => {
    expect(issueKey({ code: 'error', key: 'common.chooseCustomer', params: {} })).toBe('errors:common.chooseCustomer');
  });
});
