import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { exportRows, exportValueOf, joinCellText, toTsv } from './export.ts';
import type { Column } from './types.ts';

interface Row {
  id: number;
  code: string;
  name: string;
  city: string | null;
  tags: string[];
}

const row: Row = { id: 7, code: 'LYO', name: 'Lyon', city: null, tags: ['a'] };

describe('export of table rows', () => {
  it("takes a column's exportValue over what it renders", () => {
    const column: Column<Row> = {
      key: 'name',
      header: 'Name',
      render: (r) => createElement('b', null, r.name),
      exportValue: (r) => joinCellText(r.name, r.code),
    };
    expect(exportValueOf(column, row)).toBe('Lyon · LYO');
  });

  it('falls back to rendered text, then to the plain field of the same key, never to markup', () => {
    const text: Column<Row> = { key: 'x', header: 'X', render: (r) => `#${r.id}` };
    const number: Column<Row> = { key: 'x', header: 'X', render: (r) => r.id };
    const field: Column<Row> = { key: 'code', header: 'Code', render: (r) => createElement('code', null, r.code) };
    const markup: Column<Row> = { key: 'tags', header: 'Tags', render: () => createElement('span', null, 'a') };
    expect(exportValueOf(text, row)).toBe('#7');
    expect(exportValueOf(number, row)).toBe('7');
    expect(exportValueOf(field, row)).toBe('LYO');
    expect(exportValueOf(markup, row)).toBe('');
  });

  it('joins the lines of a cell, skipping empty ones', () => {
    expect(joinCellText('Lyon', null, '', undefined, 3)).toBe('Lyon · 3');
    expect(joinCellText(null)).toBe('');
  });

  it('gives the headers and one line per row in column order', () => {
    const columns: Column<Row>[] = [
      { key: 'code', header: 'Code', render: (r) => r.code },
      { key: 'city', header: 'City', render: (r) => r.city ?? '—' },
    ];
    expect(exportRows(columns, [row, { ...row, code: 'PAR', city: 'Paris' }])).toEqual({
      headers: ['Code', 'City'],
      lines: [
        ['LYO', '—'],
        ['PAR', 'Paris'],
      ],
    });
  });

  it('writes tab-separated text for the clipboard, flattening tabs and line breaks in cells', () => {
    expect(toTsv(['Code', 'Note'], [['LYO', 'two\nlines\tand a tab']])).toBe('Code\tNote\nLYO\ttwo lines and a tab');
  });
});
