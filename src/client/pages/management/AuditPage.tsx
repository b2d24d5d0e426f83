import { Link } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'wouter';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type TAuditEvent, ZListAuditInput } from '../../../shared/schemas/audit.ts';
import { type Column, joinCellText } from '../../components/DataTable/DataTable.tsx';
import { FilterSelect } from '../../components/DataTable/FilterSelect.tsx';
import { DateRangeFilter } from '../../components/DateRangeFilter/DateRangeFilter.tsx';
import { NameCell, RecordListPage, TextCell, useRecordList } from '../../components/ListPage/index.ts';
import { changeSummary, recordHref, useChangeWords } from '../../components/RecordHistory/audit-format.ts';
import { CustomerFilter, useIsSuperadmin, useUserOptions } from '../../components/RecordSelect/index.ts';
import { useFormatters } from '../../lib/format.ts';
import { useSession } from '../../lib/session.tsx';
import { trpc } from '../../lib/trpc.ts';

/**
 * /management/audit: the audit trail — who did what to which record when, with the field changes.
 * Read-only; admins see their customer's events, superadmin every customer's (with a customer filter).
 * A row opens its record's page when one exists and the caller may open it.
 */
export default function AuditPage() {
  const { t, i18n } = useTranslation('business');
  const fmt = useFormatters();
  const { ability, user } = useSession();
  const role = user?.role_name ?? '';
  const superadmin = useIsSuperadmin();
  const [, navigate] = useLocation();
  const list = useRecordList({
    filters: ['customerId', 'actorId', 'entityType', 'action', 'from', 'to'],
    schema: ZListAuditInput,
    list: trpc.audit.list,
    invalidates: ['audit'],
    subject: 'AuditEvent',
    label: (e) => `${t(`audit.type.${e.entityType}`, { defaultValue: e.entityType })} #${e.entityId}`,
    records: t('audit.records'),
    // The trail reads newest first, as the server answers without a sort.
    defaults: { sortBy: 'at', orderBy: 'desc' },
  });
  // The trail is read-only, whoever reads it.
  const events = { ...list, can: () => false };
  const customerId = Number(list.state.filters.customerId) || undefined;
  const actors = useUserOptions({ customerId: superadmin ? customerId : undefined });
  const hrefOf = (e: TAuditEvent) => recordHref(e, ability, role);
  const typeName = (type: string) => t(`audit.type.${type}`, { defaultValue: type });
  const actorName = (e: TAuditEvent) => e.actorName ?? e.actorEmail ?? t('audit.system');
  const actorDetail = (e: TAuditEvent) => (e.actorName ? (e.actorEmail ?? undefined) : undefined);
  const actionText = (e: TAuditEvent) => t(`audit.actions.${e.action}`, { defaultValue: e.action });
  const recordText = (e: TAuditEvent) =>
    e.recordLabel
      ? `${typeName(e.entityType)} · ${e.recordLabel}`
      : t('audit.recordId', { type: typeName(e.entityType), id: e.entityId });
  const words = useChangeWords();
  const changesText = (e: TAuditEvent) => changeSummary(e.changes, i18n.dir(), words) || t('audit.noChanges');

  const columns: Column<TAuditEvent>[] = [
    { key: 'at', header: t('audit.at'), kind: 'datetime', sortable: true, render: (e) => fmt.dateTime(e.at) },
    {
      key: 'actor',
      header: t('audit.actor'),
      kind: 'name',
      render: (e) => <NameCell name={actorName(e)} detail={actorDetail(e)} />,
      exportValue: (e) => joinCellText(actorName(e), actorDetail(e)),
    },
    {
      key: 'action',
      header: t('audit.action'),
      kind: 'status',
      render: (e) => <TextCell>{actionText(e)}</TextCell>,
      exportValue: actionText,
    },
    {
      key: 'record',
      header: t('audit.record'),
      kind: 'text',
      exportValue: recordText,
      render: (e) => {
        const text = recordText(e);
        const href = hrefOf(e);
        return href ? (
          <Link as={RouterLink} href={href} onClick={(ev: React.MouseEvent) => ev.stopPropagation()}>
            <bdi>{text}</bdi>
          </Link>
        ) : (
          <TextCell>{text}</TextCell>
        );
      },
    },
    {
      key: 'changes',
      header: t('audit.changes'),
      kind: 'text',
      width: 22,
      render: (e) => <TextCell>{changesText(e)}</TextCell>,
      exportValue: changesText,
    },
    ...(superadmin
      ? [
          {
            key: 'customer',
            header: t('audit.customer'),
            kind: 'text' as const,
            render: (e: TAuditEvent) => <TextCell>{e.customerName ?? '—'}</TextCell>,
            exportValue: (e: TAuditEvent) => e.customerName ?? '—',
          },
        ]
      : []),
  ];

  return (
    <RecordListPage
      list={events}
      title={t('audit.title')}
      description={t('audit.description')}
      createLabel=""
      emptyTitle={t('audit.empty')}
      columns={columns}
      card={{ title: 'record', facts: ['actor', 'at'], status: 'action' }}
      exportDomain="audit"
      onRowOpen={(e) => {
        const href = hrefOf(e);
        if (href) navigate(href);
      }}
      rowActions={(e) => {
        const href = hrefOf(e);
        return href ? [{ label: t('audit.open', { label: list.label(e) }), onSelect: () => navigate(href) }] : [];
      }}
      filters={
        <>
          <CustomerFilter {...list.filter('customerId')} />
          <FilterSelect
            label={t('audit.actor')}
            {...list.filter('actorId')}
            allLabel={t('audit.allActors')}
            options={actors.options.map((o) => ({ value: String(o.id), label: o.label }))}
          />
          <FilterSelect
            label={t('audit.record')}
            {...list.filter('entityType')}
            allLabel={t('audit.allTypes')}
            options={AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: typeName(type) }))}
          />
          <FilterSelect
            label={t('audit.action')}
            {...list.filter('action')}
            allLabel={t('audit.allActions')}
            options={AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`audit.actions.${action}`) }))}
          />
          <DateRangeFilter
            fromLabel={t('audit.from')}
            toLabel={t('audit.to')}
            from={list.state.filters.from ?? ''}
            to={list.state.filters.to ?? ''}
            onChange={(range) => list.update({ filters: range })}
          />
        </>
      }
    />
  );
}
