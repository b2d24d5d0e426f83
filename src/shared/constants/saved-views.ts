// The lists that keep saved views and their limits, apart from the views' schemas (views.ts) so a list
// page can name its list without loading zod.

/** The lists that keep saved views, with the path of their page. Add a list here when its page lands. */
export const SAVED_VIEW_LISTS = {
  'business.customers': '/business/customers',
  'business.licenses': '/business/licenses',
  'management.classes': '/management/classes',
  'management.directions': '/management/directions',
  'management.locations': '/management/location-setting',
  'management.schemes': '/management/schemes',
  'management.subDirections': '/management/sub-directions',
  'management.teams': '/management/teams',
  'management.users': '/management/users',
  'workflow.projects': '/projects',
  'workflow.tasks': '/tasks',
  'shop.products': '/apps/ecommerce/product/list',
  'shop.orders': '/apps/ecommerce/order/list',
  'shop.customers': '/apps/ecommerce/customer/list',
  'shop.reviews': '/apps/ecommerce/manage-review',
  'shop.referrals': '/apps/ecommerce/referrals',
  'apps.invoices': '/apps/invoice/list',
  'apps.users': '/apps/user/list',
  'apps.permissions': '/apps/permissions',
  'apps.sales': '/tables/data-table',
} as const;
export type TSavedViewListKey = keyof typeof SAVED_VIEW_LISTS;
export const SAVED_VIEW_LIST_KEYS = Object.keys(SAVED_VIEW_LISTS) as [TSavedViewListKey, ...TSavedViewListKey[]];

/** The list key of a page path (case and a trailing slash ignored), or null when the page keeps no views. */
export function savedViewListKeyOf(path: string): TSavedViewListKey | null {
  const normal = path.toLowerCase().replace(/\/+$/, '');
  const found = SAVED_VIEW_LIST_KEYS.find((key) => SAVED_VIEW_LISTS[key] === normal);
  return found ?? null;
}

export const MAX_VIEW_QUERY = 2000;
export const MAX_VIEW_NAME = 80;
/** How many views one user may keep per list. */
export const MAX_VIEWS_PER_LIST = 50;
