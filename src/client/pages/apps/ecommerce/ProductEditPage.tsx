import { useParams } from 'wouter';
import { ProductEditorPage } from './ProductEditor.tsx';

/** /apps/ecommerce/product/edit/{id}: one product's details, prices, stock, category, status and images. */
export default function ProductEditPage() {
  const { id } = useParams<{ id: string }>();
  const n = Number(id);
  // Anything but a positive whole number reads as "no such product" (0 is never an id).
  return <ProductEditorPage id={Number.isSafeInteger(n) && n > 0 ? n : 0} />;
}
