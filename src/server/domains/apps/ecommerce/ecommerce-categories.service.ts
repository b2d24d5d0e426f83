// Writes to the shop's categories: save (create, rename, describe) and delete. Callers who may manage DemoApp.
import { sql } from 'kysely';
import type { TByIdInput } from '../../../../shared/schemas/common.ts';
import type { TCategory, TSaveCategoryInput } from '../../../../shared/schemas/ecommerce.ts';
import { db as kyselyOf } from '../../../db/kysely.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { assertCurrent } from '../../../lib/records.ts';
import { openShop } from './ecommerce.shop.ts';
import { categoryById } from './ecommerce-categories.listing.ts';

function nameTaken(name: string): AppError {
  return new AppError('CONFLICT', 'shop.categoryNameTaken', { name }, { name: 'shop.categoryNameTaken' });
}

/**
 * Create (no `id`) or rename / describe a category; needs manage on DemoApp (FORBIDDEN otherwise). A
 * name another category of the shop has is CONFLICT on `name`; a rename renames the category on its
 * products in the same transaction. With `version`, a category changed since the caller read it is
 * CONFLICT; one outside the caller's shop is NOT_FOUND.
 */
export async function saveCategory(ctx: ServiceContext, input: TSaveCategoryInput): Promise<TCategory> {
  const shop = await openShop(ctx, 'manage');
  return shop.ctx.em.transactional(async (em) => {
    const db = kyselyOf(em);
    const clash = await db
      .selectFrom('ecommerce_categories')
      .select('id')
      .where('tenant_id', '=', shop.tenant)
      .where('name', '=', input.name)
      .$if(input.id !== undefined, (qb) => qb.where('id', '<>', input.id!))
      .executeTakeFirst();
    if (clash) throw nameTaken(input.name);

    if (input.id === undefined) {
      const row = await db
        .insertInto('ecommerce_categories')
        .values({
          tenant_id: shop.tenant,
          name: input.name,
          description: input.description,
          version: 1,
          created_at: sql<Date>`now()`,
          updated_at: sql<Date>`now()`,
        })
        .onConflict((oc) => oc.columns(['tenant_id', 'name']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) throw nameTaken(input.name);
      return categoryById(em, shop.tenant, row.id);
    }

    const current = await db
      .selectFrom('ecommerce_categories')
      .select(['name', 'version'])
      .where('id', '=', input.id)
      .where('tenant_id', '=', shop.tenant)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound('Category');
    assertCurrent(current, input.version, 'Category');

    await db
      .updateTable('ecommerce_categories')
      .set({
        name: input.name,
        description: input.description,
        version: current.version + 1,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', input.id)
      .execute();
    if (current.name !== input.name) {
      await db
        .updateTable('ecommerce_products')
        .set({ category: input.name, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
        .where('tenant_id', '=', shop.tenant)
        .where('category', '=', current.name)
        .execute();
    }
    return categoryById(em, shop.tenant, input.id);
  });
}

/**
 * Delete a category; needs manage on DemoApp (FORBIDDEN otherwise). NOT_FOUND outside the caller's
 * shop; CONFLICT naming it and its product count while products use it.
 */
export async function deleteCategory(ctx: ServiceContext, input: TByIdInput): Promise<{ deleted: boolean }> {
  const shop = await openShop(ctx, 'manage');
  return shop.ctx.em.transactional(async (em) => {
    const db = kyselyOf(em);
    const category = await db
      .selectFrom('ecommerce_categories')
      .select(['name'])
      .where('id', '=', input.id)
      .where('tenant_id', '=', shop.tenant)
      .forUpdate()
      .executeTakeFirst();
    if (!category) throw notFound('Category');
    const { n } = await db
      .selectFrom('ecommerce_products')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('tenant_id', '=', shop.tenant)
      .where('category', '=', category.name)
      .executeTakeFirstOrThrow();
    if (n > 0) {
      const key = n === 1 ? 'shop.categoryUsedByOne' : 'shop.categoryUsedBy';
      throw new AppError('CONFLICT', key, { name: category.name, count: n }, { category: key });
    }
    await db.deleteFrom('ecommerce_categories').where('id', '=', input.id).execute();
    return { deleted: true };
  });
}
