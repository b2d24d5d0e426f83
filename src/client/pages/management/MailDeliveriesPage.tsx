import { Label } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_KINDS } from '../../../shared/schemas/account.ts';
import { DELIVERY_STATUSES, type TOutboxEmail, ZListOutboxInput } from '../../../shared/schemas/outbox.ts';
import { useIsolatedT } from '../../components/Bidi/index.ts';
import { type Column, joinCellText } from '../../components/DataTable/DataTable.tsx';
import { FilterSelect } from '../../components/DataTable/FilterSelect.tsx';
import { NameCell, NumberCell, RecordListPage, TextCell, useRecordList } from '../../components/ListPage/index.ts';
import { useFormatters } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';

type Status = TOutboxEmail['status'];

const STATUS_VARIANT: Record<Status, 'success' | 'secondary' | 'attention' | 'danger' | 'accent'> = {
  queued: 'attention',
  sending: 'accent',
  sent: 'success',
  failed: 'danger',
  held: 'secondary',
};

/** The kinds the filter offers (what the server writes in `kind`). */
const KINDS = [
  'passwordReset',
  'invitation',
  'registrationAttempt',
  'digest',
  'invoice',
  ...NOTIFICATION_KINDS.map((k) => `notice:${k}`),
] as const;

/**
 * /management/mail: every e-mail the platform wrote (superadmin): who it went to, what it was, where it is
 * (queued, being sent, sent, failed with the SMTP server's answer, held), how many tries; a failed or held
 * one can be sent again. Read-only otherwise.
 */
export default function MailDeliveriesPage() {
  const { t } = useTranslation('mail');
  const ti = useIsolatedT('mail');
  const fmt = useFormatters();
  const resend = trpc.outbox.resend.useMutation();
  const list = useRecordList({
    filters: ['status', 'kind'],
    schema: ZListOutboxInput,
    list: trpc.outbox.list,
    invalidates: ['outbox'],
    subject: 'Customer',
    label: (m) => m.subject,
    records: t('deliveries.records'),
    defaults: { sortBy: 'createdAt', orderBy: 'desc' },
  });
  // Nothing here is edited or deleted: the only action is Resend.
  const deliveries = { ...list, can: () => false };
  const kindName = (kind: string) => {
    if (kind.startsWith('notice:')) {
      const sub = kind.slice('notice:'.length);
      return t('kinds.notice', { kind: t(`kinds.notices.${sub}`, { defaultValue: sub || '—' }) });
    }
    return t(`kinds.${kind}`, { defaultValue: kind });
  };
  const statusName = (status: Status) => t(`status.${status}`);

  const columns: Column<TOutboxEmail>[] = [
    {
      key: 'createdAt',
      header: t('deliveries.createdAt'),
      kind: 'datetime',
      sortable: true,
      render: (m) => fmt.dateTime(m.createdAt),
    },
    {
      key: 'to',
      header: t('deliveries.recipient'),
      kind: 'name',
      render: (m) => <NameCell name={<bdi dir="ltr">{m.to}</bdi>} detail={m.subject} />,
      exportValue: (m) => joinCellText(m.to, m.subject),
    },
    {
      key: 'kind',
      header: t('deliveries.kind'),
      kind: 'text',
      render: (m) => <TextCell>{kindName(m.kind)}</TextCell>,
      exportValue: (m) => kindName(m.kind),
    },
    {
      key: 'status',
      header: t('deliveries.status'),
      kind: 'status',
      render: (m) => <Label variant={STATUS_VARIANT[m.status]}>{statusName(m.status)}</Label>,
      exportValue: (m) => statusName(m.status),
    },
    {
      key: 'attempts',
      header: t('deliveries.attempts'),
      kind: 'number',
      render: (m) => <NumberCell>{fmt.number(m.attempts)}</NumberCell>,
      exportValue: (m) => String(m.attempts),
    },
    {
      key: 'lastError',
      header: t('deliveries.lastError'),
      kind: 'text',
      width: 20,
      render: (m) => <TextCell>{m.lastError ? <bdi dir="ltr">{m.lastError}</bdi> : '—'}</TextCell>,
      exportValue: (m) => m.lastError ?? '—',
    },
    {
      key: 'sentAt',
      header: t('deliveries.sentAt'),
      kind: 'datetime',
      render: (m) => (m.sentAt ? fmt.dateTime(m.sentAt) : '—'),
    },
  ];

  return (
    <RecordListPage
      list={deliveries}
      title={t('deliveries.title')}
      description={t('deliveries.description')}
      emptyTitle={t('deliveries.empty')}
      columns={columns}
      card={{ title: 'to', facts: ['kind', 'createdAt'], status: 'status' }}
      exportDomain="outbox"
      onRowOpen={null}
      rowActions={(m) =>
        m.status === 'failed' || m.status === 'held'
          ? [
              {
                label: t('deliveries.resend'),
                onSelect: () =>
                  void list.notices.run(
                    async () => {
                      await resend.mutateAsync({ id: m.id });
                      await list.refresh();
                    },
                    ti('deliveries.resent', { to: m.to }),
                  ),
              },
            ]
          : []
      }
      filters={
        <>
          <FilterSelect
            label={t('deliveries.status')}
            {...list.filter('status')}
            allLabel={t('deliveries.allStatuses')}
            options={DELIVERY_STATUSES.map((status) => ({ value: status, label: statusName(status) }))}
          />
          <FilterSelect
            label={t('deliveries.kind')}
            {...list.filter('kind')}
            allLabel={t('deliveries.allKinds')}
            options={KINDS.map((kind) => ({ value: kind, label: kindName(kind) }))}
          />
        </>
      }
    />
  );
}
