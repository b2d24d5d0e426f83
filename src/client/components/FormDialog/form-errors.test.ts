import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZId } from '../../../shared/schemas/common.ts';
import { ZCreateDirectionInput } from '../../../shared/schemas/directions.ts';
import { ZCreateLocationInput, ZOpeningHours } from '../../../shared/schemas/locations.ts';
import { describeMessage, hasErrorsUnder, issuesToFieldErrors, withoutPath } from './form-errors.ts';

describe('form field errors', () => {
  it('groups a shared schema’s issues by dotted path, like the server', () => {
    const result = ZCreateDirectionInput.safeParse({ code: 'bad code!', name: '' });
    expect(result.success).toBe(false);
    const errors = issuesToFieldErrors(result.error!.issues);
    expect(errors.code).toEqual(['Code may contain letters, digits, "-", "_" and "." only']);
    expect(errors.name).toEqual(['Name is required']);
  });

  it('keys nested issues by their full path', () => {
    const result = ZOpeningHours.safeParse({ mon: [{ open: '18:00', close: '08:00' }] });
    expect(Object.keys(issuesToFieldErrors(result.error!.issues))).toEqual(['mon.0.close']);
  });

  it('clears a field and everything below it, and finds errors below a prefix', () => {
    const errors = { name: ['x'], 'sections.0.title': ['y'], 'sections.1.questions.0.text': ['z'], sectionsX: ['w'] };
    expect(withoutPath(errors, 'sections')).toEqual({ name: ['x'], sectionsX: ['w'] });
    expect(hasErrorsUnder(errors, 'sections.1')).toBe(true);
    expect(hasErrorsUnder(errors, 'sections.2')).toBe(false);
  });
});

describe('validation message keys', () => {
  it('turns zod’s built-in messages into generic keys with their limits', () => {
    const issues = z
      .object({ a: z.number(), b: z.string().min(1), c: z.string().max(3), d: z.number().max(5), e: z.enum(['x']) })
      .safeParse({ a: null, b: '', c: 'abcd', d: 9, e: 'q' }).error!.issues;
    expect(issues.map((i) => describeMessage(i.message))).toEqual([
      { key: '@required', values: {} },
      { key: '@required', values: {} },
      { key: '@maxLength', values: { max: '3' } },
      { key: '@maxNumber', values: { max: '5' } },
      { key: '@chooseOption', values: {} },
    ]);
  });

  it('keeps the schemas’ own messages as keys with numbers as placeholders', () => {
    expect(describeMessage('Name must be at most 200 characters')).toEqual({
      key: 'Name must be at most {{n0}} characters',
      values: { n0: '200' },
    });
    expect(describeMessage('Geofence radius must be at most 10 000 m')).toEqual({
      key: 'Geofence radius must be at most {{n0}} m',
      values: { n0: '10 000' },
    });
    expect(describeMessage('Code is required')).toEqual({ key: 'Code is required', values: {} });
  });

  it('never asks for "at least 0" on a strict bound or an empty picker', () => {
    expect(describeMessage(z.number().gt(5).safeParse(5).error!.issues[0].message)).toEqual({
      key: '@moreThan',
      values: { min: '5' },
    });
    expect(describeMessage(ZId.safeParse('').error!.issues[0].message)).toEqual({ key: '@chooseOption', values: {} });
    expect(describeMessage(ZId.safeParse(null).error!.issues[0].message)).toEqual({ key: '@chooseOption', values: {} });
    const location = ZCreateLocationInput.safeParse({ subDirectionId: null, code: 'A1', name: 'Depot' });
    expect(issuesToFieldErrors(location.error!.issues).subDirectionId).toEqual(['Choose a sub-direction']);
  });
});
