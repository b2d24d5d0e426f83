// The Citus plan as data: every table of the schema with its class (distributed by customer_id, reference,
// local to the coordinator) and, for what Citus would refuse as it stands, the change it takes. ARCHITECTURE.md
// ("Beyond one database") says why; distribution-plan.test.ts holds this against the migrated schema, so a new
// table, key, foreign key or trigger fails until its line is written here. Nothing runs this at run time.

/** The customer id that rows of the platform take (today `customer_id` null: the superadmin's own rows). */
export const PLATFORM_CUSTOMER_ID = 0;
/** The customer id of the demo apps' samples (today `tenant_id` or `owner_id` null), copied on first use. */
export const SAMPLES_CUSTOMER_ID = -1;

/** Columns as an index or a foreign key lists them, comma-separated: `'customer_id, id'`. */
type Columns = string;
/** A change: the columns (or `cols → table(cols)`) now, and what they become, or `drop` and why. */
type Change = readonly [now: string, becomes: string];

interface Changes {
  /** Primary and unique keys (constraints and unique indexes) without the tenant column: name → now, or [now, becomes]. */
  keys?: Record<string, Columns | Change>;
  /** Foreign keys Citus refuses as they stand: name → `cols → table(cols)`, or [that, becomes]. */
  links?: Record<string, string | Change>;
  /** Statement-level triggers (Citus allows only row-level ones on distributed tables): name prefix → operations. */
  triggers?: Record<string, string>;
}

/** Where a distributed table's `customer_id` comes from. */
export type CustomerKey =
  /** It has the column; `nulls` says what a null becomes. */
  | { column: 'customer_id'; nulls?: string }
  /** The column is added and filled from `from` through `via`; `replaces` is dropped after; `clash` renames a column
   * already called customer_id that means something else. `nulls` says what a null `from` becomes. */
  | { from: string; via: string; replaces?: string; clash?: string; nulls?: string };

export type TablePlan =
  | ({ class: 'distributed'; customerId: CustomerKey } & Changes)
  | ({ class: 'reference' | 'local'; why: string } & Pick<Changes, 'links'>);

const PLATFORM = `the platform's rows take customer ${PLATFORM_CUSTOMER_ID}`;
const SAMPLES = `the samples take customer ${SAMPLES_CUSTOMER_ID}`;
const SUPERADMIN = `a superadmin's rows take customer ${PLATFORM_CUSTOMER_ID}`;

const own = (changes: Changes = {}, nulls?: string): TablePlan => ({
  class: 'distributed',
  customerId: nulls ? { column: 'customer_id', nulls } : { column: 'customer_id' },
  ...changes,
});
const derived = (customerId: Exclude<CustomerKey, { column: 'customer_id' }>, changes: Changes): TablePlan => ({
  class: 'distributed',
  customerId,
  ...changes,
});
/** A demo-app table of a customer's copy: one demo tenant per customer, so customer_id replaces tenant_id. */
const demo = (changes: Changes, nulls: string | null = SAMPLES): TablePlan =>
  derived(
    { from: 'tenant_id', via: 'demo_tenants.customer_id', replaces: 'tenant_id', ...(nulls && { nulls }) },
    changes,
  );
/** The shop's kept sums: tenant 0 holds the samples' sums. */
const SAMPLE_SUMS = `tenant 0 (the samples' sums) takes customer ${SAMPLES_CUSTOMER_ID}`;
/** A per-user copy or a user's own rows: the owner's customer. */
const ofUser = (from: string, changes: Changes, nulls = SUPERADMIN): TablePlan =>
  derived({ from, via: 'users.customer_id', nulls }, changes);
const reference = (why: string, links?: Changes['links']): TablePlan => ({
  class: 'reference',
  why,
  ...(links && { links }),
});
const local = (why: string): TablePlan => ({ class: 'local', why });

const CRUD = 'delete insert truncate update';

/** Every table of the `public` schema. */
export const DISTRIBUTION_PLAN: Record<string, TablePlan> = {
  // Reference tables: small or global, read by every tenant query, written rarely (each write reaches every node).
  customers: reference(
    'the tenants themselves: every distributed table points at them; superadmin lists stay on one node',
  ),
  licenses: reference('a few rows per customer, sold by the platform: globally unique key, superadmin lists'),
  users: reference(
    'global sign-in (unique e-mail); the actor of records in any customer (a superadmin acts everywhere), so every ' +
      'user foreign key stays valid; written on sign-in and profile edits only',
    { users_team_id_foreign: ['team_id → teams(id)', 'drop: a reference table cannot point into a distributed one'] },
  ),
  demo_tenants: reference('one row per customer (and the platform): the key a demo copy is found by'),
  chat_people: reference('the chat samples, read-only, shared by every copy'),
  search_items: reference("the product's pages for the app-bar search, the same for everyone"),
  customer_sso: reference(
    "one row per customer at most, found by an e-mail address's domain before the customer is known",
  ),
  app_secrets: reference('a few secrets every process signs with (unsubscribe links), made once by a migration'),

  // Local to the coordinator: per-request or per-process bookkeeping that no tenant query joins.
  sessions: local('read on every request by its token alone: one local lookup joined to users and customers'),
  password_resets: local('found by the token alone; few rows, swept by expiry'),
  outbox_emails: local('a delivery queue the superadmin reads whole, written beside tenant rows (two-phase commit)'),
  rate_limits: local('sign-in and account-mail counters keyed by e-mail and address, one upsert per check'),
  api_keys: local('read on every /api/v1 request by its hash alone, like sessions: one local lookup'),
  passkeys: local('found by the credential id alone when someone signs in with one, like sessions by their token'),
  webauthn_challenges: local('a passkey challenge, found by its value alone and used once within minutes'),
  sso_logins: local('a single sign-on attempt in flight, found by its state alone and used once within minutes'),
  api_idempotency: local('first answers of retried POSTs, found by key id and idempotency key; kept a day'),
  mikro_orm_migrations: local('the migrator runs on the coordinator; Citus propagates the DDL'),

  // Distributed: organization and structure.
  teams: own({ keys: { teams_pkey: 'id' } }),
  team_members: derived(
    { from: 'team_id', via: 'teams.customer_id' },
    {
      keys: { team_members_pkey: 'team_id, user_id' },
      links: { team_members_team_id_foreign: 'team_id → teams(id)' },
    },
  ),
  directions: own({ keys: { directions_pkey: 'id' } }),
  sub_directions: own({
    keys: { sub_directions_pkey: 'id', sub_directions_direction_code_unique: 'direction_id, code' },
    links: { sub_directions_direction_id_foreign: 'direction_id → directions(id)' },
  }),
  location_classes: own({ keys: { location_classes_pkey: 'id' } }),
  locations: own({
    keys: { locations_pkey: 'id' },
    links: {
      locations_location_class_id_foreign: 'location_class_id → location_classes(id)',
      locations_sub_direction_id_foreign: 'sub_direction_id → sub_directions(id)',
    },
    triggers: { locations_report: 'moved' },
  }),
  schemes: own({
    keys: { schemes_pkey: 'id', schemes_key_version_unique: 'key, version', schemes_one_draft_per_key: 'key' },
  }),
  scheme_sections: derived(
    { from: 'scheme_id', via: 'schemes.customer_id' },
    { keys: { scheme_sections_pkey: 'id' }, links: { scheme_sections_scheme_id_foreign: 'scheme_id → schemes(id)' } },
  ),
  scheme_questions: derived(
    { from: 'scheme_id', via: 'schemes.customer_id' },
    {
      keys: { scheme_questions_pkey: 'id', scheme_questions_scheme_key_unique: 'scheme_id, key' },
      links: {
        scheme_questions_scheme_id_foreign: 'scheme_id → schemes(id)',
        scheme_questions_section_id_foreign: 'section_id → scheme_sections(id)',
      },
    },
  ),

  // Distributed: workflow.
  projects: own({
    keys: { projects_pkey: 'id' },
    links: { projects_scheme_id_foreign: 'scheme_id → schemes(id)' },
  }),
  location_assignments: own({
    keys: {
      location_assignments_pkey: 'id',
      location_assignments_project_location_unique: 'project_id, location_id',
    },
    links: {
      location_assignments_location_id_foreign: 'location_id → locations(id)',
      location_assignments_project_id_foreign: 'project_id → projects(id)',
      location_assignments_team_id_foreign: 'team_id → teams(id)',
    },
  }),
  slots: own({
    keys: { slots_pkey: 'id', slots_assignment_occurrence_unique: 'assignment_id, occurrence' },
    links: { slots_assignment_id_foreign: 'assignment_id → location_assignments(id)' },
  }),
  tasks: own({
    keys: { tasks_pkey: 'id', tasks_slot_unique: 'slot_id' },
    links: {
      tasks_assignment_id_foreign: 'assignment_id → location_assignments(id)',
      tasks_location_id_foreign: 'location_id → locations(id)',
      tasks_project_id_foreign: 'project_id → projects(id)',
      tasks_scheme_id_foreign: 'scheme_id → schemes(id)',
      tasks_slot_id_foreign: 'slot_id → slots(id)',
      tasks_team_id_foreign: 'team_id → teams(id)',
    },
    triggers: { tasks_count: CRUD, tasks_report: CRUD, tasks_report_segment: CRUD },
  }),
  task_rounds: derived(
    { from: 'task_id', via: 'tasks.customer_id' },
    {
      keys: { task_rounds_pkey: 'id', task_rounds_task_round_unique: 'task_id, round' },
      links: { task_rounds_task_id_foreign: 'task_id → tasks(id)' },
    },
  ),
  task_reviews: derived(
    { from: 'task_id', via: 'tasks.customer_id' },
    { keys: { task_reviews_pkey: 'id' }, links: { task_reviews_task_id_foreign: 'task_id → tasks(id)' } },
  ),
  corrective_actions: own({
    keys: { corrective_actions_pkey: 'id', corrective_actions_task_question_unique: 'task_id, question_key' },
    links: {
      corrective_actions_location_id_foreign: 'location_id → locations(id)',
      corrective_actions_project_id_foreign: 'project_id → projects(id)',
      corrective_actions_task_id_foreign: 'task_id → tasks(id)',
      corrective_actions_team_id_foreign: 'team_id → teams(id)',
      corrective_actions_verified_by_task_id_foreign: 'verified_by_task_id → tasks(id)',
    },
  }),
  files: own({
    keys: {
      files_pkey: 'id',
      files_owner_client_id_unique: 'owner_id, client_id',
      files_storage_key_unique: 'storage_key',
    },
    links: { files_task_id_foreign: 'task_id → tasks(id)' },
  }),
  imports: own({
    keys: { imports_pkey: 'id' },
    links: { imports_file_id_foreign: 'file_id → files(id)' },
  }),
  reports: own({ keys: { reports_pkey: 'id', reports_owner_id_name_unique: 'owner_id, name' } }, PLATFORM),
  report_task_monthly: own(),
  report_task_segment_monthly: own(),
  report_location_monthly: own(),
  report_question_monthly: own(),
  report_question_team_monthly: own(),
  report_question_segment_monthly: own(),
  // A transition's rollup deltas, kept until it commits (report_rollups_deferred): rows of one customer's tasks.
  report_rollup_deferred: own(),
  table_row_counts: derived(
    {
      from: 'tenant_id',
      via:
        "table_name: 'tasks' → the customer itself, 'tasks_by_team' → teams.customer_id, a shop table → " +
        'demo_tenants.customer_id',
      nulls: `tenant 0 (the samples' counts) takes customer ${SAMPLES_CUSTOMER_ID}`,
    },
    { keys: { table_row_counts_pkey: ['table_name, tenant_id', 'customer_id, table_name, tenant_id'] } },
  ),

  // Distributed: platform.
  audit_events: own({ keys: { audit_events_pkey: 'id' } }, PLATFORM),
  saved_views: own(
    { keys: { saved_views_pkey: 'id', saved_views_owner_list_key_name_unique: 'owner_id, list_key, name' } },
    PLATFORM,
  ),
  webhook_endpoints: own({ keys: { webhook_endpoints_pkey: 'id' } }),
  webhook_deliveries: own({
    keys: { webhook_deliveries_pkey: 'id' },
    links: { webhook_deliveries_endpoint_id_foreign: 'endpoint_id → webhook_endpoints(id)' },
  }),
  notifications: ofUser('user_id', { keys: { notifications_pkey: 'id' } }),
  notification_preferences: ofUser('user_id', { keys: { notification_preferences_pkey: 'user_id' } }),
  user_totp: ofUser('user_id', { keys: { user_totp_pkey: 'id', user_totp_user_id_unique: 'user_id' } }),
  recovery_codes: ofUser('user_id', { keys: { recovery_codes_pkey: 'id' } }),

  // Distributed: the demo apps' per-user copies (owner null: the samples).
  calendar_events: ofUser('owner_id', { keys: { calendar_events_pkey: 'id' } }, `${SAMPLES}; ${SUPERADMIN}`),
  chats: ofUser(
    'owner_id',
    { keys: { chats_pkey: 'id', chats_owner_id_contact_id_unique: 'owner_id, contact_id' } },
    `${SAMPLES}; ${SUPERADMIN}`,
  ),
  chat_messages: derived(
    { from: 'chat_id', via: 'chats.owner_id → users.customer_id', nulls: `${SAMPLES}; ${SUPERADMIN}` },
    { keys: { chat_messages_pkey: 'id' }, links: { chat_messages_chat_id_foreign: 'chat_id → chats(id)' } },
  ),
  chat_direct_messages: own({ keys: { chat_direct_messages_pkey: 'id' } }, PLATFORM),
  chat_presences: ofUser('user_id', {
    keys: { chat_presences_pkey: 'id', chat_presences_user_id_unique: 'user_id' },
  }),
  emails: ofUser('owner_id', { keys: { emails_pkey: 'id' } }, `${SAMPLES}; ${SUPERADMIN}`),
  profile_connections: ofUser('owner_id', {
    keys: { profile_connections_pkey: 'id', profile_connections_owner_id_name_unique: 'owner_id, name' },
  }),
  demo_provisions: ofUser('user_id', {
    keys: { demo_provisions_pkey: 'id', demo_provisions_user_id_app_unique: 'user_id, app' },
  }),

  // Distributed: the demo apps' per-customer copies (tenant null: the samples).
  academy_courses: demo({ keys: { academy_courses_pkey: 'id' } }),
  academy_course_sections: demo({
    keys: {
      academy_course_sections_pkey: 'id',
      academy_course_sections_course_id_position_unique: 'course_id, position',
    },
    links: { academy_course_sections_course_id_foreign: 'course_id → academy_courses(id)' },
  }),
  academy_course_topics: demo({
    keys: {
      academy_course_topics_pkey: 'id',
      academy_course_topics_section_id_position_unique: 'section_id, position',
    },
    links: { academy_course_topics_section_id_foreign: 'section_id → academy_course_sections(id)' },
  }),
  analytics_projects: demo({ keys: { analytics_projects_pkey: 'id' } }),
  demo_permissions: demo({ keys: { demo_permissions_pkey: 'id' } }),
  demo_users: demo({ keys: { demo_users_pkey: 'id' } }),
  ecommerce_categories: demo({
    keys: { ecommerce_categories_pkey: 'id', ecommerce_categories_tenant_id_name_unique: 'tenant_id, name' },
  }),
  ecommerce_customers: derived(
    {
      from: 'tenant_id',
      via: 'demo_tenants.customer_id',
      replaces: 'tenant_id',
      clash: "customer_id is the shop's own customer number: renamed shopper_number first",
      nulls: SAMPLES,
    },
    {
      keys: {
        ecommerce_customers_pkey: 'id',
        ecommerce_customers_tenant_id_customer_id_unique: ['tenant_id, customer_id', 'customer_id, shopper_number'],
      },
      triggers: { ecommerce_customers_count: 'delete insert truncate' },
    },
  ),
  ecommerce_orders: demo({
    keys: { ecommerce_orders_pkey: 'id', ecommerce_orders_tenant_id_order_number_unique: 'tenant_id, order_number' },
    triggers: {
      ecommerce_orders_count: 'delete insert truncate',
      ecommerce_orders_rollup: CRUD,
      ecommerce_orders_day_rollup: CRUD,
      ecommerce_orders_customer_sums: CRUD,
    },
  }),
  ecommerce_order_events: derived(
    { from: 'order_id', via: 'ecommerce_orders.tenant_id → demo_tenants.customer_id', nulls: SAMPLES },
    {
      keys: { ecommerce_order_events_pkey: 'id' },
      links: { ecommerce_order_events_order_id_foreign: 'order_id → ecommerce_orders(id)' },
    },
  ),
  ecommerce_order_lines: derived(
    { from: 'order_id', via: 'ecommerce_orders.tenant_id → demo_tenants.customer_id', nulls: SAMPLES },
    {
      keys: {
        ecommerce_order_lines_pkey: 'id',
        ecommerce_order_lines_order_id_position_unique: 'order_id, position',
      },
      links: { ecommerce_order_lines_order_id_foreign: 'order_id → ecommerce_orders(id)' },
    },
  ),
  ecommerce_order_rollups: demo({ keys: { ecommerce_order_rollups_pkey: 'tenant_id, month, status' } }, SAMPLE_SUMS),
  ecommerce_order_day_rollups: demo(
    { keys: { ecommerce_order_day_rollups_pkey: 'tenant_id, day, method, payment' } },
    SAMPLE_SUMS,
  ),
  ecommerce_products: demo({ keys: { ecommerce_products_pkey: 'id' } }),
  ecommerce_referrals: demo({ keys: { ecommerce_referrals_pkey: 'id' } }),
  ecommerce_reviews: demo({ keys: { ecommerce_reviews_pkey: 'id' } }),
  ecommerce_settings: demo(
    { keys: { ecommerce_settings_pkey: 'id', ecommerce_settings_tenant_id_unique: 'tenant_id' } },
    null,
  ),
  faq_groups: demo({ keys: { faq_groups_pkey: 'id', faq_groups_tenant_id_position_unique: 'tenant_id, position' } }),
  faq_questions: demo({
    keys: { faq_questions_pkey: 'id', faq_questions_group_id_position_unique: 'group_id, position' },
    links: { faq_questions_group_id_foreign: 'group_id → faq_groups(id)' },
  }),
  help_categories: demo({
    keys: { help_categories_pkey: 'id', help_categories_tenant_id_slug_unique: 'tenant_id, slug' },
  }),
  help_articles: demo({
    keys: {
      help_articles_pkey: 'id',
      help_articles_category_id_position_unique: 'category_id, position',
      help_articles_tenant_id_slug_unique: 'tenant_id, slug',
    },
    links: { help_articles_category_id_foreign: 'category_id → help_categories(id)' },
  }),
  invoice_clients: demo({ keys: { invoice_clients_pkey: 'id' } }),
  invoices: demo({
    keys: { invoices_pkey: 'id', invoices_tenant_id_number_unique: 'tenant_id, number' },
    links: { invoices_client_id_foreign: 'client_id → invoice_clients(id)' },
  }),
  logistics_vehicles: demo({ keys: { logistics_vehicles_pkey: 'id' } }),
  page_contents: demo({ keys: { page_contents_pkey: 'id', page_contents_tenant_id_key_unique: 'tenant_id, key' } }),
  sales_rows: demo({ keys: { sales_rows_pkey: 'id' } }),
};

/** Schemas other than `public` whose tables all stay local to the coordinator. */
export const LOCAL_SCHEMAS: Record<string, string> = {
  pgboss: 'the job queue: SKIP LOCKED polling and its own migrations, on the coordinator like LISTEN/NOTIFY',
};

export interface KeyChange {
  table: string;
  name: string;
  now: Columns;
  becomes: Columns;
}
export interface LinkChange {
  table: string;
  name: string;
  now: string;
  becomes: string;
}
export interface TriggerChange {
  table: string;
  name: string;
}

const entries = () => Object.entries(DISTRIBUTION_PLAN);
const split = (columns: Columns) => columns.split(', ');

/** What a key becomes by default: customer_id first, then its columns (without the column customer_id replaces). */
function plannedKey(plan: TablePlan, now: Columns): Columns {
  const replaced = plan.class === 'distributed' && 'replaces' in plan.customerId ? plan.customerId.replaces : undefined;
  return ['customer_id', ...split(now).filter((c) => c !== replaced)].join(', ');
}

/** What a foreign key between distributed tables becomes by default: a (customer_id, …) pair on both sides. */
function plannedLink(now: string): string {
  const [from, to] = now.split(' → ');
  const [table, columns] = to.split('(');
  return `customer_id, ${from} → ${table}(customer_id, ${columns}`;
}

/** Every primary or unique key of a distributed table that must gain customer_id, and what it becomes. */
export function keyChanges(): KeyChange[] {
  return entries().flatMap(([table, plan]) =>
    plan.class !== 'distributed'
      ? []
      : Object.entries(plan.keys ?? {}).map(([name, change]) =>
          typeof change === 'string'
            ? { table, name, now: change, becomes: plannedKey(plan, change) }
            : { table, name, now: change[0], becomes: change[1] },
        ),
  );
}

/** Every foreign key Citus refuses as it stands, and what it becomes (a pair, or `drop: why`). */
export function linkChanges(): LinkChange[] {
  return entries().flatMap(([table, plan]) =>
    Object.entries(plan.links ?? {}).map(([name, change]) =>
      typeof change === 'string'
        ? { table, name, now: change, becomes: plannedLink(change) }
        : { table, name, now: change[0], becomes: change[1] },
    ),
  );
}

/** Every statement-level trigger on a distributed table (to become row-level, same customer only). */
export function triggerChanges(): TriggerChange[] {
  return entries().flatMap(([table, plan]) =>
    plan.class !== 'distributed'
      ? []
      : Object.entries(plan.triggers ?? {}).flatMap(([prefix, operations]) =>
          operations.split(' ').map((op) => ({ table, name: `${prefix}_${op}` })),
        ),
  );
}
