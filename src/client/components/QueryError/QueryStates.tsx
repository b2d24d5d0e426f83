import { Text } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { QueryError } from './QueryError.tsx';

export interface QueryStatesProps {
  /** The list's query: its failure, whether it is loading, its data once there, and how to run it again. */
  query: { error: unknown; isLoading: boolean; data?: unknown; refetch: () => unknown };
  /** How many items the data holds (the empty state shows at 0). */
  count: number;
  /** What the empty list says ("No API keys yet"). */
  empty: string;
  /** The class of the loading and empty lines (muted text). */
  className?: string;
}

/**
 * What a short list shows before or instead of its items: the failure (the one banner, with "Try again"),
 * "Loading…", or its empty sentence. The caller renders the items when `count > 0`.
 */
export function QueryStates({ query, count, empty, className }: QueryStatesProps) {
  const { t } = useTranslation();
  if (query.error) return <QueryError error={query.error} onRetry={query.refetch} />;
  if (query.isLoading)
    return (
      <Text as="p" className={className} role="status">
        {t('loading')}
      </Text>
    );
  if (query.data !== undefined && count === 0)
    return (
      <Text as="p" className={className}>
        {empty}
      </Text>
    );
  return null;
}
