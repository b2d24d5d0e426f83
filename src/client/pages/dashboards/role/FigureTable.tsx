import type { ReactNode } from 'react';
import { Empty } from './parts.tsx';
import classes from '../Dashboard.module.css';

export interface FigureColumn<R> {
  label: string;
  cell: (row: R) => ReactNode;
}

/** A card's table: a header cell per row (its name) and figure columns; `empty` when there are no rows. */
export function FigureTable<R>({
  caption,
  head,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  head: FigureColumn<R>;
  columns: FigureColumn<R>[];
  rows: R[];
  rowKey: (row: R) => string | number;
  empty: string;
}) {
  if (rows.length === 0) return <Empty>{empty}</Empty>;
  return (
    <div className={classes.tableWrap}>
      <table className={classes.table}>
        <caption className={classes.srOnly}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{head.label}</th>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={classes.num}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              <th scope="row">{head.cell(row)}</th>
              {columns.map((c) => (
                <td key={c.label} className={classes.num}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
