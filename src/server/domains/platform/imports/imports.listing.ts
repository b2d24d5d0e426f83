// Imports as the pages read them: one by id, the customer's past imports newest first. Another
// customer's import is never found.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ListResult } from '../../../../shared/schemas/common.ts';
import { pageWindow } from '../../../../shared/schemas/common.ts';
import type { TImport, TImportKind, TImportStatus, TListImportsInput } from '../../../../shared/schemas/imports.ts';
import { db } from '../../../db/kysely.ts';
import { notFound } from '../../../lib/app-error.ts';

function baseQuery(em: EntityManager) {
  return db(em)
    .selectFrom('imports as i')
    .innerJoin('users as u', 'u.id', 'i.actor_id')
    .innerJoin('files as f', 'f.id', 'i.file_id')
    .select([
      'i.id',
      'i.customer_id',
      'i.kind',
      'i.status',
      'i.file_id',
      'f.name as file_name',
      'u.id as actor_id',
      'u.full_name as actor_name',
      'i.skip_invalid',
      'i.total',
      'i.processed',
      'i.created',
      'i.updated',
      'i.unchanged',
      'i.refused',
      'i.failure',
      'i.created_at',
      'i.started_at',
      'i.finished_at',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function toImport(r: Row, detail?: { errors: TImport['errors']; samples: TImport['samples'] }): TImport {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    fileId: r.file_id,
    fileName: r.file_name,
    actor: { id: r.actor_id, fullName: r.actor_name },
    skipInvalid: r.skip_invalid,
    total: r.total,
    processed: r.processed,
    create: 0,
    update: 0,
    created: r.created,
    updated: r.updated,
    unchanged: r.unchanged,
    refused: r.refused,
    errors: detail?.errors ?? [],
    samples: detail?.samples ?? { create: [], update: [], unchanged: [] },
    failure: r.failure,
    createdAt: new Date(r.created_at),
    startedAt: r.started_at === null ? null : new Date(r.started_at),
    finishedAt: r.finished_at === null ? null : new Date(r.finished_at),
  };
}

/** The import with its errors and samples, if it is `customerId`'s (any customer when null); NOT_FOUND otherwise. */
export async function readImport(em: EntityManager, id: number, customerId: number | null): Promise<TImport> {
  const row = await baseQuery(em)
    .select(['i.errors', 'i.samples', 'i.planned_create', 'i.planned_update'])
    .where('i.id', '=', id)
    .$if(customerId !== null, (qb) => qb.where('i.customer_id', '=', customerId as number))
    .executeTakeFirst();
  if (!row) throw notFound('Import');
  return {
    ...toImport(row, { errors: row.errors, samples: row.samples }),
    create: row.planned_create,
    update: row.planned_update,
  };
}

/** The customer's imports (all customers' when null), newest first, without their errors. */
export async function readImports(
  em: EntityManager,
  customerId: number | null,
  input: TListImportsInput,
  kinds: readonly TImportKind[],
): Promise<ListResult<Omit<TImport, 'errors' | 'samples'>>> {
  const { offset, limit } = pageWindow(input.page, input.itemsPerPage);
  const filtered = <Q extends ReturnType<typeof baseQuery>>(qb: Q) =>
    qb
      .$if(customerId !== null, (q) => q.where('i.customer_id', '=', customerId as number))
      .where('i.kind', 'in', [...kinds])
      .$if(input.kind !== undefined, (q) => q.where('i.kind', '=', input.kind as TImportKind))
      .$if(input.status !== undefined, (q) => q.where('i.status', '=', input.status as TImportStatus)) as Q;
  const rows = await filtered(baseQuery(em))
    .select(['i.planned_create', 'i.planned_update'])
    .orderBy('i.created_at', input.orderBy === 'asc' ? 'asc' : 'desc')
    .orderBy('i.id', input.orderBy === 'asc' ? 'asc' : 'desc')
    .offset(offset)
    .$if(limit !== undefined, (q) => q.limit(limit as number))
    .execute();
  const count = await db(em)
    .selectFrom('imports as i')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .$if(customerId !== null, (q) => q.where('i.customer_id', '=', customerId as number))
    .where('i.kind', 'in', [...kinds])
    .$if(input.kind !== undefined, (q) => q.where('i.kind', '=', input.kind as TImportKind))
    .$if(input.status !== undefined, (q) => q.where('i.status', '=', input.status as TImportStatus))
    .executeTakeFirstOrThrow();
  return {
    items: rows.map((r) => {
      const { errors: _e, samples: _s, ...item } = toImport(r);
      return { ...item, create: r.planned_create, update: r.planned_update };
    }),
    total: Number(count.n),
  };
}
