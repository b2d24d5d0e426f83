// Shared pieces of the e-commerce pages: the shop's list caches, status labels and
// the product/person cell. Pages import this module, never each other.
import { Button, Heading, Label, Text } from '@primer/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type {
  TOrderStatus,
  TProductStatus,
  TReferralStatus,
  TReviewStatus,
} from '../../../../shared/schemas/ecommerce.ts';
import { pathFor } from '../../../app/routes.tsx';
import { Ltr } from '../../../components/Bidi/Bidi.tsx';
import { NameCell, type NoticeApi, NoticeArea, TwoLineCell } from '../../../components/ListPage/index.ts';
import { PageLoading } from '../../../components/PageLoading/PageLoading.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import type { trpc } from '../../../lib/trpc.ts';
import classes from './Shop.module.css';

type LabelVariant = 'success' | 'attention' | 'secondary' | 'danger' | 'accent' | 'done' | 'default';

/** Amount in a cell, read left to right. */
export function MoneyCell({ children }: { children: string }) {
  return <Ltr>{children}</Ltr>;
}

const VARIANTS: Record<TOrderStatus | TProductStatus | TReviewStatus | TReferralStatus, LabelVariant> = {
  Delivered: 'success',
  'Ready to Pickup': 'accent',
  'Out for Delivery': 'attention',
  Dispatched: 'secondary',
  Processing: 'default',
  Cancelled: 'danger',
  Published: 'success',
  Scheduled: 'attention',
  Inactive: 'secondary',
  Pending: 'attention',
  Paid: 'success',
  Unpaid: 'attention',
  Rejected: 'danger',
};

/** The width (rem) of an order status column: its longest badge whole in en, fr, de and ar. */
export const ORDER_STATUS_WIDTH = 10.5;

/** A shop status (order, product, review, referral) as a translated label. */
export function ShopStatus({ status }: { status: keyof typeof VARIANTS }) {
  const { t } = useTranslation('shop');
  return <Label variant={VARIANTS[status]}>{t(`status.${status}`)}</Label>;
}

/** A product or person with its picture (decorative: the name says it) and a second line. */
export function PictureName({
  image,
  name,
  detail,
  detailLtr,
}: {
  image: string;
  name: string;
  detail?: string;
  detailLtr?: boolean;
}) {
  return (
    <span className={classes.named}>
      {image ? <img className={classes.thumb} src={image} alt="" loading="lazy" /> : null}
      <NameCell name={name} detail={detail} detailLtr={detailLtr} />
    </span>
  );
}

/**
 * A category's name for display: the sample categories are translated, the shop's own are shown as
 * they were named.
 */
export function useCategoryLabel(): (name: string) => string {
  const { t } = useTranslation('shop');
  return (name) => t(`category.${name}`, { defaultValue: name, keySeparator: false });
}

/** The shop's cached lists in trpc.useUtils() (for useRecordList's `cache`). */
export const shopCache = {
  products: (u: ShopUtils) => u.apps.ecommerce.products,
  orders: (u: ShopUtils) => u.apps.ecommerce.orders,
  customers: (u: ShopUtils) => u.apps.ecommerce.customers,
  reviews: (u: ShopUtils) => u.apps.ecommerce.reviews,
  referrals: (u: ShopUtils) => u.apps.ecommerce.referrals,
  categories: (u: ShopUtils) => u.apps.ecommerce.categories,
};
type ShopUtils = ReturnType<typeof trpc.useUtils>;

/** useRecordList's options common to the shop lists: their cache, no business domain, the DemoApp abilities. */
export function shopList<K extends keyof typeof shopCache>(name: K) {
  return { invalidates: [], cache: shopCache[name], subject: 'DemoApp' } as const;
}

export { classes as shopClasses };

/** The order's payment state (code 1 to 4 of the API) as a label. */
const PAYMENT_VARIANT: Record<number, LabelVariant> = { 1: 'success', 2: 'attention', 3: 'danger', 4: 'secondary' };
export function PaymentStatus({ code }: { code: number }) {
  const { t } = useTranslation('shop');
  return <Label variant={PAYMENT_VARIANT[code] ?? 'default'}>{t(`payment.${code}`)}</Label>;
}

/**
 * How an order was paid: "PayPal" or "Mastercard •••• 1234"; `stacked`, the card's number goes under its
 * brand (a list's narrow column).
 */
export function PaymentMethod({
  method,
  last4,
  stacked = false,
}: {
  method: 'paypalLogo' | 'mastercard';
  last4: number;
  stacked?: boolean;
}) {
  const { t } = useTranslation('shop');
  const number = method === 'mastercard' ? <Ltr>•••• {String(last4).padStart(4, '0')}</Ltr> : null;
  if (stacked) return <TwoLineCell first={t(`method.${method}`)} second={number} />;
  return (
    <span>
      {t(`method.${method}`)}
      {number ? <> {number}</> : null}
    </span>
  );
}

/**
 * The frame of a shop details page: its loading skeleton, a designed "not found" or failure state
 * with the way back to the list, then the title, actions, notices and content.
 */
export function DetailFrame({
  query,
  backRoute,
  backLabel,
  missing,
  title,
  actions,
  notices,
  children,
}: {
  query: {
    isLoading: boolean;
    error: { message: string; data?: { code?: string } | null } | null;
    refetch: () => unknown;
  };
  backRoute: string;
  backLabel: string;
  /** What is not found ("No order #5012 in this shop"). */
  missing: string;
  title: ReactNode;
  actions?: ReactNode;
  notices?: NoticeApi;
  children: ReactNode;
}) {
  const { t } = useTranslation('shop');
  const errorText = useErrorText();
  const back = <Link href={pathFor(backRoute)}>{backLabel}</Link>;
  if (query.isLoading) return <PageLoading />;
  if (query.error) {
    const notFound = query.error.data?.code === 'NOT_FOUND';
    return (
      <div className={classes.page}>
        <div className={classes.state} role={notFound ? undefined : 'alert'}>
          <Heading as="h1" className={classes.title}>
            {notFound ? missing : t('detail.failed')}
          </Heading>
          {!notFound && <Text className={classes.muted}>{errorText.error(query.error)}</Text>}
          <div className={classes.actions}>
            {!notFound && <Button onClick={() => void query.refetch()}>{t('detail.retry')}</Button>}
            {back}
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className={classes.page}>
      {back}
      <header className={classes.header}>
        <Heading as="h1" className={classes.title}>
          {title}
        </Heading>
        {actions && <div className={classes.actions}>{actions}</div>}
      </header>
      {notices && <NoticeArea notices={notices} />}
      {children}
    </div>
  );
}

/** A card of a details page with its title and label/value facts. */
export function FactsCard({
  title,
  facts,
  children,
}: {
  title: string;
  facts: [string, ReactNode][];
  children?: ReactNode;
}) {
  return (
    <section className={classes.card} aria-label={title}>
      <Heading as="h2" className={classes.cardTitle}>
        {title}
      </Heading>
      <dl className={classes.facts}>
        {facts.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}

/** A shop list page's heading, description and empty title from its `shop` strings section. */
export function shopListText(
  t: (key: string) => string,
  section: 'products' | 'orders' | 'customers' | 'reviews' | 'referrals',
) {
  return { title: t(`${section}.title`), description: t(`${section}.description`), emptyTitle: t(`${section}.empty`) };
}
