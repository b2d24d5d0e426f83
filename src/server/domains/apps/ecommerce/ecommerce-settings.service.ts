// The store settings of the caller's shop, one set per customer's copy: read (any caller who may read
// DemoApp) and save (callers who may manage it).
import { sql } from 'kysely';
import {
  DEFAULT_SHOP_SETTINGS,
  type TShopSettings,
  type TUpdateShopSettingsInput,
  ZShopSettingsFields,
} from '../../../../shared/schemas/ecommerce.ts';
import { db as kyselyOf } from '../../../db/kysely.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { staleRecord } from '../../../lib/records.ts';
import { openShop } from './ecommerce.shop.ts';

/** The caller's store settings (the defaults, version 0, until first saved); needs read on DemoApp. */
export async function getShopSettings(ctx: ServiceContext): Promise<TShopSettings> {
  const shop = await openShop(ctx);
  const row = await kyselyOf(shop.ctx.em)
    .selectFrom('ecommerce_settings')
    .select(['data', 'version'])
    .where('tenant_id', '=', shop.tenant)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_SHOP_SETTINGS, version: 0 };
  // Stored settings were validated on write; fields added since take their defaults.
  const data = row.data as Partial<TShopSettings>;
  const merged = Object.fromEntries(
    Object.entries(DEFAULT_SHOP_SETTINGS).map(([key, defaults]) => [
      key,
      { ...defaults, ...(data[key as keyof typeof data] as object | undefined) },
    ]),
  ) as typeof DEFAULT_SHOP_SETTINGS;
  return { ...merged, version: row.version };
}

/**
 * Save the caller's store settings; needs manage on DemoApp (FORBIDDEN otherwise). With `version`
 * (0 = the defaults were read), settings saved by someone else since are CONFLICT; the write is one
 * conditional statement (race-free).
 */
export async function updateShopSettings(ctx: ServiceContext, input: TUpdateShopSettingsInput): Promise<TShopSettings> {
  const shop = await openShop(ctx, 'manage');
  const { version, ...fields } = input;
  const data = ZShopSettingsFields.parse(fields);
  const db = kyselyOf(shop.ctx.em);
  const json = sql<TShopSettings>`${JSON.stringify(data)}::jsonb`;
  let written: { version: number } | undefined;
  if (version === 0) {
    written = await db
      .insertInto('ecommerce_settings')
      .values({
        tenant_id: shop.tenant,
        data: json,
        version: 1,
        created_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .onConflict((oc) => oc.column('tenant_id').doNothing())
      .returning('version')
      .executeTakeFirst();
  } else if (version === undefined) {
    written = await db
      .insertInto('ecommerce_settings')
      .values({
        tenant_id: shop.tenant,
        data: json,
        version: 1,
        created_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .onConflict((oc) =>
        oc.column('tenant_id').doUpdateSet({
          data: json,
          version: sql<number>`ecommerce_settings.version + 1`,
          updated_at: sql<Date>`now()`,
        }),
      )
      .returning('version')
      .executeTakeFirst();
  } else {
    written = await db
      .updateTable('ecommerce_settings')
      .set({ data: json, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
      .where('tenant_id', '=', shop.tenant)
      .where('version', '=', version)
      .returning('version')
      .executeTakeFirst();
  }
  if (!written) throw staleRecord('StoreSettings');
  return { ...data, version: written.version };
}
