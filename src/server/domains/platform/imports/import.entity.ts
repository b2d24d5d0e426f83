import { defineEntity, p } from '@mikro-orm/core';
import type { TImportError, TImportKind, TImportSamples, TImportStatus } from '../../../../shared/schemas/imports.ts';
import { baseProperties } from '../../../db/base.entity.ts';
import { Customer } from '../../organization/customers/customer.entity.ts';
import { User } from '../../organization/users/user.entity.ts';
import { File } from '../../workflow/files/file.entity.ts';

/**
 * One import of a spreadsheet into a customer's records: planned by the preview (counts, errors, the
 * first rows of each group), then run by a job that writes `processed` as it goes, so any process can
 * show its progress. The file itself stays in the file storage; the refused rows are read back from it.
 */
export const ImportSchema = defineEntity({
  name: 'Import',
  tableName: 'imports',
  properties: {
    ...baseProperties,
    customer: () => p.manyToOne(Customer).deleteRule('restrict'),
    /** Who previewed it (and so who the job acts as). */
    actor: () => p.manyToOne(User).deleteRule('restrict'),
    file: () => p.manyToOne(File).deleteRule('restrict').index(),
    kind: p.string().length(20).$type<TImportKind>(),
    status: p.string().length(12).$type<TImportStatus>(),
    skipInvalid: p.boolean().default(false),
    total: p.integer().default(0),
    processed: p.integer().default(0),
    /** What the preview found to create and to change. */
    plannedCreate: p.integer().default(0),
    plannedUpdate: p.integer().default(0),
    created: p.integer().default(0),
    updated: p.integer().default(0),
    unchanged: p.integer().default(0),
    /** Rows left out (skipInvalid) or the rows that stopped the run. */
    refused: p.integer().default(0),
    errors: p.json<TImportError[]>(),
    samples: p.json<TImportSamples>(),
    /** Why a run failed as a whole (an error key), null otherwise. */
    failure: p.string().length(120).nullable(),
    startedAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
  },
  // Management → Imports: a customer's imports newest first.
  indexes: [{ properties: ['customer', 'createdAt', 'id'] }, { properties: ['actor'] }],
});

export class Import extends ImportSchema.class {}
ImportSchema.setClass(Import);
