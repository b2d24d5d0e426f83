import { Banner, Button, Spinner, Text } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAuditEntityType } from '../../../shared/schemas/audit.ts';
import { useCan } from '../../lib/can.ts';
import { useErrorText } from '../../lib/error-text.ts';
import { useFormatters } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { changeArrow, changeLines, useChangeWords } from './audit-format.ts';
import classes from './RecordHistory.module.css';

const PAGE = 5;

/**
 * A record's history from the audit trail (audit.list for this record), newest first, with its field
 * changes; shown only to roles that may read the audit trail (admins, superadmin).
 */
export function RecordHistory({ entityType, entityId }: { entityType: TAuditEntityType; entityId: number }) {
  const can = useCan();
  if (!can('read', 'AuditEvent')) return null;
  return <History entityType={entityType} entityId={entityId} />;
}

function History({ entityType, entityId }: { entityType: TAuditEntityType; entityId: number }) {
  const { t, i18n } = useTranslation('business');
  const errorText = useErrorText();
  const arrow = changeArrow(i18n.dir());
  const fmt = useFormatters();
  const words = useChangeWords();
  const [count, setCount] = useState(PAGE);
  const events = trpc.audit.list.useQuery({ entityType, entityId, itemsPerPage: count });
  const id = `history-${entityType}-${entityId}`;
  return (
    <section className={classes.history} aria-labelledby={id}>
      <h3 id={id} className={classes.title}>
        {t('audit.history')}
      </h3>
      {events.error ? (
        <Banner variant="critical" title={t('audit.historyFailed')} description={errorText.error(events.error)} />
      ) : !events.data ? (
        <Spinner size="small" srText={t('loading')} />
      ) : events.data.items.length === 0 ? (
        <Text as="p" className={classes.muted}>
          {t('audit.historyEmpty')}
        </Text>
      ) : (
        <>
          <ol className={classes.events}>
            {events.data.items.map((e) => (
              <li key={e.id} className={classes.event}>
                <div className={classes.head}>
                  <Text weight="semibold">{t(`audit.actions.${e.action}`, { defaultValue: e.action })}</Text>
                  <span className={classes.muted}>
                    {fmt.dateTime(e.at)} · <bdi>{e.actorName ?? e.actorEmail ?? t('audit.system')}</bdi>
                  </span>
                </div>
                <ul className={classes.changes}>
                  {changeLines(e.changes, words).map((line) => (
                    <li key={line.field}>
                      <span className={classes.field}>{line.field}</span>:{' '}
                      {line.value === undefined ? (
                        <>
                          <bdi>{line.from}</bdi> {arrow} <bdi>{line.to}</bdi>
                        </>
                      ) : (
                        <bdi>{line.value}</bdi>
                      )}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
          {events.data.total > events.data.items.length && (
            <Button size="small" onClick={() => setCount((n) => n + PAGE * 2)} loading={events.isFetching}>
              {t('audit.more')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
