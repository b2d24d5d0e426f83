// The invoice as a PDF (attached to the e-mail that sends it): the same drawing stack as the inspection
// report (pdfkit with the product's fonts and bidi text from lib/pdf), one A4 page per screenful of lines,
// in the sender's language (Arabic right to left). Drawn from a document the caller has already read and
// authorized; user text (client, lines, note) keeps its own direction.
import type { TInvoiceDocument } from '../../../../shared/schemas/invoice.ts';
import { drawLines, layoutParagraph, pdfkit, registerFonts, type TextStyle } from '../../../lib/pdf/pdf-text.ts';

type Language = 'en' | 'fr' | 'de' | 'ar';

const LABELS: Record<Language, Record<string, string>> = {
  en: {
    invoice: 'Invoice #{{n}}',
    issued: 'Issued',
    due: 'Due',
    billTo: 'Bill to',
    description: 'Description',
    quantity: 'Qty',
    price: 'Price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    discount: 'Discount',
    tax: 'Tax ({{rate}} %)',
    total: 'Total',
    paid: 'Paid',
    balance: 'Balance due',
    payment: 'Payment details',
    bank: 'Bank',
    country: 'Country',
    iban: 'IBAN',
    swift: 'SWIFT code',
    note: 'Note',
  },
  fr: {
    invoice: 'Facture n° {{n}}',
    issued: 'Émise le',
    due: 'Échéance',
    billTo: 'Facturé à',
    description: 'Description',
    quantity: 'Qté',
    price: 'Prix',
    amount: 'Montant',
    subtotal: 'Sous-total',
    discount: 'Remise',
    tax: 'TVA ({{rate}} %)',
    total: 'Total',
    paid: 'Payé',
    balance: 'Reste dû',
    payment: 'Coordonnées de paiement',
    bank: 'Banque',
    country: 'Pays',
    iban: 'IBAN',
    swift: 'Code SWIFT',
    note: 'Note',
  },
  de: {
    invoice: 'Rechnung Nr. {{n}}',
    issued: 'Ausgestellt',
    due: 'Fällig',
    billTo: 'Rechnung an',
    description: 'Beschreibung',
    quantity: 'Menge',
    price: 'Preis',
    amount: 'Betrag',
    subtotal: 'Zwischensumme',
    discount: 'Rabatt',
    tax: 'Steuer ({{rate}} %)',
    total: 'Gesamt',
    paid: 'Bezahlt',
    balance: 'Offener Betrag',
    payment: 'Zahlungsangaben',
    bank: 'Bank',
    country: 'Land',
    iban: 'IBAN',
    swift: 'SWIFT-Code',
    note: 'Hinweis',
  },
  ar: {
    invoice: 'فاتورة رقم {{n}}',
    issued: 'تاريخ الإصدار',
    due: 'تاريخ الاستحقاق',
    billTo: 'الفاتورة إلى',
    description: 'الوصف',
    quantity: 'الكمية',
    price: 'السعر',
    amount: 'المبلغ',
    subtotal: 'المجموع الفرعي',
    discount: 'الخصم',
    tax: 'الضريبة ({{rate}} %)',
    total: 'الإجمالي',
    paid: 'المدفوع',
    balance: 'الرصيد المستحق',
    payment: 'تفاصيل الدفع',
    bank: 'البنك',
    country: 'البلد',
    iban: 'IBAN',
    swift: 'رمز SWIFT',
    note: 'ملاحظة',
  },
};

const MARGIN = 40;
const PAGE = { width: 595.28, height: 841.89 };
const CONTENT = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN;
const MUTED = '#59636e';
const H1: TextStyle = { size: 18, bold: true };
const BODY: TextStyle = { size: 10 };
const BOLD: TextStyle = { size: 10, bold: true };
const LABEL: TextStyle = { size: 10, color: MUTED };

export function invoiceLanguage(language: string | null | undefined): Language {
  const code = (language ?? 'en').slice(0, 2);
  return code in LABELS ? (code as Language) : 'en';
}

/** The issuer's address as printed under its name: street, then city and country (named in `language`). */
export function issuerLines(issuer: TInvoiceDocument['issuer'], language: string): string[] {
  let country = issuer.country;
  try {
    if (country) country = new Intl.DisplayNames([language], { type: 'region' }).of(country.toUpperCase()) ?? country;
  } catch {
    // Not a region code: printed as stored.
  }
  return [issuer.address, [issuer.city, country].filter(Boolean).join(', ')].filter(Boolean);
}

/** The invoice's PDF file, whole (a few tens of KB: the fonts are subset). */
export function renderInvoicePdf(invoice: TInvoiceDocument, language: Language): Promise<Buffer> {
  const labels = LABELS[language];
  const label = (key: string, values: Record<string, string | number> = {}) =>
    labels[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  // Every amount names its currency ("$1,249.99", "1 249,99 $US").
  const money = new Intl.NumberFormat(`${language}-u-nu-latn`, { style: 'currency', currency: invoice.currency });
  const { issuer } = invoice;
  const rtl = language === 'ar';
  const doc = new (pdfkit())({
    size: 'A4',
    margin: MARGIN,
    info: { Title: label('invoice', { n: invoice.id }), Author: issuer.name, Creator: 'Opsdesk' },
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let y = MARGIN;
  const col = (offset: number, width: number) => (rtl ? MARGIN + CONTENT - offset - width : MARGIN + offset);
  /** Cells side by side from the language's start side; the row takes its tallest cell's height. */
  const row = (cells: { text: string; width: number; style?: TextStyle; end?: boolean; user?: boolean }[]) => {
    let offset = 0;
    const laid = cells.map((cell) => {
      const style = cell.style ?? BODY;
      const box = {
        x: col(offset, cell.width),
        width: cell.width - 6,
        rtl,
        align: cell.end ? ('end' as const) : undefined,
        ...(cell.user ? { dir: 'auto' as const } : {}),
      };
      offset += cell.width;
      return { box, style, ...layoutParagraph(doc, cell.text, box, style) };
    });
    const height = Math.max(...laid.map((c) => c.height));
    if (y + height > BOTTOM) {
      doc.addPage();
      y = MARGIN;
    }
    const top = y;
    y = Math.max(...laid.map((c) => drawLines(doc, c.lines, top, c.box, c.style)));
  };
  const rule = () => {
    doc
      .moveTo(MARGIN, y + 2)
      .lineTo(MARGIN + CONTENT, y + 2)
      .lineWidth(0.5)
      .strokeColor('#d1d9e0')
      .stroke();
    y += 8;
  };

  // The issuer block: who issues the invoice and where, at the end side of the title.
  row([
    { text: label('invoice', { n: invoice.id }), width: CONTENT / 2, style: H1 },
    { text: issuer.name, width: CONTENT / 2, style: BOLD, end: true, user: true },
  ]);
  for (const line of issuerLines(issuer, language))
    row([
      { text: '', width: CONTENT / 2 },
      { text: line, width: CONTENT / 2, end: true, user: true },
    ]);
  y += 4;
  row([
    { text: label('issued'), width: 110, style: LABEL },
    { text: invoice.issuedDate, width: 150 },
  ]);
  row([
    { text: label('due'), width: 110, style: LABEL },
    { text: invoice.dueDate, width: 150 },
  ]);
  y += 10;
  row([{ text: label('billTo'), width: CONTENT, style: LABEL }]);
  const { client } = invoice;
  for (const line of [client.name, client.company, client.address, client.country, client.contact, client.companyEmail])
    if (line) row([{ text: line, width: CONTENT, user: true }]);
  y += 12;

  const widths = { description: CONTENT - 230, quantity: 60, price: 80, amount: 90 };
  row([
    { text: label('description'), width: widths.description, style: BOLD },
    { text: label('quantity'), width: widths.quantity, style: BOLD, end: true },
    { text: label('price'), width: widths.price, style: BOLD, end: true },
    { text: label('amount'), width: widths.amount, style: BOLD, end: true },
  ]);
  rule();
  for (const item of invoice.items) {
    row([
      { text: item.description, width: widths.description, user: true },
      { text: String(item.quantity), width: widths.quantity, end: true },
      { text: money.format(item.price), width: widths.price, end: true },
      { text: money.format(item.quantity * item.price), width: widths.amount, end: true },
    ]);
  }
  rule();
  const total = (key: string, amount: number, style: TextStyle = BODY, values = {}) =>
    row([
      { text: '', width: CONTENT - 260 },
      { text: label(key, values), width: 170, style: style === BODY ? LABEL : style },
      { text: money.format(amount), width: 90, style, end: true },
    ]);
  total('subtotal', invoice.subtotal);
  if (invoice.discount) total('discount', -invoice.discount);
  total('tax', invoice.tax, BODY, { rate: invoice.taxRate });
  total('total', invoice.total, BOLD);
  if (invoice.paid) total('paid', -invoice.paid);
  total('balance', Math.max(invoice.balance, 0), BOLD);

  const bank = invoice.paymentDetails;
  if (bank.iban || bank.bankName) {
    y += 16;
    row([{ text: label('payment'), width: CONTENT, style: BOLD }]);
    for (const [key, value] of [
      ['bank', bank.bankName],
      ['country', bank.country],
      ['iban', bank.iban],
      ['swift', bank.swiftCode],
    ] as const)
      if (value)
        row([
          { text: label(key), width: 110, style: LABEL },
          { text: value, width: CONTENT - 110, user: true },
        ]);
  }
  if (invoice.note) {
    y += 16;
    row([{ text: label('note'), width: CONTENT, style: BOLD }]);
    row([{ text: invoice.note, width: CONTENT, user: true }]);
  }
  doc.end();
  return done;
}
