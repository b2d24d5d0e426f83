// The file an import reads, opened from the file storage (a file is read more than once: its encoding, then its rows).
import { notFound } from '../../../lib/app-error.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import type { FileRef } from '../../workflow/files/files.refs.ts';
import type { OpenFile } from './imports.parse.ts';

/** The file's bytes, opened anew each time (a file is read more than once). */
export function fileOpener(ctx: ServiceContext, file: FileRef): OpenFile {
  return async () => {
    const stream = await ctx.fileStorage?.get(file.storageKey);
    if (!stream) throw notFound('File');
    return stream;
  };
}
