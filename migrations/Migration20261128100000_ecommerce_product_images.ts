import { Migration } from '@mikro-orm/migrations';

/**
 * A product keeps its ordered gallery (issue 14: the add / edit page uploads images through the files
 * API and reorders them). `image`, the picture the lists show, stays the gallery's first.
 */
export class Migration20261128100000_ecommerce_product_images extends Migration {

  override name = 'Migration20261128100000_ecommerce_product_images';

  override up(): void | Promise<void> {
    this.addSql(`alter table "ecommerce_products" add column "images" text[] not null default '{}';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "ecommerce_products" drop column "images";`);
  }

}
