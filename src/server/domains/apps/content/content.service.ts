// Writes of the pages' demo content: the caller's own answers on the profile's connection cards.
import { sql } from 'kysely';
import {
  type TProfileConnectionCard,
  type TSetProfileConnectionInput,
  ZProfileTab,
} from '../../../../shared/schemas/pages.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { openContent, pageContent } from './content.listing.ts';

/**
 * Connects the caller to (or disconnects them from) the card `name` of the connections tab; their
 * answer only, kept until they change it. NOT_FOUND naming `name` when the tab has no such card.
 * Setting a boolean twice gives the same row, so two tabs racing cannot lose anything else. Any caller
 * who may read DemoApp (the answer is the caller's own).
 */
export async function setProfileConnection(
  ctx: ServiceContext,
  input: TSetProfileConnectionInput,
): Promise<TProfileConnectionCard> {
  const { ctx: authed, tenant } = await openContent(ctx);
  const cards = ZProfileTab.parse(await pageContent(ctx.em, tenant, 'profile.connections')) as TProfileConnectionCard[];
  const card = cards.find((c) => c.name === input.name);
  if (!card) throw new AppError('NOT_FOUND', 'pages.noConnection', { name: input.name });
  await db(ctx.em)
    .insertInto('profile_connections')
    .values({
      owner_id: authed.user.id,
      name: input.name,
      connected: input.connected,
      created_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .onConflict((oc) =>
      oc.columns(['owner_id', 'name']).doUpdateSet({ connected: input.connected, updated_at: sql`now()` }),
    )
    .execute();
  return { ...card, isConnected: input.connected };
}
