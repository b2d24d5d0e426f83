// Date inputs stay within what PostgreSQL stores: year 0 and JavaScript's far ends were 500s.
import { describe, expect, it } from 'vitest';
import { formatValidation } from '../errors/validation.ts';
import { ZDateTime } from './calendar.ts';
import { ZInputDate, ZInputIsoDate, ZTimeZone } from './common.ts';

describe('date inputs', () => {
  it('accept years 1 to 9999', () => {
    for (const value of ['0001-01-01', '2025-06-30', '9999-12-31']) {
      expect(ZInputIsoDate.safeParse(value).success, value).toBe(true);
      expect(ZInputDate.safeParse(value).success, value).toBe(true);
      expect(ZDateTime.safeParse(value).success, value).toBe(true);
    }
  });

  it('refuse year 0 and the far ends of JavaScript dates', () => {
    for (const value of [
      '0000-01-01',
      '-271821-04-20T00:00:00.000Z',
      '+275760-09-13T00:00:00.000Z',
      new Date(-8.64e15),
      new Date(8.64e15),
    ]) {
      expect(ZInputDate.safeParse(value).success, String(value)).toBe(false);
      expect(ZDateTime.safeParse(value).success, String(value)).toBe(false);
    }
    expect(ZInputIsoDate.safeParse('0000-01-01').success).toBe(false);
  });
});

describe('time zones', () => {
  it('accept IANA names the runtime knows and refuse anything else with a message', () => {
    for (const zone of ['Europe/Paris', 'America/New_York', 'Asia/Tokyo', 'UTC', 'America/Argentina/Buenos_Aires']) {
      expect(ZTimeZone.safeParse(zone).success, zone).toBe(true);
    }
    for (const zone of ['Europe/Lutetia', 'Paris', '+01:00', '', 'Europe/Paris; drop table']) {
      const result = ZTimeZone.safeParse(zone);
      expect(result.success, zone).toBe(false);
      const message = result.error?.issues[0].message;
      expect(message).toBe('timeZone.iana');
      expect(formatValidation('timeZone.iana')).toMatch(/IANA zone/);
    }
  });
});
