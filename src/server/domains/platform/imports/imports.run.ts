// The run of an import, as a background job: the file read again and planned batch by batch inside one
// transaction, each batch written in one statement per kind, progress written beside it (outside the
// transaction, so any process shows it), then the import's counts and one audit event with them. With
// errors and no `skipInvalid`, or any failure, nothing is written and the import is `failed`.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { createAbility, defineRulesFor } from '../../../../shared/abilities/index.ts';
import { IMPORT_MAX_ERRORS, type TImportError } from '../../../../shared/schemas/imports.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../../lib/audit/audit.ts';
import { authorize } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext, SessionUser } from '../../../lib/context.ts';
import { withTransaction } from '../../../lib/scope.ts';
import { fileRefs } from '../../workflow/files/files.refs.ts';
import { fileOpener } from './imports.files.ts';
import { IMPORT_KIND } from './imports.kinds.ts';
import { formatOf } from './imports.parse.ts';
import { planFile } from './imports.plan-file.ts';

/** What a job needs of the app beyond the database: the outbox, PUBLIC_URL, the file storage. */
export type ImportServices = Pick<ServiceContext, 'publicUrl' | 'outbox' | 'accounts' | 'fileStorage' | 'jobs'>;

/** The importing user as a session would see them now (their role may have changed since the preview). */
async function actorContext(em: EntityManager, actorId: number, services: ImportServices): Promise<AuthedContext> {
  const row = await db(em)
    .selectFrom('users as u')
    .leftJoin('customers as c', 'c.id', 'u.customer_id')
    .select(['u.id', 'u.email', 'u.full_name', 'u.role', 'u.language', 'u.status', 'c.id as customer_id', 'c.code'])
    .where('u.id', '=', actorId)
    .executeTakeFirstOrThrow();
  const user: SessionUser = {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    role: row.role,
    customerId: row.customer_id,
    customerCode: row.code,
    language: row.language,
    teamIds: [],
    sessionId: 0,
  };
  const ability = createAbility(row.status === 'active' ? defineRulesFor(user) : []);
  return { em, user, ability, ...services };
}

class Refused extends Error {
  readonly errors: TImportError[];
  constructor(errors: TImportError[]) {
    super('refused rows');
    this.errors = errors;
  }
}

/** Run import `id` (claimed as `running` by imports.run); safe to call again for an import no longer running. */
export async function executeImport(orm: MikroORM, id: number, services: ImportServices): Promise<void> {
  const em = orm.em.fork();
  const found = await db(em).selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
  if (!found || found.status !== 'running') return;
  const progress = orm.em.fork();
  const setProgress = (processed: number) =>
    db(progress)
      .updateTable('imports')
      .set({ processed })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  try {
    const ctx = await actorContext(em, found.actor_id, services);
    const kind = IMPORT_KIND[found.kind];
    authorize(ctx, 'create', kind.subject);
    authorize(ctx, 'update', kind.subject);
    const file = (await fileRefs(em, [found.file_id])).get(found.file_id);
    const format = file && formatOf(file.mimeType);
    if (!file || !format) throw new AppError('BAD_REQUEST', 'imports.notSpreadsheet');
    const audit = { importId: id };
    await withTransaction(ctx, async (tx) => {
      const planner = await kind.prepare(tx.em, found.customer_id, tx);
      let created = 0;
      let updated = 0;
      const plan = await planFile(found.kind, format, fileOpener(tx, file), planner, async (valid, errors, read) => {
        if (errors.length && !found.skip_invalid) throw new Refused(errors);
        const written = await planner.write(tx, valid, audit);
        created += written.created;
        updated += written.updated;
        await setProgress(read);
      });
      const unchanged = plan.create + plan.update + plan.unchanged - created - updated;
      await db(tx.em)
        .updateTable('imports')
        .set({
          status: 'done',
          processed: plan.total,
          created,
          updated,
          unchanged,
          refused: plan.refused,
          errors: JSON.stringify(plan.errors) as never,
          finished_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
      recordAudit(tx, {
        action: 'import',
        entityType: 'Import',
        entityId: id,
        customerId: found.customer_id,
        changes: {
          kind: found.kind,
          fileId: found.file_id,
          total: plan.total,
          created,
          updated,
          unchanged,
          refused: plan.refused,
        },
      });
      await tx.em.flush();
    });
  } catch (error) {
    const refused = error instanceof Refused;
    const key = refused ? 'imports.refusedRows' : error instanceof AppError ? error.key : 'imports.failed';
    await db(progress)
      .updateTable('imports')
      .set({
        status: 'failed',
        failure: key,
        finished_at: new Date(),
        ...(refused ? { errors: JSON.stringify(error.errors.slice(0, IMPORT_MAX_ERRORS)) as never } : {}),
      })
      .where('id', '=', id)
      .execute();
    if (!refused && !(error instanceof AppError)) throw error;
  }
}
