// The product form of /apps/ecommerce/product/add and /apps/ecommerce/product/edit/{id}: name, brand,
// SKU, description, price and discount, stock and quantity, category (the shop's own, from
// categories.list), status, and a gallery uploaded through the files API (chosen with the "Add images"
// button; each file listed by name with its preview and upload state, removable, moved up and down). Saving sends the version read: a product changed since is a conflict the
// person resolves (reload or overwrite), never a silent overwrite.
import { XIcon } from '@primer/octicons-react';
import { Banner, Button, IconButton, ProgressBar, VisuallyHidden } from '@primer/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { isStaleRecordError } from '../../../../shared/errors.ts';
import {
  PRODUCT_STATUSES,
  type TProductDetail,
  type TProductStatus,
  ZSaveProductInput,
} from '../../../../shared/schemas/ecommerce.ts';
import { pathFor } from '../../../app/routes.tsx';
import { Bdi } from '../../../components/Bidi/Bidi.tsx';
import { FilePicker } from '../../../components/FilePicker/index.ts';
import {
  CheckboxField,
  NumberField,
  SelectField,
  StaleRecordBanner,
  TextareaField,
  TextField,
  useZodForm,
} from '../../../components/FormDialog/index.ts';
import { useNotice } from '../../../components/ListPage/index.ts';
import { ReorderButtons } from '../../../components/ReorderButtons/ReorderButtons.tsx';
import { useUnsavedChangesGuard } from '../../../components/UnsavedChanges/index.ts';
import { useCan } from '../../../lib/can.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { trpc } from '../../../lib/trpc.ts';
import { UploadError, uploadFile } from '../../../lib/upload.ts';
import { shopClasses as classes, DetailFrame, useCategoryLabel } from './shop.tsx';

/** At most this many images (the server's limit too). */
const MAX_IMAGES = 8;

interface ProductValues extends Record<string, unknown> {
  productName: string;
  productBrand: string;
  description: string;
  sku: string;
  price: number | null;
  discount: number | null;
  qty: number | null;
  stock: boolean;
  category: string;
  status: TProductStatus;
  /** The gallery's URLs in display order. */
  images: string[];
}

function initialValues(product: TProductDetail | null): ProductValues {
  if (!product) {
    return {
      productName: '',
      productBrand: '',
      description: '',
      sku: '',
      price: null,
      discount: 0,
      // Nothing in stock yet: "In stock" follows the quantity until the person ticks or unticks it.
      qty: 0,
      stock: false,
      category: '',
      status: 'Published',
      images: [],
    };
  }
  return {
    productName: product.productName,
    productBrand: product.productBrand,
    description: product.description,
    sku: product.sku,
    price: product.price,
    discount: product.discount,
    qty: product.qty,
    stock: product.stock,
    category: product.category,
    status: product.status,
    // A sample product has its picture but no gallery yet: the picture starts it.
    images: product.images.length ? product.images : product.image ? [product.image] : [],
  };
}

const toInput = (v: ProductValues) => ({
  ...v,
  price: v.price ?? undefined,
  discount: v.discount ?? undefined,
  qty: v.qty ?? undefined,
  image: v.images[0] ?? '',
});

/** Loads the product (edit) before its form opens; a missing one says so with the way back. */
export function ProductEditorPage({ id }: { id: number | null }) {
  const { t } = useTranslation('shop');
  // id 0: the address names no product (not a number); it is "not found" without asking the server.
  const product = trpc.apps.ecommerce.products.byId.useQuery({ id: id ?? 0 }, { enabled: !!id, retry: false });
  const [reloads, setReloads] = useState(0);
  const query =
    id === null
      ? { isLoading: false, error: null, refetch: () => undefined }
      : id === 0
        ? { isLoading: false, error: { message: '', data: { code: 'NOT_FOUND' } }, refetch: () => undefined }
        : product;
  const title = id === null ? t('editor.addTitle') : t('editor.editTitle', { name: product.data?.productName ?? '' });
  return (
    <DetailFrame
      query={query}
      backRoute="apps-ecommerce-product-list"
      backLabel={t('editor.back')}
      missing={t('editor.missing', { id })}
      title={title}
    >
      {(id === null || product.data) && (
        <ProductForm
          key={`${id ?? 'new'}-${reloads}`}
          product={product.data ?? null}
          onReload={async () => {
            await product.refetch();
            setReloads((n) => n + 1);
          }}
        />
      )}
    </DetailFrame>
  );
}

interface Upload {
  key: number;
  name: string;
  /** A local preview while it uploads. */
  preview: string;
  progress: number;
  error: string | null;
  abort: () => void;
}

let nextUpload = 1;

function ProductForm({ product, onReload }: { product: TProductDetail | null; onReload: () => Promise<void> }) {
  const { t } = useTranslation('shop');
  const errorText = useErrorText();
  const can = useCan();
  const canManage = can('manage', 'DemoApp');
  const readOnly = !canManage;
  const [, navigate] = useLocation();
  const notices = useNotice();
  const utils = trpc.useUtils();
  const save = trpc.apps.ecommerce.products.save.useMutation();
  const categories = trpc.apps.ecommerce.categories.list.useQuery({ itemsPerPage: -1, sortBy: 'name', orderBy: 'asc' });
  const categoryLabel = useCategoryLabel();
  const form = useZodForm(ZSaveProductInput, () => initialValues(product), toInput);
  const [uploads, setUploads] = useState<Upload[]>([]);
  // "In stock" follows the quantity (ticked above 0, unticked at 0) until the person sets it themselves.
  // A saved product whose stock was set apart from its quantity keeps that choice.
  const stockChosen = useRef(product !== null && product.stock !== product.qty > 0);
  const followQuantity = (qty: number | null) => {
    if (!stockChosen.current) form.patch({ stock: (qty ?? 0) > 0 }, ['stock']);
  };
  const guard = useUnsavedChangesGuard((form.dirty || uploads.length > 0) && !readOnly && !form.submitting);
  const [stale, setStale] = useState<{ busy: 'reload' | 'overwrite' | null; error: string | null } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { values } = form;
  const uploading = uploads.some((u) => !u.error);

  useEffect(() => {
    if (!form.failedSubmits) return;
    const frame = requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [form.failedSubmits]);

  // Local previews are freed when the form goes.
  const uploadsRef = useRef(uploads);
  uploadsRef.current = uploads;
  useEffect(
    () => () => {
      for (const u of uploadsRef.current) {
        u.abort();
        URL.revokeObjectURL(u.preview);
      }
    },
    [],
  );

  const setImages = (images: string[]) => form.patch({ images }, ['images', 'image']);
  const addFiles = (files: File[]) => {
    const room = MAX_IMAGES - values.images.length - uploads.filter((u) => !u.error).length;
    const chosen = files.slice(0, Math.max(room, 0));
    if (chosen.length < files.length) notices.failure(new Error(t('editor.tooManyImages', { max: MAX_IMAGES })));
    for (const file of chosen) {
      const key = nextUpload++;
      const handle = uploadFile(file, (progress) =>
        setUploads((all) => all.map((u) => (u.key === key ? { ...u, progress } : u))),
      );
      const upload: Upload = {
        key,
        name: file.name,
        preview: URL.createObjectURL(file),
        progress: 0,
        error: null,
        abort: handle.abort,
      };
      setUploads((all) => [...all, upload]);
      handle.done.then(
        (stored) => {
          setUploads((all) => all.filter((u) => u.key !== key));
          URL.revokeObjectURL(upload.preview);
          // Several uploads may finish before the next render: each appends to what the last one left.
          const images = [...formValues.current.images, `/api/files/${stored.id}?inline=1`];
          formValues.current = { ...formValues.current, images };
          form.patch({ images }, ['images', 'image']);
        },
        (error: unknown) => {
          if (error instanceof UploadError && error.status === -1) return;
          const message = error instanceof UploadError && error.message ? error.message : t('editor.uploadFailed');
          setUploads((all) => all.map((u) => (u.key === key ? { ...u, error: message } : u)));
        },
      );
    }
  };
  // Uploads finish after renders: they append to the latest images, not those of when they started.
  const formValues = useRef(values);
  formValues.current = values;
  const dropUpload = (upload: Upload) => {
    upload.abort();
    URL.revokeObjectURL(upload.preview);
    setUploads((all) => all.filter((u) => u.key !== upload.key));
  };

  const move = (index: number, by: -1 | 1) => {
    const images = [...values.images];
    [images[index], images[index + by]] = [images[index + by], images[index]];
    setImages(images);
    // Keep the moved image's button under the keyboard (or its other one at an end).
    requestAnimationFrame(() => {
      const item = formRef.current?.querySelector<HTMLElement>(`[data-image-index="${index + by}"]`);
      const same = item?.querySelector<HTMLButtonElement>(`[data-move="${by}"]:not([disabled])`);
      (same ?? item?.querySelector<HTMLButtonElement>(`[data-move="${-by}"]`))?.focus();
    });
  };

  const write = async (data: ReturnType<typeof ZSaveProductInput.parse>, overwrite = false) => {
    const saved = await save.mutateAsync({
      ...data,
      id: product?.id,
      version: overwrite ? undefined : product?.version,
    });
    await Promise.all([utils.apps.ecommerce.products.invalidate(), utils.apps.ecommerce.categories.invalidate()]);
    form.reset(form.values);
    notices.success(t('editor.saved', { name: saved.productName }));
    guard.allow(() => navigate(pathFor('apps-ecommerce-product-list')));
  };

  const submit = form.handleSubmit(async (data) => {
    setStale(null);
    if (uploading) throw new Error(t('editor.waitUploads'));
    try {
      await write(data);
    } catch (error) {
      if (isStaleRecordError(error)) {
        setStale({ busy: null, error: null });
        return;
      }
      throw error;
    }
  });

  const categoryOptions = (categories.data?.items ?? []).map((c) => ({ value: c.name, label: categoryLabel(c.name) }));
  if (values.category && !categoryOptions.some((o) => o.value === values.category))
    categoryOptions.push({ value: values.category, label: categoryLabel(values.category) });

  return (
    <form
      ref={formRef}
      className={classes.form}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={product ? t('editor.editTitle', { name: product.productName }) : t('editor.addTitle')}
    >
      {readOnly && <Banner variant="info" title={t('editor.readOnly')} hideTitle description={t('editor.readOnly')} />}
      {notices.notice && (
        <Banner
          variant="critical"
          title={notices.notice.message}
          hideTitle
          description={notices.notice.message}
          onDismiss={notices.dismiss}
        />
      )}
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
            const parsed = ZSaveProductInput.safeParse(toInput(form.values));
            if (parsed.success)
              write(parsed.data, true).catch((e: unknown) => setStale({ busy: null, error: errorText.error(e) }));
          }}
        />
      )}
      {!stale && form.formError && (
        <Banner
          variant="critical"
          title={form.formError}
          hideTitle
          description={form.formError}
          aria-live="assertive"
        />
      )}
      <fieldset className={classes.fieldset} disabled={readOnly || form.submitting}>
        <legend>{t('editor.information')}</legend>
        <TextField form={form} name="productName" label={t('editor.name')} required />
        <div className={classes.row}>
          <TextField form={form} name="productBrand" label={t('editor.brand')} />
          <TextField form={form} name="sku" label={t('products.sku')} required monospace autoComplete="off" />
        </div>
        <TextareaField form={form} name="description" label={t('editor.description')} rows={4} />
      </fieldset>

      <fieldset className={classes.fieldset} disabled={readOnly || form.submitting}>
        <legend>{t('editor.images')}</legend>
        {form.error('images') && (
          <p className={classes.fieldError} role="alert">
            {form.error('images')}
          </p>
        )}
        {values.images.length === 0 && uploads.length === 0 ? (
          <p className={classes.muted}>{t('editor.noImages')}</p>
        ) : null}
        <ol className={classes.gallery} aria-label={t('editor.images')}>
          {values.images.map((url, index) => {
            const n = index + 1;
            return (
              <li
                key={url}
                className={classes.galleryItem}
                data-image-index={index}
                aria-label={t('editor.imageN', { n })}
              >
                <img
                  className={classes.galleryImage}
                  src={url}
                  alt={t('editor.imageAlt', { n, name: values.productName || t('editor.newProduct') })}
                  data-image-url={url}
                />
                {index === 0 && <span className={classes.galleryCover}>{t('editor.cover')}</span>}
                {!readOnly && (
                  <div className={classes.galleryTools}>
                    <ReorderButtons
                      index={index}
                      count={values.images.length}
                      labels={{
                        up: t('editor.moveUp', { n }),
                        down: t('editor.moveDown', { n }),
                        remove: t('editor.removeImage', { n }),
                      }}
                      onMove={(by) => move(index, by)}
                      onRemove={() => setImages(values.images.filter((_, i) => i !== index))}
                    />
                  </div>
                )}
              </li>
            );
          })}
          {uploads.map((upload) => (
            <li key={`upload-${upload.key}`} className={classes.galleryItem} aria-label={upload.name}>
              <img className={classes.galleryImage} src={upload.preview} alt="" />
              <Bdi className={classes.uploadName}>{upload.name}</Bdi>
              {upload.error ? (
                <p className={classes.fieldError} role="alert">
                  {t('editor.uploadError', { name: upload.name, message: upload.error })}
                </p>
              ) : (
                <ProgressBar
                  progress={Math.round(upload.progress * 100)}
                  aria-label={t('editor.uploading', { name: upload.name })}
                  barSize="small"
                />
              )}
              <div className={classes.galleryTools}>
                <IconButton
                  icon={XIcon}
                  aria-label={
                    upload.error
                      ? t('editor.dismissUpload', { name: upload.name })
                      : t('editor.cancelUpload', { name: upload.name })
                  }
                  size="small"
                  variant="invisible"
                  onClick={() => dropUpload(upload)}
                />
              </div>
            </li>
          ))}
        </ol>
        {!readOnly && (
          <FilePicker
            label={t('editor.addImages')}
            hint={t('editor.imagesHint', { max: MAX_IMAGES })}
            accept="image/jpeg,image/png,image/webp,image/gif"
            multiple
            disabled={values.images.length + uploads.length >= MAX_IMAGES}
            onFiles={addFiles}
          />
        )}
        <VisuallyHidden role="status">
          {uploading ? t('editor.uploadingCount', { n: uploads.filter((u) => !u.error).length }) : ''}
        </VisuallyHidden>
      </fieldset>

      <fieldset className={classes.fieldset} disabled={readOnly || form.submitting}>
        <legend>{t('editor.pricing')}</legend>
        <div className={classes.row}>
          <NumberField form={form} name="price" label={t('editor.price')} required min={0} step={0.01} />
          <NumberField form={form} name="discount" label={t('editor.discount')} min={0} max={100} step={1} />
        </div>
        <div className={classes.row}>
          <NumberField
            form={form}
            name="qty"
            label={t('products.qty')}
            required
            min={0}
            step={1}
            onValueChange={followQuantity}
          />
          <CheckboxField
            form={form}
            name="stock"
            label={t('products.inStock')}
            caption={t('editor.stockHint')}
            onValueChange={() => {
              stockChosen.current = true;
            }}
          />
        </div>
      </fieldset>

      <fieldset className={classes.fieldset} disabled={readOnly || form.submitting}>
        <legend>{t('editor.organize')}</legend>
        <div className={classes.row}>
          <SelectField
            form={form}
            name="category"
            label={t('products.category')}
            required
            placeholder={t('editor.chooseCategory')}
            options={categoryOptions}
          />
          <SelectField
            form={form}
            name="status"
            label={t('fields.status')}
            required
            options={PRODUCT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
        </div>
        {categories.error && <p className={classes.fieldError}>{errorText.error(categories.error)}</p>}
      </fieldset>

      <div className={classes.actions}>
        {!readOnly && (
          <Button type="submit" variant="primary" loading={form.submitting} disabled={uploading}>
            {product ? t('editor.save') : t('editor.create')}
          </Button>
        )}
        <Button type="button" onClick={() => navigate(pathFor('apps-ecommerce-product-list'))}>
          {readOnly ? t('editor.back') : t('editor.cancel')}
        </Button>
      </div>
    </form>
  );
}
