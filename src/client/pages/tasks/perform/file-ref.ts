// How the perform page names a photo or signature of an answer, on its own so the page's first load
// does not carry the outbox (offline/sync.ts loads it lazily).

/** A photo or signature of an answer: a stored file (`file:<id>`) or an upload's client id. */
export type FileRef = string;

export const fileRef = (id: number): FileRef => `file:${id}`;
export const refFileId = (ref: FileRef): number | null => (ref.startsWith('file:') ? Number(ref.slice(5)) : null);
