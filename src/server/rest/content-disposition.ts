// The Content-Disposition header of a download, for every REST route that sends a file (files, PDFs).
// Edit when a browser needs the name spelled another way.

/** `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266 / 5987): an ASCII fallback and the exact name. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback =
    name
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_')
      .replace(/%/g, '_')
      .trim() || 'file';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
