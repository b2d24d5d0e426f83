import { Migration } from '@mikro-orm/migrations';

/**
 * A product's SKU is text as shops write them ("TSH-RED-XL"), not a number: letters, digits, "-", "_" and
 * "." up to 64 characters, starting with a letter or digit; the samples' five-digit SKUs keep their digits.
 */
export class Migration20261129110000_product_sku_text extends Migration {

  override name = 'Migration20261129110000_product_sku_text';

  override up(): void | Promise<void> {
    this.addSql(`alter table "ecommerce_products" alter column "sku" type varchar(64) using ("sku"::varchar(64));`);
    this.addSql(`alter table "ecommerce_products" add constraint "ecommerce_products_sku_check" check ("sku" ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$');`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "ecommerce_products" drop constraint "ecommerce_products_sku_check";`);
    this.addSql(`alter table "ecommerce_products" alter column "sku" type int using ("sku"::int);`);
  }

}
