import { defineEntity, p } from '@mikro-orm/core';
import type { TFileLinkType } from '../../../../shared/schemas/files.ts';
import { baseProperties } from '../../../db/base.entity.ts';
import { trgmIndex } from '../../../lib/trgm.ts';
import { Customer } from '../../organization/customers/customer.entity.ts';
import { User } from '../../organization/users/user.entity.ts';
import { Task } from '../tasks/task.entity.ts';

/**
 * An uploaded file: its bytes live in the file storage under `storageKey` (and a thumbnail under
 * `thumbnailKey` for images); this row keeps what the lists and the download need. `mimeType` was
 * detected from the content. A file linked to a task (`linkedType` 'task', `task`) is evidence of that
 * inspection: who may read the task may read it, and a submitted task's evidence cannot be deleted.
 */
export const FileSchema = defineEntity({
  name: 'File',
  tableName: 'files',
  properties: {
    ...baseProperties,
    customer: () => p.manyToOne(Customer).deleteRule('restrict'),
    owner: () => p.manyToOne(User).deleteRule('restrict'),
    name: p.string().length(255),
    mimeType: p.string().length(120),
    size: p.integer().check('size >= 0'),
    sha256: p.string().length(64),
    storageKey: p.string().length(200).unique('files_storage_key_unique'),
    thumbnailKey: p.string().length(200).nullable(),
    linkedType: p.string().length(40).$type<TFileLinkType>().nullable(),
    linkedId: p.integer().nullable(),
    task: () => p.manyToOne(Task).nullable().deleteRule('restrict').index(),
    questionKey: p.string().length(64).nullable(),
    /** The uploader's own id for this upload: sending it again returns this file (offline replays). */
    clientId: p.string().length(100).nullable(),
  },
  indexes: [
    // The list: a customer's files newest first; an inspector's own files.
    { properties: ['customer', 'createdAt', 'id'] },
    { properties: ['owner', 'createdAt', 'id'] },
    trgmIndex('files', 'name'),
    {
      name: 'files_owner_client_id_unique',
      expression:
        'create unique index "files_owner_client_id_unique" on "files" ("owner_id", "client_id") where "client_id" is not null',
    },
  ],
});

export class File extends FileSchema.class {}
FileSchema.setClass(File);
