// The navigation menu and the navbar shortcuts. Items name a route of
// app/routes.tsx; an item shows only when that route's page exists and the caller's ability allows its
// meta, and a group only when one of its items shows. Add a page: one line `link('<route>', '<label>', Icon)`.
// Labels are keys under `nav.` in i18n/locales/*/shell.json.
import {
  AppsIcon,
  BellIcon,
  BookIcon,
  BriefcaseIcon,
  CalendarIcon,
  CheckCircleIcon,
  ChecklistIcon,
  CommentDiscussionIcon,
  CreditCardIcon,
  FileDirectoryIcon,
  FileIcon,
  GearIcon,
  GraphIcon,
  HistoryIcon,
  HomeIcon,
  type Icon,
  KeyIcon,
  LawIcon,
  LocationIcon,
  MailIcon,
  MortarBoardIcon,
  OrganizationIcon,
  PackageIcon,
  PeopleIcon,
  PersonIcon,
  PlugIcon,
  ProjectIcon,
  PulseIcon,
  QuestionIcon,
  ReportIcon,
  RocketIcon,
  ShieldLockIcon,
  StackIcon,
  TableIcon,
  TasklistIcon,
  UploadIcon,
  WorkflowIcon,
} from '@primer/octicons-react';

export interface NavLinkItem {
  kind: 'link';
  route: string;
  params?: Record<string, string | number>;
  label: string;
  icon?: Icon;
}
export interface NavGroupItem {
  kind: 'group';
  label: string;
  icon?: Icon;
  children: NavItem[];
}
/** The caller's landing page while it still shows the signed-in home (before its dashboard lands). */
export interface NavHomeItem {
  kind: 'home';
  label: string;
  icon?: Icon;
}
export type NavItem = NavLinkItem | NavGroupItem | NavHomeItem;

export interface NavSection {
  /** Section heading (vertical) and dropdown label (horizontal); none: items stand at the top level. */
  heading?: string;
  icon?: Icon;
  items: NavItem[];
}

const link = (route: string, label: string, icon?: Icon, params?: NavLinkItem['params']): NavLinkItem => ({
  kind: 'link',
  route,
  label,
  icon,
  params,
});
const group = (label: string, icon: Icon | undefined, children: NavItem[]): NavGroupItem => ({
  kind: 'group',
  label,
  icon,
  children,
});

export const NAVIGATION: NavSection[] = [
  {
    items: [
      { kind: 'home', label: 'home', icon: HomeIcon },
      group('dashboards', GraphIcon, [
        link('dashboards-analytics', 'analytics'),
        link('dashboards-crm', 'crm'),
        link('dashboards-ecommerce', 'ecommerce'),
        link('apps-academy-dashboard', 'academy'),
        group('logistics', undefined, [
          link('apps-logistics-dashboard', 'dashboard'),
          link('apps-logistics-fleet', 'fleet'),
        ]),
      ]),
    ],
  },
  {
    heading: 'business',
    icon: BriefcaseIcon,
    items: [
      link('business-customers', 'customers', OrganizationIcon),
      link('business-licenses', 'licenses', LawIcon),
      link('projects', 'projects', ProjectIcon),
      link('tasks', 'tasks', TasklistIcon),
      link('tasks-actions', 'correctiveActions', ChecklistIcon),
      link('reports', 'reports', ReportIcon),
      link('files', 'files', FileDirectoryIcon),
    ],
  },
  {
    heading: 'management',
    icon: StackIcon,
    items: [
      link('management-directions', 'directions', WorkflowIcon),
      link('management-sub-directions', 'subDirections', WorkflowIcon),
      link('management-classes', 'classes', StackIcon),
      link('management-schemes', 'schemes', CheckCircleIcon),
      link('management-teams', 'teams', PeopleIcon),
      link('management-users', 'users', PersonIcon),
      link('management-location-setting', 'locationSetting', LocationIcon),
      link('management-audit', 'audit', HistoryIcon),
      link('management-mail', 'mailDeliveries', MailIcon),
      link('management-imports', 'imports', UploadIcon),
      link('management-integrations', 'integrations', PlugIcon),
    ],
  },
  {
    heading: 'appsAndPages',
    icon: AppsIcon,
    items: [
      link('apps-email', 'email', MailIcon),
      link('apps-chat', 'chat', CommentDiscussionIcon),
      link('apps-calendar', 'calendar', CalendarIcon),
      group('ecommerceApp', PackageIcon, [
        group('product', undefined, [
          link('apps-ecommerce-product-list', 'list'),
          link('apps-ecommerce-product-add', 'add'),
          link('apps-ecommerce-product-category-list', 'category'),
        ]),
        group('order', undefined, [link('apps-ecommerce-order-list', 'list')]),
        group('customer', undefined, [link('apps-ecommerce-customer-list', 'list')]),
        link('apps-ecommerce-manage-review', 'manageReview'),
        link('apps-ecommerce-referrals', 'referrals'),
        link('apps-ecommerce-settings', 'settings'),
      ]),
      group('invoice', FileIcon, [
        link('apps-invoice-list', 'list'),
        link('apps-invoice-preview-id', 'preview', undefined, { id: 4987 } /* the first invoice (FIRST_INVOICE_ID) */),
        link('apps-invoice-edit-id', 'edit', undefined, { id: 4987 } /* the first invoice (FIRST_INVOICE_ID) */),
        link('apps-invoice-add', 'add'),
      ]),
      // No fixed view link: each customer's copy of the sample people has its own ids (open one from the list).
      group('user', PersonIcon, [link('apps-user-list', 'list')]),
      group('academy', MortarBoardIcon, [
        link('apps-academy-my-course', 'myCourses'),
        link('apps-academy-course-details', 'courseDetails'),
      ]),
      group('rolesAndPermissions', KeyIcon, [link('apps-roles', 'roles'), link('apps-permissions', 'permissions')]),
      group('pages', BookIcon, [
        link('pages-user-profile-tab', 'userProfile', undefined, { tab: 'profile' }),
        link('pages-account-settings-tab', 'accountSettings', undefined, { tab: 'account' }),
        link('pages-faq', 'faq'),
        link('pages-pricing', 'pricing'),
        link('pages-help-center', 'helpCenter'),
      ]),
      link('tables-data-table', 'dataTable', TableIcon),
    ],
  },
  {
    heading: 'misc',
    icon: RocketIcon,
    items: [link('access-control', 'accessControl', ShieldLockIcon)],
  },
];

/**
 * The menu of each role: the routes it works with (the home item always shows). A route the role may
 * open but does not work with every day stays out of its menu and is found through the search dialog
 * (Ctrl K), which offers every page of NAVIGATION the role may open. A role without an entry (the
 * platform operator and a customer's admin, who set everything up) sees the whole menu.
 */
const PERSONAL = ['apps-calendar', 'apps-chat', 'apps-email', 'pages-user-profile-tab', 'pages-account-settings-tab'];
const HELP = ['pages-help-center', 'pages-faq'];
const WORK = ['projects', 'tasks', 'tasks-actions', 'reports', 'files'];
export const ROLE_MENUS: Partial<Record<string, readonly string[]>> = {
  // The field inspector on a phone: their tasks and what follows from them, their day, their files, themselves.
  qualitycontrol: [
    'tasks',
    'tasks-actions',
    'files',
    'apps-calendar',
    'apps-chat',
    'pages-user-profile-tab',
    'pages-account-settings-tab',
    ...HELP,
  ],
  analyst: [
    'dashboards-analytics',
    'dashboards-crm',
    'reports',
    'tasks',
    'tasks-actions',
    'projects',
    'files',
    ...PERSONAL,
    ...HELP,
  ],
  floormanager: [
    'dashboards-crm',
    'dashboards-analytics',
    ...WORK,
    'management-teams',
    'management-users',
    'management-location-setting',
    'management-schemes',
    ...PERSONAL,
    ...HELP,
  ],
  teamleader: [
    'dashboards-crm',
    'dashboards-analytics',
    ...WORK,
    'management-teams',
    'management-users',
    'management-location-setting',
    ...PERSONAL,
    ...HELP,
  ],
  businessadmin: [
    'dashboards-crm',
    'dashboards-analytics',
    'business-customers',
    'business-licenses',
    ...WORK,
    'management-directions',
    'management-sub-directions',
    'management-classes',
    'management-schemes',
    'management-teams',
    'management-users',
    'management-location-setting',
    'management-audit',
    ...PERSONAL,
    ...HELP,
  ],
  businessuser: [
    'dashboards-crm',
    'dashboards-analytics',
    ...WORK,
    'management-location-setting',
    ...PERSONAL,
    ...HELP,
  ],
};

export interface Shortcut {
  route: string;
  params?: Record<string, string | number>;
  label: string;
  /** Key under `shortcuts.` describing the page. */
  subtitle: string;
  icon: Icon;
}

/** The navbar's shortcut grid, in order; only pages that exist and the caller may open are shown. */
export const SHORTCUTS: Shortcut[] = [
  { route: 'dashboards-crm', label: 'crm', subtitle: 'crm', icon: GraphIcon },
  { route: 'tasks', label: 'tasks', subtitle: 'tasks', icon: TasklistIcon },
  { route: 'projects', label: 'projects', subtitle: 'projects', icon: ProjectIcon },
  { route: 'business-customers', label: 'customers', subtitle: 'customers', icon: OrganizationIcon },
  { route: 'business-licenses', label: 'licenses', subtitle: 'licenses', icon: LawIcon },
  { route: 'management-location-setting', label: 'locationSetting', subtitle: 'locations', icon: LocationIcon },
  { route: 'management-schemes', label: 'schemes', subtitle: 'schemes', icon: CheckCircleIcon },
  { route: 'management-teams', label: 'teams', subtitle: 'teams', icon: PeopleIcon },
  { route: 'management-users', label: 'users', subtitle: 'accounts', icon: PersonIcon },
  { route: 'reports', label: 'reports', subtitle: 'reports', icon: ReportIcon },
  { route: 'files', label: 'files', subtitle: 'files', icon: FileDirectoryIcon },
  { route: 'apps-calendar', label: 'calendar', subtitle: 'calendar', icon: CalendarIcon },
  { route: 'apps-invoice-list', label: 'invoice', subtitle: 'invoice', icon: CreditCardIcon },
  { route: 'apps-user-list', label: 'user', subtitle: 'users', icon: PeopleIcon },
  { route: 'apps-roles', label: 'rolesAndPermissions', subtitle: 'roles', icon: KeyIcon },
  {
    route: 'pages-account-settings-tab',
    params: { tab: 'account' },
    label: 'accountSettings',
    subtitle: 'settings',
    icon: GearIcon,
  },
  { route: 'pages-help-center', label: 'helpCenter', subtitle: 'help', icon: QuestionIcon },
  { route: 'access-control', label: 'accessControl', subtitle: 'accessControl', icon: ShieldLockIcon },
  { route: 'dashboards-analytics', label: 'analytics', subtitle: 'analytics', icon: PulseIcon },
];

/** The profile menu's page items (after the user's name); Logout always follows. */
export const USER_MENU: { route: string; params?: Record<string, string | number>; label: string; icon: Icon }[] = [
  { route: 'pages-user-profile-tab', params: { tab: 'profile' }, label: 'userProfile', icon: PersonIcon },
  { route: 'pages-account-settings-tab', params: { tab: 'account' }, label: 'accountSettings', icon: GearIcon },
  {
    route: 'pages-account-settings-tab',
    params: { tab: 'notifications' },
    label: 'notificationSettings',
    icon: BellIcon,
  },
  { route: 'pages-pricing', label: 'pricing', icon: CreditCardIcon },
  { route: 'pages-faq', label: 'faq', icon: QuestionIcon },
];
