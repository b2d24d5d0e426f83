import { ProductEditorPage } from './ProductEditor.tsx';

/** /apps/ecommerce/product/add: a new product of the shop. */
export default function ProductAddPage() {
  return <ProductEditorPage id={null} />;
}
