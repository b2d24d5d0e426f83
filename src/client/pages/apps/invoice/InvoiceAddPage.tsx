import { InvoiceEditorPage } from './InvoiceEditor.tsx';

/** /apps/invoice/add: a new draft invoice. */
export default function InvoiceAddPage() {
  return <InvoiceEditorPage id={null} />;
}
