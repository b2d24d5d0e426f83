import { describe, expect, it } from 'vitest';
import { columnAlign, columnWidth, tableMinWidth } from './columns.ts';
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
