import { Banner, Button } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isStaleRecordError } from '../../../../shared/errors.ts';
import { SHOP_CURRENCIES, type TShopSettings, ZUpdateShopSettingsInput } from '../../../../shared/schemas/ecommerce.ts';
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
import { useUnsavedChangesGuard } from '../../../components/UnsavedChanges/index.ts';
import { useCan } from '../../../lib/can.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { trpc } from '../../../lib/trpc.ts';
import { shopClasses as classes, DetailFrame } from './shop.tsx';

/** The settings as flat form fields named by their dotted path ("store.name"), so server messages land on them. */
type Flat = Record<string, string | number | boolean | null>;
const SECTIONS = ['store', 'payments', 'checkout', 'shipping', 'notifications'] as const;

function flatten(settings: TShopSettings): Flat {
  const flat: Flat = {};
  for (const section of SECTIONS)
    for (const [key, value] of Object.entries(settings[section])) flat[`${section}.${key}`] = value as Flat[string];
  return flat;
}

function nest(flat: Flat): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [path, value] of Object.entries(flat)) {
    const [section, key] = path.split('.');
    (out[section] ??= {})[key] = value;
  }
  return out;
}

/** /apps/ecommerce/settings: the store's details, payments, checkout, shipping and notifications, kept per customer. */
export default function SettingsPage() {
  const { t } = useTranslation('shop');
  const query = trpc.apps.ecommerce.settings.get.useQuery();
  return (
    <DetailFrame
      query={query}
      backRoute="apps-ecommerce-product-list"
      backLabel={t('settings.back')}
      missing={t('detail.failed')}
      title={t('settings.title')}
    >
      {query.data && <SettingsForm settings={query.data} onReload={async () => (await query.refetch()).data} />}
    </DetailFrame>
  );
}

function SettingsForm({
  settings,
  onReload,
}: {
  settings: TShopSettings;
  onReload: () => Promise<TShopSettings | undefined>;
}) {
  const { t } = useTranslation('shop');
  const errorText = useErrorText();
  const can = useCan();
  const readOnly = !can('update', 'DemoApp');
  const notices = useNotice();
  const utils = trpc.useUtils();
  const save = trpc.apps.ecommerce.settings.update.useMutation();
  const [version, setVersion] = useState(settings.version);
  const [stale, setStale] = useState<{ busy: 'reload' | 'overwrite' | null; error: string | null } | null>(null);
  const form = useZodForm(
    ZUpdateShopSettingsInput,
    () => flatten(settings),
    (flat) => ({ ...nest(flat), version }),
  );
  useUnsavedChangesGuard(form.dirty && !readOnly);

  const write = async (input: Parameters<typeof save.mutateAsync>[0]) => {
    const saved = await save.mutateAsync(input);
    setVersion(saved.version);
    setStale(null);
    form.reset(flatten(saved));
    utils.apps.ecommerce.settings.get.setData(undefined, saved);
    notices.success(t('settings.saved'));
  };
  const submit = form.handleSubmit(async (data) => {
    try {
      await write(data);
    } catch (error) {
      if (isStaleRecordError(error)) setStale({ busy: null, error: null });
      throw error;
    }
  });
  const overwrite = async () => {
    setStale({ busy: 'overwrite', error: null });
    try {
      await write({ ...(nest(form.values) as unknown as TShopSettings), version: undefined });
    } catch (error) {
      setStale({ busy: null, error: errorText.error(error) });
    }
  };
  const reload = async () => {
    setStale({ busy: 'reload', error: null });
    const fresh = await onReload();
    if (fresh) {
      setVersion(fresh.version);
      form.reset(flatten(fresh));
    }
    setStale(null);
  };

  const text = (name: string, label: string, extra: { type?: 'text' | 'email' | 'tel'; required?: boolean } = {}) => (
    <TextField form={form} name={name} label={label} disabled={readOnly} {...extra} />
  );
  const check = (name: string, label: string) => (
    <CheckboxField form={form} name={name} label={label} disabled={readOnly} />
  );
  const number = (name: string, label: string, step: number) => (
    <NumberField form={form} name={name} label={label} required min={0} step={step} disabled={readOnly} />
  );

  return (
    <form className={classes.form} onSubmit={(e) => void submit(e)} noValidate aria-label={t('settings.title')}>
      {readOnly && (
        <Banner variant="info" title={t('settings.readOnly')} hideTitle description={t('settings.readOnly')} />
      )}
      {stale && (
        <StaleRecordBanner
          busy={stale.busy}
          error={stale.error}
          onOverwrite={() => void overwrite()}
          onReload={() => void reload()}
        />
      )}
      {!stale && form.formError && (
        <Banner variant="critical" title={form.formError} hideTitle description={form.formError} />
      )}
      <fieldset className={classes.fieldset}>
        <legend>{t('settings.store')}</legend>
        <div className={classes.row}>
          {text('store.name', t('settings.storeName'), { required: true })}
          {text('store.email', t('settings.storeEmail'), { type: 'email', required: true })}
        </div>
        <div className={classes.row}>
          {text('store.phone', t('settings.storePhone'), { type: 'tel' })}
          <SelectField
            form={form}
            name="store.currency"
            label={t('settings.currency')}
            disabled={readOnly}
            options={SHOP_CURRENCIES.map((c) => ({ value: c, label: c }))}
          />
        </div>
        <TextareaField form={form} name="store.address" label={t('settings.address')} disabled={readOnly} />
      </fieldset>
      <fieldset className={classes.fieldset}>
        <legend>{t('settings.payments')}</legend>
        {check('payments.card', t('settings.card'))}
        {check('payments.paypal', t('settings.paypal'))}
        {check('payments.cashOnDelivery', t('settings.cashOnDelivery'))}
      </fieldset>
      <fieldset className={classes.fieldset}>
        <legend>{t('settings.checkout')}</legend>
        {check('checkout.guestCheckout', t('settings.guestCheckout'))}
        {check('checkout.requirePhone', t('settings.requirePhone'))}
        {check('checkout.orderNotes', t('settings.orderNotes'))}
      </fieldset>
      <fieldset className={classes.fieldset}>
        <legend>{t('settings.shipping')}</legend>
        <div className={classes.row}>
          {number('shipping.flatRate', t('settings.flatRate'), 0.01)}
          {number('shipping.freeOver', t('settings.freeOver'), 0.01)}
          {number('shipping.processingDays', t('settings.processingDays'), 1)}
        </div>
      </fieldset>
      <fieldset className={classes.fieldset}>
        <legend>{t('settings.notifications')}</legend>
        {check('notifications.newOrder', t('settings.newOrder'))}
        {check('notifications.newReview', t('settings.newReview'))}
        {check('notifications.lowStock', t('settings.lowStock'))}
        {number('notifications.lowStockThreshold', t('settings.lowStockThreshold'), 1)}
      </fieldset>
      {!readOnly && (
        <div className={classes.actions}>
          <Button type="submit" variant="primary" loading={form.submitting}>
            {t('settings.save')}
          </Button>
          <Button
            type="button"
            disabled={!form.dirty || form.submitting}
            onClick={() => form.reset(flatten({ ...settings, version }))}
          >
            {t('settings.discard')}
          </Button>
        </div>
      )}
    </form>
  );
}
