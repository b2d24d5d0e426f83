import { useParams } from 'wouter';
import { InvoiceEditorPage } from './InvoiceEditor.tsx';
import { invoiceIdOf } from './invoice-ui.tsx';

/** /apps/invoice/edit/{id}: the invoice's client, dates, lines, discount, tax and note. */
export default function InvoiceEditPage() {
  const { id } = useParams<{ id: string }>();
  return <InvoiceEditorPage id={invoiceIdOf(id)} />;
}
