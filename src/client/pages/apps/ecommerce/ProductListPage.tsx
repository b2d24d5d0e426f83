import { useTranslation } from 'react-i18next';
import { PRODUCT_CATEGORIES, PRODUCT_STATUSES, ZListProductsInput, type TProduct } from '../../../../shared/schemas/ecommerce.ts';
import type { Column } from '../../../components/DataTable/DataTable.tsx';
import { FilterSelect } from '../../../components/DataTable/FilterSelect.tsx';
import { CodeCell, NumberCell, RecordListPage, useRecordList } from '../../../components/ListPage/index.ts';
import { useFormatters } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { MoneyCell, PictureName, ShopStatus, StatCards, shopList, useMoney, shopListText } from './shop.tsx';

/** /apps/ecommerce/product/list: the shop's products with stat cards, filters, bulk delete and CSV. */
export default function ProductListPage() {
  const { t } = useTranslation('shop');
  const fmt = useFormatters();
  const money = useMoney();
  const list = useRecordList({
    filters: ['status', 'category', 'stock'],
    schema: ZListProductsInput,
    list: trpc.apps.ecommerce.products.list,
    ...shopList('products'),
    label: (p: TProduct) => p.productName,
    remove: trpc.apps.ecommerce.products.delete.useMutation().mutateAsync,
    deleteHint: t('products.deleteHint'),
    records: t('products.records'),
  });
  const stats = trpc.apps.ecommerce.products.stats.useQuery();

  const columns: Column<TProduct>[] = [
    {
      key: 'product',
      header: t('products.product'),
      kind: 'name',
      sortable: true,
      hideable: false,
      render: (p) => <PictureName image={p.image} name={p.productName} detail={p.productBrand} />,
    },
    { key: 'category', header: t('products.category'), kind: 'text', sortable: true, render: (p) => t(`category.${p.category}`) },
    { key: 'stock', header: t('products.stock'), kind: 'status', render: (p) => (p.stock ? t('products.inStock') : t('products.outOfStock')) },
    { key: 'sku', header: t('products.sku'), kind: 'code', width: 7, sortable: true, render: (p) => <CodeCell>{p.sku}</CodeCell> },
    { key: 'price', header: t('products.price'), kind: 'number', sortable: true, render: (p) => <MoneyCell>{money(p.price)}</MoneyCell> },
    { key: 'qty', header: t('products.qty'), kind: 'number', width: 6, sortable: true, render: (p) => <NumberCell>{fmt.number(p.qty)}</NumberCell> },
    { key: 'status', header: t('fields.status'), kind: 'status', sortable: true, render: (p) => <ShopStatus status={p.status} /> },
  ];

  return (
    <RecordListPage
      list={list}
      {...shopListText(t, 'products')}
      columns={columns}
      card={{ title: 'product', facts: ['price', 'qty'], status: 'status' }}
      exportDomain="ecommerce-products"
      summary={
        <StatCards
          label={t('products.stats')}
          stats={
            stats.data
              ? [
                  { label: t('products.total'), value: fmt.number(stats.data.total) },
                  { label: t('status.Published'), value: fmt.number(stats.data.published) },
                  { label: t('products.inStock'), value: fmt.number(stats.data.inStock) },
                  { label: t('products.outOfStock'), value: fmt.number(stats.data.outOfStock) },
                  { label: t('products.stockValue'), value: money(stats.data.stockValue) },
                ]
              : null
          }
        />
      }
      filters={
        <>
          <FilterSelect
            label={t('fields.status')}
            {...list.filter('status')}
            allLabel={t('filters.allStatuses')}
            options={PRODUCT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
          <FilterSelect
            label={t('products.category')}
            {...list.filter('category')}
            allLabel={t('filters.allCategories')}
            options={PRODUCT_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))}
          />
          <FilterSelect
            label={t('products.stock')}
            {...list.filter('stock')}
            allLabel={t('filters.anyStock')}
            options={[
              { value: 'true', label: t('products.inStock') },
              { value: 'false', label: t('products.outOfStock') },
            ]}
          />
        </>
      }
      onRowOpen={null}
      rowActions={(p) => list.menu(p, { onEdit: undefined })}
    />
  );
}
