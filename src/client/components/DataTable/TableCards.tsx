import { Checkbox, Spinner } from '@primer/react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RowCheckbox } from './RowCheckbox.tsx';
import { type RowInteraction, rowProps } from './rowInteraction.ts';
import { titleIfTruncated } from './truncation.ts';
import type { CardLayout, Column } from './types.ts';
import type { Selection } from './useSelection.ts';
import classes from './DataTable.module.css';

export interface TableCardsProps<T> {
  /** The list's accessible name. */
  label: string;
  /** Every column (a card shows those its layout names). */
  columns: Column<T>[];
  layout: CardLayout;
  rows: T[];
  /** What the list shows: a spinner, the empty state, or the cards. */
  body: 'loading' | 'empty' | 'rows';
  emptyContent: ReactNode;
  loading?: boolean;
  /** With checkboxes: the selection they change. */
  selection: Selection<T> | null;
  rowLabel: (row: T) => string;
  rowActions?: (row: T) => ReactNode;
  interaction: RowInteraction<T>;
}

/** The default phone layout of a list: the first column as title, the next two as facts. */
export function defaultCardLayout(columns: readonly { key: string }[]): CardLayout {
  return { title: columns[0]?.key ?? '', facts: columns.slice(1, 3).map((c) => c.key) };
}

/** The phone list: a card per row with its title, checkbox and actions on top, two facts and a status under. */
export function TableCards<T>({
  label,
  columns,
  layout,
  rows,
  body,
  emptyContent,
  loading,
  selection,
  rowLabel,
  rowActions,
  interaction,
}: TableCardsProps<T>) {
  const { t } = useTranslation('table');
  const selectAllId = useId();
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const title = byKey.get(layout.title);
  const facts = (layout.facts ?? []).map((key) => byKey.get(key)).filter((c): c is Column<T> => !!c);
  const status = layout.status ? byKey.get(layout.status) : undefined;
  return (
    <div className={classes.cardsRoot} aria-busy={loading || undefined} data-list-body="">
      {selection && rows.length > 0 && (
        <div className={classes.cardsSelectAll}>
          <Checkbox
            id={selectAllId}
            checked={selection.all || selection.page}
            indeterminate={selection.partial}
            onChange={(e) => selection.togglePage(e.target.checked)}
          />
          <label htmlFor={selectAllId}>{t('selectPage')}</label>
        </div>
      )}
      {body === 'loading' ? (
        <div className={`${classes.state} ${classes.cardsLoading}`}>
          <Spinner size="medium" srText={t('loading')} />
        </div>
      ) : body === 'empty' ? (
        <div className={classes.state}>{emptyContent}</div>
      ) : (
        <ul className={classes.cards} aria-label={label} onMouseOver={titleIfTruncated}>
          {rows.map((row) => (
            <li
              key={interaction.rowKey(row)}
              {...rowProps(row, interaction)}
              className={[classes.card, interaction.onRowOpen ? classes.openable : ''].join(' ')}
            >
              <div className={classes.cardHead}>
                {selection && (
                  <span className={classes.cardSelect}>
                    <RowCheckbox row={row} name={rowLabel(row)} selection={selection} />
                  </span>
                )}
                <div className={classes.cardTitle} data-col={title?.key}>
                  {title?.render(row)}
                </div>
                {rowActions && <div className={classes.cardActions}>{rowActions(row)}</div>}
              </div>
              {(facts.length > 0 || status) && (
                <div className={classes.cardMeta}>
                  {facts.map((col) => (
                    <span key={col.key} className={classes.fact}>
                      <span className={classes.factLabel}>{col.header}</span>
                      <span className={classes.factValue}>{col.render(row)}</span>
                    </span>
                  ))}
                  {status && <span className={classes.cardStatus}>{status.render(row)}</span>}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
