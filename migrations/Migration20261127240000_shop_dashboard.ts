import { Migration } from '@mikro-orm/migrations';

/**
 * The e-commerce dashboard (issue 16): revenue and orders per month and per status are summed from a
 * covering index, so a million-order shop is aggregated by an index-only scan of the tenant's range.
 */
export class Migration20261127240000_shop_dashboard extends Migration {

  override name = 'Migration20261127240000_shop_dashboard';

  override up(): void | Promise<void> {
    this.addSql(`create index "ecommerce_orders_tenant_dashboard_index" on "ecommerce_orders" ("tenant_id", "ordered_at") include ("spent", "status");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "ecommerce_orders_tenant_dashboard_index";`);
  }

}
