// The invoice form of /apps/invoice/add and /apps/invoice/edit/{id}: client, dates, line items (add,
// remove, move up and down), discount, tax and note. The totals shown while typing are a preview from
// the shared `invoiceTotals`; the server computes and stores its own on save.
import { PlusIcon } from '@primer/octicons-react';
import { Banner, Button, Heading, Spinner, Textarea, TextInput } from '@primer/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { isStaleRecordError } from '../../../../shared/errors.ts';
import { invoiceTotals, type TInvoiceDocument, ZCreateInvoiceInput } from '../../../../shared/schemas/invoice.ts';
import { Field, NumberInput, StaleRecordBanner, TextField, useZodForm } from '../../../components/FormDialog/index.ts';
import { NoticeArea, useNotice } from '../../../components/ListPage/index.ts';
import { RecordSelect } from '../../../components/RecordSelect/index.ts';
import { ReorderButtons } from '../../../components/ReorderButtons/ReorderButtons.tsx';
import { useUnsavedChangesGuard } from '../../../components/UnsavedChanges/index.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useMoney } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { INVOICE_MONEY, InvoiceTotals, invoicePaths, useCanManageInvoices } from './invoice-ui.tsx';
import classes from './Invoice.module.css';

interface ItemValues {
  /** A React key only (not sent). */
  key: number;
  description: string;
  quantity: number | null;
  price: number | null;
}

interface EditorValues extends Record<string, unknown> {
  clientId: number | null;
  issuedDate: string;
  dueDate: string;
  items: ItemValues[];
  taxRate: number | null;
  discount: number | null;
  note: string;
}

let nextKey = 1;
const blankItem = (): ItemValues => ({ key: nextKey++, description: '', quantity: 1, price: null });
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function initialValues(invoice: TInvoiceDocument | null): EditorValues {
  if (!invoice)
    return {
      clientId: null,
      issuedDate: today(),
      dueDate: inDays(30),
      items: [blankItem()],
      taxRate: 0,
      discount: 0,
      note: '',
    };
  return {
    clientId: invoice.clientId,
    issuedDate: invoice.issuedDate,
    dueDate: invoice.dueDate,
    items: invoice.items.map((item) => ({ ...item, key: nextKey++ })),
    taxRate: invoice.taxRate,
    discount: invoice.discount,
    note: invoice.note,
  };
}

const toInput = ({ items, ...v }: EditorValues) => ({
  ...v,
  clientId: v.clientId ?? undefined,
  items: items.map(({ description, quantity, price }) => ({ description, quantity, price })),
});

/** Loads the invoice (edit) before its form opens; a missing or unreadable one says so. */
export function InvoiceEditorPage({ id }: { id: number | null }) {
  const { t } = useTranslation('invoice');
  const errorText = useErrorText();
  const doc = trpc.apps.invoice.document.useQuery({ id: id ?? 0 }, { enabled: id !== null, retry: false });
  const [version, setVersion] = useState(0);
  if (id !== null && doc.error) {
    return (
      <div className={classes.page}>
        <Heading as="h1" className={classes.title}>
          {t('editor.editTitle', { id })}
        </Heading>
        <Banner variant="critical" title={t('editor.loadFailed')} description={errorText.error(doc.error)} />
      </div>
    );
  }
  if (id !== null && !doc.data) {
    return (
      <div className={classes.loading}>
        <Spinner srText={t('editor.loadFailed')} />
      </div>
    );
  }
  return (
    <InvoiceForm
      key={`${id ?? 'new'}-${version}`}
      invoice={doc.data ?? null}
      onReload={async () => {
        await doc.refetch();
        setVersion((n) => n + 1);
      }}
    />
  );
}

function InvoiceForm({ invoice, onReload }: { invoice: TInvoiceDocument | null; onReload: () => Promise<void> }) {
  const { t } = useTranslation('invoice');
  const errorText = useErrorText();
  const money = useMoney(INVOICE_MONEY);
  const [, navigate] = useLocation();
  const canManage = useCanManageInvoices();
  const notices = useNotice();
  const utils = trpc.useUtils();
  const create = trpc.apps.invoice.create.useMutation();
  const update = trpc.apps.invoice.update.useMutation();
  const form = useZodForm(ZCreateInvoiceInput, () => initialValues(invoice), toInput);
  const guard = useUnsavedChangesGuard(form.dirty && canManage);
  const [stale, setStale] = useState<{ busy: 'reload' | 'overwrite' | null; error: string | null } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { values } = form;
  const totals = invoiceTotals(
    values.items.map((item) => ({ quantity: item.quantity ?? 0, price: item.price ?? 0 })),
    values.discount ?? 0,
    values.taxRate ?? 0,
  );

  useEffect(() => {
    if (!form.failedSubmits) return;
    const frame = requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [form.failedSubmits]);

  const setItems = (items: ItemValues[], touched: string[] = ['items']) => form.patch({ items }, touched);
  const setItem = (index: number, patch: Partial<ItemValues>) =>
    setItems(
      values.items.map((item, i) => (i === index ? { ...item, ...patch } : item)),
      Object.keys(patch).map((field) => `items.${index}.${field}`),
    );
  const move = (index: number, by: -1 | 1) => {
    const items = [...values.items];
    [items[index], items[index + by]] = [items[index + by], items[index]];
    setItems(items);
    // Keep the moved row's button under the keyboard.
    requestAnimationFrame(() =>
      formRef.current
        ?.querySelector<HTMLElement>(`[data-item-key="${items[index + by].key}"] [data-move="${by}"]`)
        ?.focus(),
    );
  };

  const save = async (data: ReturnType<typeof toInput>, overwrite = false) => {
    const saved = invoice
      ? await update.mutateAsync({
          ...(data as never as Parameters<typeof update.mutateAsync>[0]),
          id: invoice.id,
          version: overwrite ? undefined : invoice.version,
        })
      : await create.mutateAsync(data as never);
    await utils.apps.invoice.invalidate();
    form.reset(form.values);
    notices.success(t('editor.saved', { id: saved.id }));
    guard.allow(() => navigate(invoicePaths.preview(saved.id)));
  };

  const submit = form.handleSubmit(async (data) => {
    try {
      await save(data);
    } catch (error) {
      if (isStaleRecordError(error)) {
        setStale({ busy: null, error: null });
        return;
      }
      throw error;
    }
  });

  const title = invoice ? t('editor.editTitle', { id: invoice.id }) : t('editor.addTitle');
  return (
    <form
      ref={formRef}
      className={classes.page}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="invoice-editor-title"
    >
      <div className={classes.header}>
        <Heading as="h1" id="invoice-editor-title" className={classes.title}>
          {title}
        </Heading>
      </div>
      <NoticeArea notices={notices} />
      {!canManage && <Banner variant="info" title={t('editor.readOnly')} />}
      {stale && (
        <StaleRecordBanner
          error={stale.error}
          busy={stale.busy}
          onReload={() => {
            setStale({ busy: 'reload', error: null });
            guard.allow(() => void onReload());
          }}
          onOverwrite={() => {
            setStale({ busy: 'overwrite', error: null });
            const parsed = ZCreateInvoiceInput.safeParse(toInput(form.values));
            if (parsed.success)
              save(parsed.data, true).catch((e: unknown) => setStale({ busy: null, error: errorText.error(e) }));
          }}
        />
      )}
      {form.formError && <Banner variant="critical" title={form.formError} aria-live="assertive" />}
      <fieldset className={classes.fieldset} disabled={!canManage || form.submitting}>
        <section className={classes.card}>
          <ClientPicker
            value={values.clientId}
            onChange={(id) => form.set('clientId', id)}
            error={form.error('clientId')}
          />
          <div className={classes.row}>
            <TextField form={form} name="issuedDate" type="date" label={t('editor.issuedDate')} required />
            <TextField form={form} name="dueDate" type="date" label={t('editor.dueDate')} required />
          </div>
        </section>

        <section className={classes.card} aria-labelledby="invoice-items">
          <Heading as="h2" id="invoice-items" className={classes.sectionTitle}>
            {t('editor.items')}
          </Heading>
          {form.error('items') && (
            <p className={classes.error} role="alert">
              {form.error('items')}
            </p>
          )}
          <ol className={classes.items}>
            {values.items.map((item, index) => {
              const n = index + 1;
              return (
                <li
                  key={item.key}
                  className={classes.item}
                  data-item-key={item.key}
                  aria-label={t('editor.itemN', { n })}
                >
                  <Field
                    label={t('editor.description')}
                    error={form.error(`items.${index}.description`)}
                    required
                    className={classes.itemDescription}
                  >
                    <TextInput
                      block
                      value={item.description}
                      onChange={(e) => setItem(index, { description: e.target.value })}
                    />
                  </Field>
                  <Field
                    label={t('editor.quantity')}
                    error={form.error(`items.${index}.quantity`)}
                    required
                    className={classes.itemNumber}
                  >
                    <NumberInput
                      value={item.quantity}
                      min={1}
                      step={1}
                      onChange={(quantity) => setItem(index, { quantity })}
                    />
                  </Field>
                  <Field
                    label={t('editor.price')}
                    error={form.error(`items.${index}.price`)}
                    required
                    className={classes.itemNumber}
                  >
                    <NumberInput
                      value={item.price}
                      min={0}
                      step={0.01}
                      onChange={(price) => setItem(index, { price })}
                    />
                  </Field>
                  <div className={classes.itemAmount}>
                    <span className={classes.muted}>{t('editor.amount')}</span>
                    <span dir="ltr">{money((item.quantity ?? 0) * (item.price ?? 0))}</span>
                  </div>
                  <div className={classes.itemTools}>
                    <ReorderButtons
                      index={index}
                      count={values.items.length}
                      labels={{
                        up: t('editor.moveUp', { n }),
                        down: t('editor.moveDown', { n }),
                        remove: t('editor.removeItem', { n }),
                      }}
                      onMove={(by) => move(index, by)}
                      onRemove={() => setItems(values.items.filter((_, i) => i !== index))}
                      removeDisabled={values.items.length === 1}
                    />
                  </div>
                </li>
              );
            })}
          </ol>
          <Button leadingVisual={PlusIcon} onClick={() => setItems([...values.items, blankItem()])}>
            {t('editor.addItem')}
          </Button>
        </section>

        <section className={[classes.card, classes.summaryCard].join(' ')}>
          <div className={classes.summaryFields}>
            <Field label={t('editor.discount')} error={form.error('discount')}>
              <NumberInput
                value={values.discount}
                min={0}
                step={0.01}
                onChange={(discount) => form.set('discount', discount)}
              />
            </Field>
            <Field label={t('editor.taxRate')} error={form.error('taxRate')}>
              <NumberInput
                value={values.taxRate}
                min={0}
                max={100}
                step={0.01}
                onChange={(taxRate) => form.set('taxRate', taxRate)}
              />
            </Field>
            <Field label={t('editor.note')} error={form.error('note')}>
              <Textarea
                block
                rows={3}
                resize="vertical"
                value={values.note}
                onChange={(e) => form.set('note', e.target.value)}
              />
            </Field>
          </div>
          <InvoiceTotals totals={totals} describedBy="invoice-estimate" />
          <p id="invoice-estimate" className={classes.muted}>
            {t('editor.estimate')}
          </p>
        </section>
      </fieldset>
      <div className={classes.footer}>
        <Button onClick={() => navigate(invoice ? invoicePaths.preview(invoice.id) : invoicePaths.list())}>
          {t('editor.cancel')}
        </Button>
        {canManage && (
          <Button type="submit" variant="primary" loading={form.submitting}>
            {t('editor.save')}
          </Button>
        )}
      </div>
    </form>
  );
}

/** A search box and the matching clients (20 at most, searched in SQL); the chosen one stays listed. */
function ClientPicker({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
}) {
  const { t } = useTranslation('invoice');
  const [q, setQ] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(q.trim()), 250);
    return () => clearTimeout(timer);
  }, [q]);
  const found = trpc.apps.invoice.clientOptions.useQuery(
    { q: debounced || undefined },
    { placeholderData: (previous) => previous },
  );
  const chosen = trpc.apps.invoice.clientOptions.useQuery({ id: value ?? undefined }, { enabled: value !== null });
  const rows = [...(chosen.data ?? []), ...(found.data ?? []).filter((c) => c.id !== value)];
  return (
    <div className={classes.row}>
      <Field label={t('editor.clientSearch')}>
        <TextInput block type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      </Field>
      <RecordSelect
        label={t('editor.client')}
        value={value}
        onChange={onChange}
        options={rows.map((c) => ({ id: c.id, label: `${c.name} · ${c.company}` }))}
        placeholder={t('editor.chooseClient')}
        loading={found.isLoading}
        error={error}
        required
      />
    </div>
  );
}
