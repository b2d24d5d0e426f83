// Files as other domains look them up: names, types and owners by id (evidence, attachments, avatars).
// These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '../../../db/kysely.ts';

export interface FileRef {
  id: number;
  customerId: number;
  ownerId: number;
  taskId: number | null;
  name: string;
  mimeType: string;
  size: number;
  /** Where its bytes are in the file storage (imports read the file back). */
  storageKey: string;
}

/**
 * Marks files as evidence of a record (a corrective action's fix), so the files list says what they belong
 * to. A file already linked (a task's evidence) keeps its link.
 */
export async function linkFiles(
  em: EntityManager,
  ids: readonly number[],
  link: { type: 'correctiveAction'; id: number },
): Promise<void> {
  if (!ids.length) return;
  await db(em)
    .updateTable('files')
    .set({ linked_type: link.type, linked_id: link.id })
    .where('id', 'in', [...new Set(ids)])
    .where('linked_type', 'is', null)
    .execute();
}

/** The files with these ids, by id (ids of no file are left out). */
export async function fileRefs(em: EntityManager, ids: readonly number[]): Promise<Map<number, FileRef>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db(em)
    .selectFrom('files')
    .select(['id', 'customer_id', 'owner_id', 'task_id', 'name', 'mime_type', 'size', 'storage_key'])
    .where('id', 'in', unique)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        customerId: r.customer_id,
        ownerId: r.owner_id,
        taskId: r.task_id,
        name: r.name,
        mimeType: r.mime_type,
        size: r.size,
        storageKey: r.storage_key,
      },
    ]),
  );
}
