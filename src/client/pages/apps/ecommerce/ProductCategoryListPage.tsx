import { useTranslation } from 'react-i18next';
import { type TCategory, ZListCategoriesInput, ZSaveCategoryInput } from '../../../../shared/schemas/ecommerce.ts';
import { type Column, joinCellText } from '../../../components/DataTable/DataTable.tsx';
import { FormDialog, TextareaField, TextField, useZodForm } from '../../../components/FormDialog/index.ts';
import {
  NameCell,
  NumberCell,
  type RecordDialogProps,
  RecordListPage,
  useRecordList,
} from '../../../components/ListPage/index.ts';
import { useFormatters, useMoney } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { MoneyCell, shopList, useCategoryLabel } from './shop.tsx';

/**
 * /apps/ecommerce/product/category-list: the shop's categories with how many products use each and their
 * stock value (counted in SQL); create, rename or describe in a drawer, delete (the server refuses while
 * products use the category, and its message is shown as it is).
 */
export default function ProductCategoryListPage() {
  const { t } = useTranslation('shop');
  const fmt = useFormatters();
  const money = useMoney();
  const label = useCategoryLabel();
  const list = useRecordList({
    filters: [],
    schema: ZListCategoriesInput,
    list: trpc.apps.ecommerce.categories.list,
    ...shopList('categories'),
    label: (c: TCategory) => label(c.name),
    remove: trpc.apps.ecommerce.categories.delete.useMutation().mutateAsync,
    deleteHint: t('categories.deleteHint'),
    records: t('categories.records'),
  });

  const columns: Column<TCategory>[] = [
    {
      key: 'name',
      header: t('categories.name'),
      kind: 'name',
      sortable: true,
      hideable: false,
      render: (c) => <NameCell name={label(c.name)} detail={c.description} />,
      exportValue: (c) => joinCellText(label(c.name), c.description),
    },
    {
      key: 'products',
      header: t('categories.products'),
      kind: 'number',
      width: 8,
      sortable: true,
      render: (c) => <NumberCell>{fmt.number(c.productCount)}</NumberCell>,
      exportValue: (c) => fmt.number(c.productCount),
    },
    {
      key: 'value',
      header: t('categories.value'),
      kind: 'number',
      sortable: true,
      render: (c) => <MoneyCell>{money(c.totalValue)}</MoneyCell>,
      exportValue: (c) => money(c.totalValue),
    },
  ];

  return (
    <RecordListPage
      list={list}
      title={t('categories.title')}
      description={t('categories.description')}
      createLabel={t('categories.new')}
      emptyTitle={t('categories.empty')}
      columns={columns}
      card={{ title: 'name', facts: ['products', 'value'] }}
      exportDomain="ecommerce-categories"
      dialog={(category, props) => <CategoryDialog category={category} {...props} />}
    />
  );
}

function CategoryDialog({ category, onClose, onSaved, onReload }: RecordDialogProps & { category: TCategory | null }) {
  const { t } = useTranslation('shop');
  const save = trpc.apps.ecommerce.categories.save.useMutation();
  const utils = trpc.useUtils();
  const form = useZodForm(
    ZSaveCategoryInput,
    () => ({ name: category?.name ?? '', description: category?.description ?? '' }),
    (v) => ({
      ...v,
      id: category?.id,
      version: category?.version,
    }),
  );
  return (
    <FormDialog
      title={category ? t('categories.edit', { name: category.name }) : t('categories.new')}
      form={form}
      drawer
      onClose={onClose}
      onReload={onReload}
      onSubmit={async (data) => {
        const saved = await save.mutateAsync(data);
        // A rename is carried to the products: their lists show the new name.
        await utils.apps.ecommerce.products.invalidate();
        await onSaved(saved.name);
      }}
    >
      <TextField form={form} name="name" label={t('categories.name')} required />
      <TextareaField form={form} name="description" label={t('categories.descriptionField')} />
    </FormDialog>
  );
}
