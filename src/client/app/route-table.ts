// The route table as data: every path with its route name, layout, page module and
// access meta. Imports types and plain constants only, so build scripts (scripts/bundle-size.ts,
// vite.config.ts) import it as a module instead of parsing it. Edit to add a page; app/routes.tsx resolves pages and matches paths.
//
// ADDING A PAGE (one line here, one in shell/navigation.ts):
//   1. Create the page as a default-exported component in src/client/pages/<area>/<Name>Page.tsx
//      (files must end in `Page.tsx`; every such file is lazy-loaded as its own chunk). Read route
//      params with wouter's `useParams()`. The default layout provides <main>; do not render another.
//   2. Point the route's `page` below at it ('<area>/<Name>Page', no extension). Until the module exists
//      the route resolves to the not-found page and stays out of the navigation, so most entries below
//      already name the module their issue is expected to create.
//   3. Show it in the menu: add `{ route: '<route name>', label: '<key>', icon: <Octicon> }` to
//      shell/navigation.ts (the label key goes in i18n/locales/*/shell.json under `nav.`). Items whose
//      page is missing or whose meta the caller's ability refuses are hidden automatically.
//
// Meta: `public` (always allowed), `unauthenticatedOnly` (signed-in users go to /), `action`+`subject`
// (CASL check; refused -> /not-authorized), `roles` (only these roles; others -> /not-authorized).
// The guard decides before anything of the page is fetched (preload.ts asks it too). Anything else needs a signed-in user (else /login?<query>).
// `fallbackPage` keeps a route alive until its real page lands (the nav still waits for `page`).
// Layout: `default` (the shell), `blank` (the page alone), or `auto` (the shell for a signed-in user,
// blank for a visitor: the error pages, so a signed-in user keeps the navigation).
//
// FAST BY CONSTRUCTION (app/preload.ts): a route's page chunk, its layout, its strings and its first
// query all start together, on first load (main.tsx) and on hover or focus of a link to it, and a
// navigation keeps the previous page on screen until they are in. Tell the preloader what the page needs:
//   `ns`   the translation namespaces it renders with, beyond `common` (and `shell` for the layout);
//   `list` the domain whose `<domain>.list` the page shows through useRecordList: its query starts with
//          the chunk, with the URL's list state (and the list frame's strings with it).
import type { Action, Subject } from '../../shared/abilities/index.ts';
import { DASHBOARD_ROLES, type TDashboardKind } from '../../shared/constants/dashboards.ts';
import type { PreloadedList } from './list-schemas.ts';

export type LayoutKind = 'blank' | 'default' | 'auto';

export interface RouteMeta {
  public?: boolean;
  unauthenticatedOnly?: boolean;
  action?: Action;
  subject?: Subject;
  /** Only these roles may open the page (its read refuses the others). */
  roles?: readonly string[];
}

export interface RouteDef {
  /** Route name: the path's segments joined by `-`. */
  name: string;
  /** wouter pattern; params as `:id`. */
  path: string;
  /** Other paths answering with the same page. */
  aliases?: string[];
  /** Page module under src/client/pages, without `.tsx`. */
  page?: string;
  /** Shown while `page` does not exist yet. */
  fallbackPage?: string;
  /** Default: 'default'. */
  layout?: LayoutKind;
  /** Translation namespaces of the page beyond `common`, loaded with its chunk. */
  ns?: readonly string[];
  /** The domain of the page's list (`<list>.list` with the URL's list state), fetched with its chunk. */
  list?: PreloadedList;
  /**
   * The query string a visitor of one of `roles` opening the path without one gets (an inspector's
   * /tasks: their own). Applied before the page renders or preloads (app/preload.ts `withInitialSearch`),
   * so its first query is the one the page shows.
   */
  initialSearch?: { roles: readonly string[]; search: string };
  /** The content area has a fixed height (the page scrolls inside itself). */
  fixedHeight?: boolean;
  meta?: RouteMeta;
}

const demo: RouteMeta = { action: 'read', subject: 'DemoApp' };
/** A role dashboard: reports readers of the dashboard's roles (its read refuses anyone else). */
const dashboard = (kind: TDashboardKind): RouteMeta => ({
  action: 'read',
  subject: 'Report',
  roles: DASHBOARD_ROLES[kind],
});
const read = (subject: Subject): RouteMeta => ({ action: 'read', subject });
const blankPublic = { layout: 'blank', meta: { public: true } } as const;
const guestOnly = { layout: 'blank', meta: { unauthenticatedOnly: true } } as const;
const errorPage = { layout: 'auto', meta: { public: true } } as const;
/** A business list page: read access to `subject`, the `business` strings, its list preloaded. */
const businessList = (subject: Subject, list: PreloadedList) =>
  ({ meta: read(subject), ns: ['business'], list }) as const;
const HOME = 'home/SignedInPage';
/** The e-commerce pages' strings (their lists use the list frame's `business` ones too). */
const SHOP = ['shop', 'business'] as const;
/** The product form's strings: the shop's, the forms' (conflict banner) and the validation messages. */
const SHOP_FORM = ['shop', 'forms', 'validation'] as const;

export const ROUTES: readonly RouteDef[] = [
  { name: 'index', path: '/' },
  // Authentication and messages (blank layout)
  { name: 'login', path: '/login', page: 'auth/LoginPage', ...guestOnly },
  { name: 'register', path: '/register', page: 'auth/RegisterPage', ...guestOnly },
  { name: 'forgot-password', path: '/forgot-password', page: 'auth/ForgotPasswordPage', ...guestOnly },
  { name: 'reset-password', path: '/reset-password', page: 'auth/ResetPasswordPage', ...blankPublic },
  // Past the grace period of the customer's second-factor policy: enrol (or sign out), nothing else.
  {
    name: 'two-factor-required',
    path: '/two-factor-required',
    page: 'pages/TwoFactorRequiredPage',
    layout: 'blank',
    ns: ['account'],
  },
  // An e-mail's unsubscribe link: confirms, then turns that e-mail off (no sign-in; a signed token).
  { name: 'unsubscribe', path: '/unsubscribe', page: 'auth/UnsubscribePage', ns: ['mail'], ...blankPublic },
  {
    name: 'not-authorized',
    path: '/not-authorized',
    aliases: ['/pages/misc/not-authorized'],
    page: 'misc/NotAuthorizedPage',
    ...errorPage,
  },
  { name: 'access-control', path: '/access-control', page: 'access-control/AccessControlPage', meta: read('AclDemo') },
  // Dashboards
  {
    name: 'dashboards-analytics',
    path: '/dashboards/analytics',
    page: 'dashboards/AnalyticsDashboardPage',
    ns: ['analytics'],
    meta: demo,
  },
  { name: 'dashboards-crm', path: '/dashboards/crm', page: 'dashboards/CrmDashboardPage', fallbackPage: HOME },
  {
    name: 'dashboards-crmAdmin',
    path: '/dashboards/crmAdmin',
    page: 'dashboards/CrmAdminDashboardPage',
    meta: dashboard('admin'),
  },
  {
    name: 'dashboards-crmAnalyst',
    path: '/dashboards/crmAnalyst',
    page: 'dashboards/CrmAnalystDashboardPage',
    meta: dashboard('analyst'),
  },
  {
    name: 'dashboards-crmBusinessUser',
    path: '/dashboards/crmBusinessUser',
    page: 'dashboards/CrmBusinessUserDashboardPage',
    meta: dashboard('businessUser'),
  },
  {
    name: 'dashboards-crmFloorManager',
    path: '/dashboards/crmFloorManager',
    page: 'dashboards/CrmFloorManagerDashboardPage',
    meta: dashboard('floorManager'),
  },
  {
    name: 'dashboards-crmTeamLeader',
    path: '/dashboards/crmTeamLeader',
    page: 'dashboards/CrmTeamLeaderDashboardPage',
    meta: dashboard('teamLeader'),
  },
  {
    name: 'dashboards-ecommerce',
    path: '/dashboards/ecommerce',
    page: 'dashboards/EcommerceDashboardPage',
    ns: SHOP,
    meta: demo,
  },
  // Demo apps
  {
    name: 'apps-calendar',
    path: '/apps/calendar',
    page: 'apps/calendar/CalendarPage',
    ns: ['calendar', 'forms', 'validation'],
    meta: demo,
  },
  { name: 'apps-chat', path: '/apps/chat', page: 'apps/chat/ChatPage', fixedHeight: true, ns: ['chat'], meta: demo },
  {
    name: 'apps-email',
    path: '/apps/email',
    page: 'apps/email/EmailPage',
    fixedHeight: true,
    ns: ['email'],
    meta: demo,
  },
  {
    name: 'apps-permissions',
    path: '/apps/permissions',
    page: 'apps/roles/PermissionsPage',
    ns: ['roles', 'business'],
    list: 'apps.permissions',
    meta: demo,
  },
  { name: 'apps-roles', path: '/apps/roles', page: 'apps/roles/RolesPage', ns: ['roles'], meta: read('User') },
  {
    name: 'apps-ecommerce-customer-details-id',
    path: '/apps/ecommerce/customer/details/:id',
    page: 'apps/ecommerce/CustomerDetailsPage',
    ns: SHOP,
    meta: demo,
  },
  {
    name: 'apps-ecommerce-customer-list',
    path: '/apps/ecommerce/customer/list',
    page: 'apps/ecommerce/CustomerListPage',
    ns: SHOP,
    meta: demo,
  },
  {
    name: 'apps-ecommerce-manage-review',
    path: '/apps/ecommerce/manage-review',
    page: 'apps/ecommerce/ManageReviewPage',
    ns: SHOP,
    meta: demo,
  },
  {
    name: 'apps-ecommerce-order-details-id',
    path: '/apps/ecommerce/order/details/:id',
    page: 'apps/ecommerce/OrderDetailsPage',
    ns: SHOP,
    meta: demo,
  },
  {
    name: 'apps-ecommerce-order-list',
    path: '/apps/ecommerce/order/list',
    page: 'apps/ecommerce/OrderListPage',
    ns: SHOP,
    meta: demo,
  },
  {
    name: 'apps-ecommerce-product-add',
    path: '/apps/ecommerce/product/add',
    page: 'apps/ecommerce/ProductAddPage',
    ns: SHOP_FORM,
    meta: { action: 'manage', subject: 'DemoApp' },
  },
  {
    name: 'apps-ecommerce-product-category-list',
    path: '/apps/ecommerce/product/category-list',
    page: 'apps/ecommerce/ProductCategoryListPage',
    ns: SHOP,
    meta: demo,
  },
  {
    name: 'apps-ecommerce-product-edit-id',
    path: '/apps/ecommerce/product/edit/:id',
    page: 'apps/ecommerce/ProductEditPage',
    ns: SHOP_FORM,
    meta: demo,
  },
  {
    name: 'apps-ecommerce-product-list',
    path: '/apps/ecommerce/product/list',
    page: 'apps/ecommerce/ProductListPage',
    ns: SHOP,
    list: 'apps.ecommerce.products',
    meta: demo,
  },
  {
    name: 'apps-ecommerce-referrals',
    path: '/apps/ecommerce/referrals',
    page: 'apps/ecommerce/ReferralsPage',
    ns: SHOP,
    meta: demo,
  },
  {
    name: 'apps-ecommerce-settings',
    path: '/apps/ecommerce/settings',
    page: 'apps/ecommerce/SettingsPage',
    ns: SHOP,
    meta: demo,
  },
  {
    name: 'apps-invoice-add',
    path: '/apps/invoice/add',
    page: 'apps/invoice/InvoiceAddPage',
    ns: ['invoice', 'forms', 'validation'],
    meta: { action: 'manage', subject: 'DemoApp' },
  },
  {
    name: 'apps-invoice-edit-id',
    path: '/apps/invoice/edit/:id',
    page: 'apps/invoice/InvoiceEditPage',
    ns: ['invoice', 'forms', 'validation'],
    meta: demo,
  },
  {
    name: 'apps-invoice-list',
    path: '/apps/invoice/list',
    page: 'apps/invoice/InvoiceListPage',
    ns: ['invoice', 'business'],
    list: 'apps.invoice',
    meta: demo,
  },
  {
    name: 'apps-invoice-preview-id',
    path: '/apps/invoice/preview/:id',
    page: 'apps/invoice/InvoicePreviewPage',
    ns: ['invoice', 'forms', 'validation'],
    meta: demo,
  },
  {
    name: 'apps-logistics-dashboard',
    path: '/apps/logistics/dashboard',
    page: 'apps/logistics/LogisticsDashboardPage',
    ns: ['logistics'],
    meta: demo,
  },
  {
    name: 'apps-logistics-fleet',
    path: '/apps/logistics/fleet',
    page: 'apps/logistics/FleetPage',
    fixedHeight: true,
    ns: ['logistics'],
    meta: demo,
  },
  {
    name: 'apps-user-list',
    path: '/apps/user/list',
    page: 'apps/user/UserListPage',
    ns: ['users', 'business', 'forms', 'validation'],
    list: 'apps.users',
    meta: demo,
  },
  {
    name: 'apps-user-view-id',
    path: '/apps/user/view/:id',
    page: 'apps/user/UserViewPage',
    ns: ['users', 'forms', 'validation'],
    meta: demo,
  },
  // Template pages of the menu whose paths are our own (the demo apps)
  {
    name: 'apps-academy-dashboard',
    path: '/apps/academy/dashboard',
    page: 'apps/academy/AcademyDashboardPage',
    ns: ['academy'],
    meta: demo,
  },
  {
    name: 'apps-academy-my-course',
    path: '/apps/academy/my-course',
    page: 'apps/academy/MyCoursePage',
    ns: ['academy'],
    meta: demo,
  },
  {
    name: 'apps-academy-course-details',
    path: '/apps/academy/course-details',
    page: 'apps/academy/CourseDetailsPage',
    ns: ['academy'],
    meta: demo,
  },
  {
    name: 'apps-academy-course-details-id',
    path: '/apps/academy/course-details/:id',
    page: 'apps/academy/CourseDetailsPage',
    ns: ['academy'],
    meta: demo,
  },
  {
    name: 'pages-user-profile-tab',
    path: '/pages/user-profile/:tab',
    page: 'pages/UserProfilePage',
    ns: ['pages', 'workflow'],
    meta: demo,
  },
  {
    name: 'pages-account-settings-tab',
    path: '/pages/account-settings/:tab',
    page: 'pages/AccountSettingsPage',
    ns: ['account', 'validation'],
  },
  { name: 'pages-pricing', path: '/pages/pricing', page: 'pages/PricingPage', ns: ['pages'], meta: demo },
  { name: 'pages-faq', path: '/pages/faq', page: 'pages/FaqPage', ns: ['pages'], meta: demo },
  { name: 'pages-help-center', path: '/pages/help-center', page: 'pages/HelpCenterPage', ns: ['pages'], meta: demo },
  {
    name: 'pages-help-center-category',
    path: '/pages/help-center/:category',
    page: 'pages/HelpCenterPage',
    ns: ['pages'],
    meta: demo,
  },
  {
    name: 'pages-help-center-category-article',
    path: '/pages/help-center/:category/:article',
    page: 'pages/HelpCenterPage',
    ns: ['pages'],
    meta: demo,
  },
  {
    name: 'tables-data-table',
    path: '/tables/data-table',
    page: 'tables/DataTablePage',
    ns: ['pages', 'business'],
    list: 'apps.sales',
    meta: demo,
  },
  // Business areas
  {
    name: 'business-customers',
    path: '/business/customers',
    page: 'business/CustomersPage',
    ...businessList('Customer', 'customers'),
  },
  {
    name: 'business-licenses',
    path: '/business/licenses',
    page: 'business/LicensesPage',
    ...businessList('License', 'licenses'),
  },
  { name: 'files', path: '/files', page: 'files/FilesPage', meta: read('File') },
  {
    name: 'management-classes',
    path: '/management/classes',
    page: 'management/LocationClassesPage',
    ...businessList('Class', 'classes'),
  },
  {
    name: 'management-directions',
    path: '/management/directions',
    page: 'management/DirectionsPage',
    ...businessList('Direction', 'directions'),
  },
  {
    name: 'management-location-setting',
    path: '/management/location-setting',
    page: 'management/LocationSettingPage',
    ...businessList('Location', 'locations'),
  },
  {
    name: 'management-schemes',
    path: '/management/schemes',
    page: 'management/SchemesPage',
    ...businessList('Scheme', 'schemes'),
  },
  {
    name: 'management-sub-directions',
    path: '/management/sub-directions',
    page: 'management/SubDirectionsPage',
    ...businessList('SubDirection', 'subDirections'),
  },
  {
    name: 'management-teams',
    path: '/management/teams',
    page: 'management/TeamsPage',
    ...businessList('Team', 'teams'),
  },
  {
    name: 'management-users',
    path: '/management/users',
    page: 'management/UsersPage',
    ...businessList('User', 'users'),
  },
  {
    name: 'management-audit',
    path: '/management/audit',
    page: 'management/AuditPage',
    ...businessList('AuditEvent', 'audit'),
  },
  {
    // The platform operator's view of every e-mail: status, attempts, the SMTP server's last answer, resend.
    name: 'management-mail',
    path: '/management/mail',
    page: 'management/MailDeliveriesPage',
    meta: { action: 'manage', subject: 'all' },
    ns: ['business', 'mail'],
    list: 'outbox',
  },
  {
    name: 'management-imports',
    path: '/management/imports',
    page: 'management/ImportsPage',
    meta: { action: 'create', subject: 'Location' },
    ns: ['imports', 'business'],
  },
  {
    name: 'management-integrations',
    path: '/management/integrations',
    page: 'management/IntegrationsPage',
    // superadmin and admin: the roles that manage users manage the customer's keys and webhooks (the
    // integrations services check the same two roles).
    meta: { action: 'manage', subject: 'User' },
    ns: ['integrations'],
  },
  { name: 'projects', path: '/projects', page: 'projects/ProjectsPage', meta: read('Project') },
  {
    name: 'projects-createProject',
    path: '/projects/createProject',
    page: 'projects/CreateProjectPage',
    meta: { action: 'create', subject: 'Project' },
  },
  {
    name: 'projects-editProject-id',
    path: '/projects/editProject/:id',
    page: 'projects/EditProjectPage',
    meta: { action: 'update', subject: 'Project' },
  },
  { name: 'reports', path: '/reports', page: 'reports/ReportsPage', meta: read('Report'), ns: ['reports'] },
  {
    name: 'tasks',
    path: '/tasks',
    page: 'tasks/TasksPage',
    fallbackPage: HOME,
    ns: ['workflow'],
    list: 'tasks',
    initialSearch: { roles: ['qualitycontrol'], search: '?mine=true' },
    meta: read('Task'),
  },
  {
    name: 'tasks-perform_task-slotId-assignLocationId',
    path: '/tasks/perform_task/:slotId/:assignLocationId',
    page: 'tasks/PerformTaskPage',
    ns: ['perform'],
    meta: { action: 'perform', subject: 'Task' },
  },
  {
    name: 'tasks-actions',
    path: '/tasks/actions',
    page: 'tasks/actions/ActionsPage',
    ns: ['actions'],
    list: 'correctiveActions',
    meta: read('CorrectiveAction'),
  },
  {
    name: 'tasks-viewTask-id',
    path: '/tasks/viewTask/:id',
    page: 'tasks/ViewTaskPage',
    ns: ['workflow', 'review'],
    meta: read('Task'),
  },
  // Not found: /{error}, its alias and the catch-all (keep last)
  { name: 'error', path: '/*', aliases: ['/pages/misc/not-found/*?'], page: 'misc/NotFoundPage', ...errorPage },
];
