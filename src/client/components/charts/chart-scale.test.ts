import { describe, expect, it } from 'vitest';
import { fixedAxis, HEADROOM, layoutSideLabels, layoutXLabels, niceAxis, SLANT_MAX } from './chart-scale.ts';

/** Each tick the same distance from the next. */
const even = (ticks: number[]) => new Set(ticks.slice(1).map((t, i) => +(t - ticks[i]).toPrecision(9))).size === 1;

describe('niceAxis', () => {
  it('counts in round, even steps from zero to a top above the largest value (the dashboards’ uneven axes)', () => {
    // Orders per weekday (0/4/8/12/15 before), average order (0/150/300/450/500), orders per payment
    // state (0/7/14/21/25), orders by status (0/9/18/27/36 with the tallest bar at the top).
    expect(niceAxis([14, 9, 10, 11, 3, 6, 12]).ticks).toEqual([0, 5, 10, 15]);
    expect(niceAxis([490.5, 380.25, 449.1, 440, 497.2, 310, 470]).ticks).toEqual([0, 100, 200, 300, 400, 500, 600]);
    expect(niceAxis([23, 16, 13, 13]).ticks).toEqual([0, 5, 10, 15, 20, 25]);
    expect(niceAxis([19, 18, 36, 27]).ticks).toEqual([0, 10, 20, 30, 40]);
    expect(niceAxis([2998.5, 2200, 1800]).ticks).toEqual([0, 1000, 2000, 3000, 4000]);
  });

  it('keeps room above the largest value, ticks evenly spaced, whole steps for whole values', () => {
    for (const values of [[1], [7], [8], [36], [40], [99], [100], [101], [0.72, 0.4], [12_345.67], [3, 250_000]]) {
      const { domain, ticks } = niceAxis(values);
      const max = Math.max(...values);
      expect(domain[1], String(values)).toBeGreaterThanOrEqual(max * (1 + HEADROOM));
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)).toBe(domain[1]);
      expect(even(ticks), String(ticks)).toBe(true);
      expect(ticks.length).toBeGreaterThanOrEqual(3);
      expect(ticks.length).toBeLessThanOrEqual(7);
      if (values.every(Number.isInteger)) expect(ticks.every(Number.isInteger), String(ticks)).toBe(true);
    }
  });

  it('reaches below zero for negative values, and shows 0 to 1 for nothing', () => {
    const { domain, ticks } = niceAxis([-3, 10]);
    expect(domain[0]).toBeLessThan(-3);
    expect(ticks).toContain(0);
    expect(even(ticks)).toBe(true);
    expect(niceAxis([]).ticks).toEqual([0, 1]);
    expect(niceAxis([0, 0]).domain).toEqual([0, 1]);
  });
});

describe('fixedAxis', () => {
  it('divides a fixed range in round steps nearest five intervals', () => {
    expect(fixedAxis([0, 100]).ticks).toEqual([0, 20, 40, 60, 80, 100]);
    expect(fixedAxis([0, 1]).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(fixedAxis([0, 7]).ticks).toEqual([0, 7]);
  });
});

describe('layoutXLabels', () => {
  // 6 px a character, as a 12 px sans-serif font roughly is.
  const measure = (s: string) => s.length * 6;

  it('puts the labels side by side when each fits its band', () => {
    const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    expect(layoutXLabels(days, 70, measure)).toMatchObject({ mode: 'flat', lines: days.map((d) => [d]) });
  });

  it('breaks a long label onto two lines rather than dropping it', () => {
    const warnings = ['No warnings', 'Oil leakage', 'ECU not responding', 'Fuel problems', 'Temperature not optimal'];
    const layout = layoutXLabels(warnings, 90, measure);
    expect(layout.mode).toBe('wrap');
    expect(layout.lines[2]).toEqual(['ECU not', 'responding']);
    expect(layout.lines.every((l) => l.length <= 2 && l.every((line) => measure(line) <= 84))).toBe(true);
    expect(layout.height).toBeGreaterThan(30);
  });

  it('slants the labels when bands are too narrow even for two lines, with the height they need', () => {
    const countries = ['Switzerland', 'Italy', 'Czechia', 'Spain', 'Germany', 'France', 'Netherlands', 'Belgium'];
    const layout = layoutXLabels(countries, 30, measure);
    expect(layout.mode).toBe('slant');
    expect(layout.lines.map((l) => l[0])).toEqual(countries);
    expect(layout.height).toBeGreaterThanOrEqual(Math.ceil(measure('Switzerland') * Math.SQRT1_2));
    expect(layout.step).toBe(1);
    const long = layoutXLabels(['A label far too long to stand slanted under one narrow bar'], 20, measure);
    expect(measure(long.lines[0][0])).toBeLessThanOrEqual(SLANT_MAX);
    expect(long.lines[0][0].endsWith('…')).toBe(true);
  });

  it('keeps every second (or third) slanted label only when the bands are too narrow for all of them', () => {
    const weeks = Array.from({ length: 12 }, (_, i) => `Week ${i + 1}`);
    const phone = layoutXLabels(weeks, 14, measure);
    expect(phone.mode).toBe('slant');
    expect(phone.step).toBe(2);
    expect(phone.lines.map((l) => l.length)).toEqual([1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0]);
    expect(phone.whole).toBe(false);
    expect(layoutXLabels(weeks, 21, measure)).toMatchObject({ step: 1, whole: true });
  });

  it('says whether every label shows whole: not when one is shortened or left out', () => {
    expect(layoutXLabels(['Lyon', 'Paris'], 70, measure).whole).toBe(true);
    expect(layoutXLabels(['A label far too long to stand slanted under one narrow bar'], 20, measure).whole).toBe(
      false,
    );
  });
});

describe('layoutSideLabels', () => {
  const measure = (s: string) => s.length * 6;

  it('keeps each label whole down the side, the axis as wide as the widest and its gap', () => {
    const countries = ['France', 'Denmark', 'Netherlands'];
    const side = layoutSideLabels(countries, 120, measure);
    expect(side.labels).toEqual(countries);
    expect(side.width).toBe(measure('Netherlands') + 14);
  });

  it('shortens only a label wider than the room it may take', () => {
    const side = layoutSideLabels(['Italy', 'The United Kingdom of Great Britain'], 60, measure);
    expect(side.labels[0]).toBe('Italy');
    expect(side.labels[1].endsWith('…')).toBe(true);
    expect(measure(side.labels[1])).toBeLessThanOrEqual(60);
    expect(side.width).toBe(60 + 14);
  });
});
