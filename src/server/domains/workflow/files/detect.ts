// What a file is, from its content: magic bytes (file-type, which also looks inside ZIP containers for
// Office and OpenDocument files), else UTF-8 text without NULs. A ".jpg" holding a PDF is a PDF. Text
// has no magic bytes (a shell script is text too), so it is taken only when the sender says so twice:
// a `.txt` or `.csv` name and a text MIME type; `run.sh` sent as application/x-sh is refused.
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

/**
 * The MIME types a sender may give a text file of each extension. Windows names a CSV file
 * application/vnd.ms-excel when Excel is installed, so browsers there send a CSV under that type.
 */
const TEXT_TYPES: Record<'txt' | 'csv', readonly string[]> = {
  txt: ['text/plain'],
  csv: [
    'text/csv',
    'text/plain',
    'application/csv',
    'text/comma-separated-values',
    'text/x-csv',
    'application/vnd.ms-excel',
  ],
};

/** The essence of a Content-Type (`text/csv; charset=utf-8` -> `text/csv`). */
const essence = (mimeType: string) => mimeType.split(';')[0].trim().toLowerCase();

/** `declared` is the MIME type the sender gave the file's part (busboy reads a missing one as text/plain). */
export async function detectFileType(file: SpooledFile, name: string, declared: string): Promise<Detected> {
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
    const extension = /\.(txt|csv)$/i.exec(name)?.[1]?.toLowerCase() as 'txt' | 'csv' | undefined;
    const claimed = essence(declared) || 'text/plain';
    if (!extension || !TEXT_TYPES[extension].includes(claimed)) return { type: null, found: claimed };
    const mime = extension === 'csv' ? 'text/csv' : 'text/plain';
    return { type: allowedFileType(mime) ?? null, found: mime };
  }
  return { type: null, found: 'unknown' };
}
