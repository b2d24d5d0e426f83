import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { PRODUCT_STATUSES, type TProduct, ZListProductsInput } from '../../../../shared/schemas/ecommerce.ts';
import { pathFor } from '../../../app/routes.tsx';
import { type Column, joinCellText } from '../../../components/DataTable/DataTable.tsx';
import { FilterSelect } from '../../../components/DataTable/FilterSelect.tsx';
import { CodeCell, NumberCell, RecordListPage, useRecordList } from '../../../components/ListPage/index.ts';
import { StatCards } from '../../../components/StatCards/index.ts';
import { useFormatters, useMoney } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { MoneyCell, PictureName, ShopStatus, shopList, shopListText, useCategoryLabel } from './shop.tsx';

/**
 * /apps/ecommerce/product/list: the shop's products with stat cards, filters (the category one lists the
 * shop's own categories), bulk delete and CSV. A row opens its edit page; "Add product" the add page.
 */
export default function ProductListPage() {
  const { t } = useTranslation('shop');
  const [, navigate] = useLocation();
  const categoryLabel = useCategoryLabel();
  const categories = trpc.apps.ecommerce.categories.list.useQuery({ itemsPerPage: -1, sortBy: 'name', orderBy: 'asc' });
  const edit = (p: TProduct) => navigate(pathFor('apps-ecommerce-product-edit-id', { id: p.id }));
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
      exportValue: (p) => joinCellText(p.productName, p.productBrand),
    },
    {
      key: 'category',
      header: t('products.category'),
      kind: 'text',
      sortable: true,
      render: (p) => categoryLabel(p.category),
    },
    {
      key: 'stock',
      header: t('products.stock'),
      kind: 'status',
      render: (p) => (p.stock ? t('products.inStock') : t('products.outOfStock')),
    },
    {
      key: 'sku',
      header: t('products.sku'),
      kind: 'code',
      width: 7,
      sortable: true,
      render: (p) => <CodeCell>{p.sku}</CodeCell>,
      exportValue: (p) => String(p.sku),
    },
    {
      key: 'price',
      header: t('products.price'),
      kind: 'number',
      sortable: true,
      render: (p) => <MoneyCell>{money(p.price)}</MoneyCell>,
      exportValue: (p) => money(p.price),
    },
    {
      key: 'qty',
      header: t('products.qty'),
      kind: 'number',
      width: 6,
      sortable: true,
      render: (p) => <NumberCell>{fmt.number(p.qty)}</NumberCell>,
      exportValue: (p) => fmt.number(p.qty),
    },
    {
      key: 'status',
      header: t('fields.status'),
      kind: 'status',
      sortable: true,
      render: (p) => <ShopStatus status={p.status} />,
      exportValue: (p) => t(`status.${p.status}`),
    },
  ];

  return (
    <RecordListPage
      list={list}
      {...shopListText(t, 'products')}
      createLabel={t('products.add')}
      onCreate={() => navigate(pathFor('apps-ecommerce-product-add'))}
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
            options={(categories.data?.items ?? []).map((c) => ({ value: c.name, label: categoryLabel(c.name) }))}
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
      onRowOpen={edit}
      rowActions={(p) => list.menu(p, { onEdit: () => edit(p) })}
    />
  );
}
