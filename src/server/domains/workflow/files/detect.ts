// What a file is, from its content: magic bytes (file-type, which also looks inside ZIP containers for
// Office and OpenDocument files), else UTF-8 text without NULs (CSV or plain text). The name counts
// only to tell a CSV from other text; a ".jpg" holding a PDF is a PDF.
import { fileTypeFromFile } from 'file-type';
import { type AllowedFileType, allowedFileType } from '../../../../shared/schemas/files.ts';
import type { SpooledFile } from './spool.ts';

/** file-type's names for the same types, mapped to ours. */
const ALIASES: Record<string, string> = {
  'image/heic-sequence': 'image/heic',
  'image/heif-sequence': 'image/heif',
};

export interface Detected {
  /** The allowed type, or null when the content is of no allowed type. */
  type: AllowedFileType | null;
  /** What was recognised (for the 415 message): a MIME type, or 'unknown'. */
  found: string;
}

export async function detectFileType(file: SpooledFile, name: string): Promise<Detected> {
  const sniffed = await fileTypeFromFile(file.path);
  if (sniffed) {
    const mime = ALIASES[sniffed.mime] ?? sniffed.mime;
    return { type: allowedFileType(mime) ?? null, found: mime };
  }
  // A CSV in Windows-1252 (imports convert it); other text must be UTF-8.
  if (file.legacyText && file.size > 0 && /\.csv$/i.test(name)) {
    return { type: allowedFileType('text/csv') ?? null, found: 'text/csv' };
  }
  if (file.text && file.size > 0) {
    const csv = /\.csv$/i.test(name);
    return { type: allowedFileType(csv ? 'text/csv' : 'text/plain') ?? null, found: csv ? 'text/csv' : 'text/plain' };
  }
  return { type: null, found: 'unknown' };
}
