import { useTranslation } from 'react-i18next';
import {
  REVIEW_STATUSES,
  type TReviewRow,
  type TReviewStatus,
  ZListReviewsInput,
} from '../../../../shared/schemas/ecommerce.ts';
import { type Column, joinCellText } from '../../../components/DataTable/DataTable.tsx';
import { FilterSelect } from '../../../components/DataTable/FilterSelect.tsx';
import { RecordListPage, TextCell, useRecordList } from '../../../components/ListPage/index.ts';
import { useFormatters } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { shopClasses as classes, PictureName, ShopStatus, shopList, shopListText } from './shop.tsx';

/** /apps/ecommerce/manage-review: reviews filtered by status; approve, unpublish or delete. */
export default function ManageReviewPage() {
  const { t } = useTranslation('shop');
  const fmt = useFormatters();
  const list = useRecordList({
    filters: ['status'],
    schema: ZListReviewsInput,
    list: trpc.apps.ecommerce.reviews.list,
    ...shopList('reviews'),
    label: (r: TReviewRow) => r.head,
    remove: trpc.apps.ecommerce.reviews.delete.useMutation().mutateAsync,
    deleteHint: t('reviews.deleteHint'),
    records: t('reviews.records'),
  });
  const setStatus = trpc.apps.ecommerce.reviews.setStatus.useMutation();
  const change = (r: TReviewRow, status: TReviewStatus) =>
    list.notices.run(
      async () => {
        try {
          await setStatus.mutateAsync({ id: r.id, status, version: r.version });
        } finally {
          await list.refresh();
        }
      },
      t(status === 'Published' ? 'reviews.approved' : 'reviews.unpublished', { head: r.head }),
    );

  const columns: Column<TReviewRow>[] = [
    {
      key: 'product',
      header: t('reviews.product'),
      kind: 'name',
      sortable: true,
      render: (r) => <PictureName image={r.productImage} name={r.product} detail={r.companyName} />,
      exportValue: (r) => joinCellText(r.product, r.companyName),
    },
    {
      key: 'reviewer',
      header: t('reviews.reviewer'),
      kind: 'name',
      sortable: true,
      render: (r) => <PictureName image={r.avatar} name={r.reviewer} detail={r.email} detailLtr />,
      exportValue: (r) => joinCellText(r.reviewer, r.email),
    },
    {
      key: 'review',
      header: t('reviews.review'),
      kind: 'text',
      width: 18,
      hideable: false,
      render: (r) => (
        <span title={r.para}>
          <span className={classes.stars} role="img" aria-label={t('reviews.rating', { rating: r.review })}>
            {'★'.repeat(r.review)}
            {'☆'.repeat(5 - r.review)}
          </span>{' '}
          <TextCell>{r.head}</TextCell>
        </span>
      ),
      exportValue: (r) => joinCellText(t('reviews.rating', { rating: r.review }), r.head),
    },
    {
      key: 'date',
      header: t('reviews.date'),
      kind: 'date',
      sortable: true,
      render: (r) => fmt.date(`${r.date}T00:00:00Z`),
    },
    {
      key: 'status',
      header: t('fields.status'),
      kind: 'status',
      sortable: true,
      render: (r) => <ShopStatus status={r.status} />,
      exportValue: (r) => t(`status.${r.status}`),
    },
  ];

  return (
    <RecordListPage
      list={list}
      {...shopListText(t, 'reviews')}
      columns={columns}
      card={{ title: 'review', facts: ['product', 'date'], status: 'status' }}
      exportDomain="ecommerce-reviews"
      filters={
        <FilterSelect
          label={t('fields.status')}
          {...list.filter('status')}
          allLabel={t('filters.allStatuses')}
          options={REVIEW_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
      }
      onRowOpen={null}
      rowActions={(r) =>
        list.menu(r, {
          onEdit: undefined,
          extra: [
            {
              label: t('reviews.approve'),
              onSelect: () => void change(r, 'Published'),
              visible: list.can('update') && r.status === 'Pending',
            },
            {
              label: t('reviews.unpublish'),
              onSelect: () => void change(r, 'Pending'),
              visible: list.can('update') && r.status === 'Published',
            },
          ],
        })
      }
    />
  );
}
