import { describe, expect, it } from 'vitest';
import { columnAlign, columnWidth, fitColumns, tableMinWidth } from './columns.ts';
import { toCsv } from './csv.ts';
import { DEFAULT_TABLE_SETTINGS, parseTableSettings, tableSettingsKey, toggleColumn } from './table-settings.ts';

describe('column widths', () => {
  it('gives each kind a fixed width, names grow, an explicit width wins', () => {
    expect(columnWidth({ kind: 'date' })).toEqual({ rem: 8, grow: false });
    expect(columnWidth({ kind: 'name' })).toEqual({ rem: 15, grow: true });
    expect(columnWidth({ kind: 'name', width: 12 })).toEqual({ rem: 12, grow: false });
    expect(columnWidth({})).toEqual({ rem: 10, grow: false });
  });

  it('aligns numbers at the end unless told otherwise', () => {
    expect(columnAlign({ kind: 'number' })).toBe('end');
    expect(columnAlign({ kind: 'number', align: 'start' })).toBe('start');
    expect(columnAlign({ kind: 'text' })).toBe('start');
  });

  it('adds the select and actions columns to the minimum table width', () => {
    const columns = [{ kind: 'code' as const }, { kind: 'name' as const }, { kind: 'date' as const }];
    expect(tableMinWidth(columns, { select: false, actions: false })).toBe(30);
    expect(tableMinWidth(columns, { select: true, actions: true })).toBe(36.25);
  });
});

describe('table settings', () => {
  const keys = ['code', 'name', 'status', 'updatedAt'];

  it('reads stored settings, dropping unknown columns and bad values', () => {
    expect(
      parseTableSettings(JSON.stringify({ hidden: ['status', 'gone', 3, 'status'], density: 'compact' }), keys),
    ).toEqual({
      hidden: ['status'],
      density: 'compact',
    });
    expect(parseTableSettings(JSON.stringify({ density: 'huge' }), keys)).toEqual(DEFAULT_TABLE_SETTINGS);
    expect(parseTableSettings('{not json', keys)).toEqual(DEFAULT_TABLE_SETTINGS);
    expect(parseTableSettings(null, keys)).toEqual(DEFAULT_TABLE_SETTINGS);
    expect(tableSettingsKey('directions')).toBe('od-table:directions');
  });

  it('hides and shows columns but never the last one', () => {
    const hidden = toggleColumn(DEFAULT_TABLE_SETTINGS, 'status', false, keys);
    expect(hidden.hidden).toEqual(['status']);
    expect(toggleColumn(hidden, 'status', true, keys).hidden).toEqual([]);
    const allButOne = { ...DEFAULT_TABLE_SETTINGS, hidden: ['code', 'name', 'status'] };
    expect(toggleColumn(allButOne, 'updatedAt', false, keys)).toBe(allButOne);
  });
});

describe('CSV of the selection', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas but not negative numbers', () => {
    expect(
      toCsv(
        ['Name', 'Note', 'Lng'],
        [
          ['Lyon, Part-Dieu', 'say "hi"', '-0.58347'],
          ['=SUM(A1)', 'two\nlines', '+33'],
        ],
      ),
    ).toBe('Name,Note,Lng\r\n"Lyon, Part-Dieu","say ""hi""",-0.58347\r\n\'=SUM(A1),"two\nlines",\'+33\r\n');
  });
});

describe('columns fitting the frame', () => {
  const columns = [
    { kind: 'code' as const },
    { kind: 'name' as const },
    { kind: 'text' as const },
    { kind: 'status' as const },
  ];
  const extras = { select: true, actions: true };

  it('keeps the widths (names take the rest) when they fit, or before the frame is measured', () => {
    expect(fitColumns(columns, extras, 80)).toEqual({ widths: [7, null, 10, 8], minWidth: 46.25 });
    expect(fitColumns(columns, extras, null).widths).toEqual([7, null, 10, 8]);
  });

  it('narrows names first, then texts, never codes or statuses, so the table fits without scrolling sideways', () => {
    expect(fitColumns(columns, extras, 42).widths).toEqual([7, 10.75, 10, 8]);
    const { widths, minWidth } = fitColumns(columns, extras, 36);
    expect(minWidth).toBeCloseTo(36);
    expect(widths).toEqual([7, 8, 6.75, 8]);
  });

  it('stops at the minimums and lets a narrow frame scroll', () => {
    expect(fitColumns(columns, extras, 20)).toEqual({ widths: [7, 8, 6, 8], minWidth: 35.25 });
  });
});
