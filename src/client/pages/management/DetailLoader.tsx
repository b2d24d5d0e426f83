import { Dialog, Spinner, Text } from '@primer/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/error-text.ts';
import { type QueryData, type QueryInput, type QueryProcedure, useProcedureQuery } from '../../lib/procedures.ts';
import classes from './Management.module.css';

/**
 * Loads a record's details (a team's members, a location's opening hours) with `byId` before its edit
 * form shows: a spinner meanwhile, a dialog with the reason when it fails. A new record (`id` null)
 * gets its form at once.
 */
export function DetailLoader<P extends QueryProcedure>({
  id,
  byId,
  onClose,
  children,
}: {
  id: number | null;
  /** The domain's `byId` procedure (`trpc.teams.byId`). */
  byId: P;
  onClose: () => void;
  children: (detail: QueryData<P> | null) => ReactNode;
}) {
  const { t } = useTranslation('business');
  const errorText = useErrorText();
  const detail = useProcedureQuery(byId, { id: id ?? 0 } as QueryInput<P>, { enabled: id !== null, gcTime: 0 });
  if (id === null) return children(null);
  if (detail.error) {
    return (
      <Dialog title={t('loadFailed')} onClose={onClose} footerButtons={[{ content: t('close'), onClick: onClose }]}>
        <Text as="p">{errorText.error(detail.error)}</Text>
      </Dialog>
    );
  }
  if (!detail.data) {
    return (
      <div className={classes.overlayStatus}>
        <Spinner srText={t('loading')} />
      </div>
    );
  }
  return children(detail.data);
}
