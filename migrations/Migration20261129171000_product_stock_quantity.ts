import { Migration } from '@mikro-orm/migrations';

/**
 * A product in stock has some quantity. Products saved "in stock" with quantity 0 (the add form ticked
 * In stock by default) are out of stock, with a new version so a form opened before is told; the column
 * pair is checked from now on, as the save schema checks it (`shop.stockWithoutQuantity` on `stock`).
 */
export class Migration20261129171000_product_stock_quantity extends Migration {

  override name = 'Migration20261129171000_product_stock_quantity';

  override up(): void | Promise<void> {
    this.addSql(`update "ecommerce_products" set "stock" = false, "version" = "version" + 1, "updated_at" = now() where "stock" and "qty" = 0;`);
    this.addSql(`alter table "ecommerce_products" add constraint "ecommerce_products_stock_check" check (not "stock" or "qty" > 0);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "ecommerce_products" drop constraint "ecommerce_products_stock_check";`);
  }

}
