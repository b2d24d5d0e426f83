// /apps/invoice/preview/{id}: the invoice as it prints (A4 or Letter: only the sheet is printed), with
// print, send (to the outbox, like password links), record a payment and edit.
import { CreditCardIcon, PaperAirplaneIcon, PencilIcon } from '@primer/octicons-react';
import { Banner, Button, Heading, Spinner } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import {
  PAYMENT_METHODS,
  type TInvoiceDocument,
  ZRecordPaymentInput,
  ZSendInvoiceInput,
} from '../../../../shared/schemas/invoice.ts';
import {
  FormDialog,
  formClasses,
  NumberField,
  SelectField,
  TextareaField,
  TextField,
  useZodForm,
} from '../../../components/FormDialog/index.ts';
import { type NoticeApi, NoticeArea, useNotice } from '../../../components/ListPage/index.ts';
import { useCountryName } from '../../../lib/countries.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useFormatters, useMoney } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import {
  INVOICE_MONEY,
  InvoiceStatusLabel,
  InvoiceTotals,
  invoiceIdOf,
  invoicePaths,
  useCanManageInvoices,
} from './invoice-ui.tsx';
import classes from './Invoice.module.css';

export default function InvoicePreviewPage() {
  const { t } = useTranslation('invoice');
  const errorText = useErrorText();
  const id = invoiceIdOf(useParams<{ id: string }>().id);
  const doc = trpc.apps.invoice.document.useQuery({ id }, { retry: false });
  const notices = useNotice();
  const canManage = useCanManageInvoices();
  const [, navigate] = useLocation();
  const [dialog, setDialog] = useState<'send' | 'payment' | null>(null);
  if (doc.error) {
    return (
      <div className={classes.page}>
        <Heading as="h1" className={classes.title}>
          {t('number', { id })}
        </Heading>
        <Banner variant="critical" title={t('editor.loadFailed')} description={errorText.error(doc.error)} />
        <Link href={invoicePaths.list()}>{t('actions.backToList')}</Link>
      </div>
    );
  }
  if (!doc.data) {
    return (
      <div className={classes.loading}>
        <Spinner srText={t('number', { id })} />
      </div>
    );
  }
  const invoice = doc.data;
  return (
    <div className={classes.page}>
      <div className={[classes.header, classes.noPrint].join(' ')}>
        <Heading as="h1" className={classes.title}>
          {t('number', { id: invoice.id })}
        </Heading>
        <div className={classes.actions}>
          <Button onClick={() => window.print()}>{t('actions.print')}</Button>
          {canManage && (
            <>
              <Button leadingVisual={PaperAirplaneIcon} onClick={() => setDialog('send')}>
                {t('actions.send')}
              </Button>
              <Button
                leadingVisual={CreditCardIcon}
                onClick={() => setDialog('payment')}
                disabled={invoice.balance <= 0}
              >
                {t('actions.recordPayment')}
              </Button>
              <Button
                leadingVisual={PencilIcon}
                variant="primary"
                onClick={() => navigate(invoicePaths.edit(invoice.id))}
              >
                {t('edit')}
              </Button>
            </>
          )}
        </div>
      </div>
      <div className={classes.noPrint}>
        <NoticeArea notices={notices} />
      </div>
      <InvoiceSheet invoice={invoice} />
      <p className={classes.noPrint}>
        <Link href={invoicePaths.list()}>{t('actions.backToList')}</Link>
      </p>
      {dialog === 'send' && <SendDialog invoice={invoice} notices={notices} onClose={() => setDialog(null)} />}
      {dialog === 'payment' && <PaymentDialog invoice={invoice} notices={notices} onClose={() => setDialog(null)} />}
    </div>
  );
}

/** The printable invoice: issuer (name, address, bank), client, lines, totals, note and payments. */
function InvoiceSheet({ invoice }: { invoice: TInvoiceDocument }) {
  const { t } = useTranslation('invoice');
  const fmt = useFormatters();
  const money = useMoney({ currency: invoice.currency });
  const region = useCountryName();
  const { client, issuer, paymentDetails: bank } = invoice;
  const place = [issuer.city, region(issuer.country)].filter(Boolean).join(', ');
  return (
    <article className={classes.sheet} aria-label={t('number', { id: invoice.id })} data-invoice-sheet>
      <header className={classes.sheetHead}>
        <div>
          <p className={classes.sheetNumber}>{t('number', { id: invoice.id })}</p>
          <InvoiceStatusLabel status={invoice.invoiceStatus} />
        </div>
        <dl className={classes.facts}>
          <dt>{t('sheet.issued')}</dt>
          <dd>{fmt.date(invoice.issuedDate)}</dd>
          <dt>{t('sheet.due')}</dt>
          <dd>{fmt.date(invoice.dueDate)}</dd>
        </dl>
      </header>
      <section className={classes.parties}>
        <div data-testid="invoice-issuer">
          <h2 className={classes.sectionTitle}>{t('sheet.from')}</h2>
          <p>
            <strong>
              <bdi>{issuer.name}</bdi>
            </strong>
            {issuer.address && (
              <>
                <br />
                <bdi>{issuer.address}</bdi>
              </>
            )}
            {place && (
              <>
                <br />
                <bdi>{place}</bdi>
              </>
            )}
          </p>
        </div>
        <div>
          <h2 className={classes.sectionTitle}>{t('sheet.billTo')}</h2>
          <p>
            <bdi>{client.name}</bdi>
            <br />
            <bdi>{client.company}</bdi>
            <br />
            <bdi>{client.address}</bdi>, <bdi>{client.country}</bdi>
            <br />
            <span dir="ltr">{client.contact}</span>
            <br />
            <span dir="ltr">{client.companyEmail}</span>
          </p>
        </div>
        <div>
          <h2 className={classes.sectionTitle}>{t('sheet.paymentDetails')}</h2>
          <dl className={classes.facts}>
            <dt>{t('sheet.bank')}</dt>
            <dd>
              <bdi>{bank.bankName}</bdi>
            </dd>
            <dt>{t('sheet.country')}</dt>
            <dd>
              <bdi>{bank.country}</bdi>
            </dd>
            <dt>{t('sheet.iban')}</dt>
            <dd dir="ltr">{bank.iban}</dd>
            <dt>{t('sheet.swift')}</dt>
            <dd dir="ltr">{bank.swiftCode}</dd>
          </dl>
        </div>
      </section>
      <table className={classes.lines}>
        <thead>
          <tr>
            <th scope="col">{t('editor.description')}</th>
            <th scope="col" className={classes.num}>
              {t('editor.quantity')}
            </th>
            <th scope="col" className={classes.num}>
              {t('editor.price')}
            </th>
            <th scope="col" className={classes.num}>
              {t('editor.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.items.map((item, i) => (
            <tr key={i}>
              <td className={classes.lineDescription}>
                <bdi>{item.description}</bdi>
              </td>
              {/* data-label: on a narrow sheet each line stacks and its figures say what they are. */}
              <td className={classes.num} data-label={t('editor.quantity')}>
                <span dir="ltr">{fmt.number(item.quantity)}</span>
              </td>
              <td className={classes.num} data-label={t('editor.price')}>
                <span dir="ltr">{money(item.price)}</span>
              </td>
              <td className={classes.num} data-label={t('editor.amount')}>
                <span dir="ltr">{money(item.quantity * item.price)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <InvoiceTotals totals={invoice} taxRate={invoice.taxRate}>
        <dt>{t('sheet.paid')}</dt>
        <dd dir="ltr">{money(invoice.paid)}</dd>
        <dt className={classes.grand}>{t('sheet.balance')}</dt>
        <dd className={classes.grand} dir="ltr" data-testid="invoice-balance">
          {money(invoice.balance)}
        </dd>
      </InvoiceTotals>
      {invoice.note && (
        <section>
          <h2 className={classes.sectionTitle}>{t('sheet.note')}</h2>
          <p className={classes.note}>
            <bdi>{invoice.note}</bdi>
          </p>
        </section>
      )}
      <section>
        <h2 className={classes.sectionTitle}>{t('sheet.payments')}</h2>
        {invoice.payments.length === 0 ? (
          <p className={classes.muted}>{t('sheet.noPayments')}</p>
        ) : (
          <ul className={classes.payments}>
            {invoice.payments.map((p, i) => (
              <li key={i}>
                {fmt.date(p.paidOn)} · {t(`payment.methods.${p.method}`)} · <span dir="ltr">{money(p.amount)}</span>
              </li>
            ))}
          </ul>
        )}
        {invoice.sentAt && <p className={classes.muted}>{t('sheet.sentAt', { when: fmt.dateTime(invoice.sentAt) })}</p>}
      </section>
    </article>
  );
}

function SendDialog({
  invoice,
  notices,
  onClose,
}: {
  invoice: TInvoiceDocument;
  notices: NoticeApi;
  onClose: () => void;
}) {
  const { t } = useTranslation('invoice');
  const utils = trpc.useUtils();
  const send = trpc.apps.invoice.send.useMutation();
  const form = useZodForm(ZSendInvoiceInput, { to: invoice.client.companyEmail, message: '' }, (v) => ({
    ...v,
    id: invoice.id,
  }));
  return (
    <FormDialog
      title={t('send.title', { id: invoice.id })}
      form={form}
      onClose={onClose}
      submitLabel={t('send.submit')}
      onSubmit={async (data) => {
        await send.mutateAsync(data);
        await utils.apps.invoice.invalidate();
        notices.success(t('send.done', { id: invoice.id, to: data.to }));
      }}
    >
      <TextField form={form} name="to" type="email" label={t('send.to')} required />
      <TextareaField form={form} name="message" label={t('send.message')} rows={4} />
    </FormDialog>
  );
}

function PaymentDialog({
  invoice,
  notices,
  onClose,
}: {
  invoice: TInvoiceDocument;
  notices: NoticeApi;
  onClose: () => void;
}) {
  const { t } = useTranslation('invoice');
  const money = useMoney(INVOICE_MONEY);
  const utils = trpc.useUtils();
  const pay = trpc.apps.invoice.recordPayment.useMutation();
  const form = useZodForm(
    ZRecordPaymentInput,
    { amount: Math.max(invoice.balance, 0), paidOn: new Date().toISOString().slice(0, 10), method: 'Bank transfer' },
    (v) => ({ ...v, amount: v.amount ?? undefined, id: invoice.id, version: invoice.version }),
  );
  return (
    <FormDialog
      title={t('payment.title', { id: invoice.id })}
      form={form}
      onClose={onClose}
      submitLabel={t('actions.recordPayment')}
      onSubmit={async (data) => {
        await pay.mutateAsync(data);
        await utils.apps.invoice.invalidate();
        notices.success(t('payment.done', { amount: money(data.amount) }));
      }}
    >
      <div className={formClasses.row}>
        <NumberField
          form={form}
          name="amount"
          label={t('payment.amount')}
          required
          min={0.01}
          step={0.01}
          caption={t('payment.balanceHint', { amount: money(invoice.balance) })}
        />
        <TextField form={form} name="paidOn" type="date" label={t('payment.paidOn')} required />
      </div>
      <SelectField
        form={form}
        name="method"
        label={t('payment.method')}
        required
        options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`payment.methods.${m}`) }))}
      />
    </FormDialog>
  );
}
