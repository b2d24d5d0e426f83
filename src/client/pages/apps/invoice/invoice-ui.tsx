// What the invoice pages share: the status label, money formatting and the pages' paths.
import { Label } from '@primer/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { INVOICE_CURRENCY, type TInvoiceStatus } from '../../../../shared/schemas/invoice.ts';
import { pathFor } from '../../../app/routes.tsx';
import { useCan } from '../../../lib/can.ts';
import { useFormatters, useMoney } from '../../../lib/format.ts';
import classes from './Invoice.module.css';

const STATUS_VARIANT: Record<TInvoiceStatus, 'success' | 'attention' | 'secondary' | 'danger' | 'accent' | 'done'> = {
  Paid: 'success',
  'Partial Payment': 'attention',
  Sent: 'accent',
  Downloaded: 'done',
  Draft: 'secondary',
  'Past Due': 'danger',
};

export function InvoiceStatusLabel({ status }: { status: TInvoiceStatus }) {
  const { t } = useTranslation('invoice');
  return <Label variant={STATUS_VARIANT[status]}>{t(`status.${status}`)}</Label>;
}

/** Amounts in the invoices' currency, named on each ("$1,249.99", "1 249,99 $US"). */
export const INVOICE_MONEY = { currency: INVOICE_CURRENCY } as const;

/** Whether the caller may change invoices (create, edit, pay, send, delete): `manage DemoApp`. */
export function useCanManageInvoices(): boolean {
  return useCan()('manage', 'DemoApp');
}

export const invoicePaths = {
  list: () => pathFor('apps-invoice-list'),
  add: () => pathFor('apps-invoice-add'),
  edit: (id: number) => pathFor('apps-invoice-edit-id', { id }),
  preview: (id: number) => pathFor('apps-invoice-preview-id', { id }),
};

/** The invoice number of a route param; a malformed one reads as an invoice that does not exist. */
export function invoiceIdOf(param: string | undefined): number {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 && id < 2_147_483_647 ? id : 2_147_483_647;
}

/** Subtotal, discount, tax and total (then `children`: paid and balance on the sheet). */
export function InvoiceTotals({
  totals,
  taxRate,
  describedBy,
  children,
}: {
  totals: { subtotal: number; discount: number; tax: number; total: number };
  taxRate?: number;
  describedBy?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('invoice');
  const fmt = useFormatters();
  const money = useMoney(INVOICE_MONEY);
  return (
    <dl className={classes.totals} aria-describedby={describedBy}>
      <dt>{t('editor.subtotal')}</dt>
      <dd dir="ltr">{money(totals.subtotal)}</dd>
      <dt>{t('editor.discount')}</dt>
      <dd dir="ltr">−{money(totals.discount)}</dd>
      <dt>{taxRate === undefined ? t('editor.tax') : `${t('editor.tax')} (${fmt.number(taxRate)} %)`}</dt>
      <dd dir="ltr">{money(totals.tax)}</dd>
      <dt className={classes.grand}>{t('editor.total')}</dt>
      <dd className={classes.grand} dir="ltr" data-testid="invoice-total">
        {money(totals.total)}
      </dd>
      {children}
    </dl>
  );
}
