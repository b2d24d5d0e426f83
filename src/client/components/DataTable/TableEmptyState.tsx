import { Button, Text } from '@primer/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilterChips } from './filter-chips.tsx';
import classes from './DataTable.module.css';

export interface TableEmptyStateProps {
  /** The search applied, if any. */
  query: string;
  /** The records' name in "No <records> match …". */
  records?: string;
  /** The list with nothing in it yet (no search, no filter). */
  empty?: { title: string; description?: string; action?: ReactNode };
  onClearQuery: () => void;
  onClearAll: () => void;
}

/**
 * What an empty page of the list says: with a search or a filter, that nothing matches and how to
 * clear them; without, that the list has nothing yet (and how to create the first record).
 */
export function TableEmptyState({ query, records, empty, onClearQuery, onClearAll }: TableEmptyStateProps) {
  const { t } = useTranslation('table');
  const filtered = useFilterChips().length > 0;
  if (query || filtered) {
    const names = records ?? t('records');
    return (
      <>
        <Text as="p" weight="semibold">
          {query ? t('noMatchQuery', { records: names, q: query }) : t('noMatchFilters', { records: names })}
        </Text>
        <Text as="p" className={classes.muted}>
          {t('noMatchHint')}
        </Text>
        <div className={classes.stateActions}>
          {query && <Button onClick={onClearQuery}>{t('clearSearch')}</Button>}
          {filtered && <Button onClick={onClearAll}>{query ? t('clearSearchAndFilters') : t('clearFilters')}</Button>}
        </div>
      </>
    );
  }
  return (
    <>
      <Text as="p" weight="semibold">
        {empty?.title ?? t('noData')}
      </Text>
      {empty?.description && (
        <Text as="p" className={classes.muted}>
          {empty.description}
        </Text>
      )}
      {empty?.action && <div className={classes.stateActions}>{empty.action}</div>}
    </>
  );
}
