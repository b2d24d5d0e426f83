import { Button, Dialog, Label, VisuallyHidden } from '@primer/react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TWebhook, TWebhookDelivery } from '../../../../shared/schemas/integrations.ts';
import { QueryStates } from '../../../components/QueryError/index.ts';
import { useToast } from '../../../components/Toast/index.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useFormatters } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import classes from './Integrations.module.css';

const PER_PAGE = 20;
const STATUS_VARIANT = { pending: 'attention', delivered: 'success', failed: 'danger' } as const;

/** The JSON body sent, indented for reading. */
function pretty(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

/**
 * An endpoint's deliveries, newest first (one row per event): status, attempts, the last answer, when
 * the next attempt leaves; Redeliver sends one again with the same webhook-id. Refreshed while open.
 */
export function DeliveriesDialog({ hook, onClose }: { hook: TWebhook; onClose: () => void }) {
  const { t } = useTranslation('integrations');
  const fmt = useFormatters();
  const errorText = useErrorText();
  const toast = useToast();
  const utils = trpc.useUtils();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const query = trpc.webhooks.deliveries.useQuery(
    { webhookId: hook.id, page, itemsPerPage: PER_PAGE },
    { refetchInterval: 5000 },
  );
  const redeliver = trpc.webhooks.redeliver.useMutation();
  const items = query.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / PER_PAGE));

  const again = async (d: TWebhookDelivery) => {
    try {
      await redeliver.mutateAsync({ deliveryId: d.id });
      toast.show({ message: t('deliveries.redelivered'), variant: 'success' });
    } catch (error) {
      toast.show({ message: errorText.error(error), variant: 'critical' });
    }
    await utils.webhooks.deliveries.invalidate({ webhookId: hook.id });
  };

  return (
    <Dialog
      title={t('deliveries.title', { url: hook.url })}
      onClose={onClose}
      position={{ narrow: 'fullscreen', regular: 'center' }}
      width="xlarge"
      footerButtons={[{ content: t('deliveries.close'), onClick: onClose }]}
    >
      <QueryStates query={query} count={items.length} empty={t('deliveries.empty')} className={classes.muted} />
      {items.length > 0 && (
        <div className={classes.tableWrap}>
          <table className={classes.table} aria-label={t('deliveries.label')}>
            <thead>
              <tr>
                <th scope="col">{t('deliveries.event')}</th>
                <th scope="col">{t('deliveries.created')}</th>
                <th scope="col">{t('deliveries.status')}</th>
                <th scope="col">{t('deliveries.attempts')}</th>
                <th scope="col">{t('deliveries.response')}</th>
                <th scope="col">{t('deliveries.nextAttempt')}</th>
                <th scope="col">
                  <VisuallyHidden>{t('deliveries.actions')}</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((d) => (
                <Fragment key={d.id}>
                  <tr>
                    <td>{t(`event.${d.eventType}`, { defaultValue: d.eventType })}</td>
                    <td>{fmt.dateTime(d.createdAt)}</td>
                    <td>
                      <Label variant={STATUS_VARIANT[d.status]}>{t(`deliveries.state.${d.status}`)}</Label>
                    </td>
                    <td>{fmt.number(d.attempts)}</td>
                    <td title={d.lastResponseBody ?? undefined}>
                      {d.attempts === 0
                        ? '—'
                        : d.lastResponseStatus === null
                          ? t('deliveries.noResponse')
                          : `${d.lastResponseStatus}${d.lastDurationMs === null ? '' : ` · ${fmt.number(d.lastDurationMs)} ms`}`}
                    </td>
                    <td>{d.nextAttemptAt ? fmt.dateTime(d.nextAttemptAt) : '—'}</td>
                    <td className={classes.rowActions}>
                      <Button
                        size="small"
                        aria-expanded={open === d.id}
                        aria-controls={`delivery-${d.id}`}
                        aria-label={t('deliveries.detailsNamed', {
                          event: t(`event.${d.eventType}`, { defaultValue: d.eventType }),
                          date: fmt.dateTime(d.createdAt),
                        })}
                        onClick={() => setOpen(open === d.id ? null : d.id)}
                      >
                        {t('deliveries.details')}
                      </Button>
                      <Button
                        size="small"
                        aria-label={t('deliveries.redeliverNamed', {
                          event: t(`event.${d.eventType}`, { defaultValue: d.eventType }),
                          date: fmt.dateTime(d.createdAt),
                        })}
                        onClick={() => void again(d)}
                      >
                        {t('deliveries.redeliver')}
                      </Button>
                    </td>
                  </tr>
                  {open === d.id && (
                    <tr id={`delivery-${d.id}`}>
                      <td colSpan={7}>
                        <div className={classes.details}>
                          <span className={classes.detailsLabel}>{t('deliveries.request')}</span>
                          <pre className={classes.pre}>{pretty(d.payload)}</pre>
                          <span className={classes.detailsLabel}>{t('deliveries.answer')}</span>
                          <pre className={classes.pre}>{d.lastResponseBody || '—'}</pre>
                        </div>
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <div className={classes.pager}>
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('deliveries.previous')}
          </Button>
          <span>{t('deliveries.page', { page, pages })}</span>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('deliveries.next')}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
