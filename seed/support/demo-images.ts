// Self-contained images for demo data: small SVG data URIs (no external hosts, no binary assets).
// Avatars show initials on a colour derived from the name; covers show a title band on a gradient.

const PALETTE = ['#7367F0', '#28C76F', '#FF9F43', '#00BAD1', '#FF4C51', '#808390', '#5A8DEE', '#C05BD6'];

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return h >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

function dataUri(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? parts[parts.length - 1][0] : '')).toUpperCase() || '?';
}

/** A round avatar with the person's initials. */
export function avatarImage(name: string): string {
  const colour = PALETTE[hash(name) % PALETTE.length];
  return dataUri(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${colour}"/>` +
      `<text x="32" y="40" font-family="sans-serif" font-size="24" fill="#fff" text-anchor="middle">${escapeXml(initials(name))}</text></svg>`,
  );
}

/** A 16:9 cover with a gradient and a short label. */
export function coverImage(label: string): string {
  const h = hash(label);
  const a = PALETTE[h % PALETTE.length];
  const b = PALETTE[(h >>> 8) % PALETTE.length];
  return dataUri(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180"><defs><linearGradient id="g" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>` +
      `<rect width="320" height="180" fill="url(#g)"/>` +
      `<text x="20" y="160" font-family="sans-serif" font-size="18" fill="#fff">${escapeXml(label.slice(0, 28))}</text></svg>`,
  );
}

/** A small document icon labelled with the file extension. */
export function fileIcon(extension: string): string {
  const colour = PALETTE[hash(extension) % PALETTE.length];
  return dataUri(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 48"><path d="M4 0h22l10 10v36a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V2a2 2 0 0 1 2-2z" fill="#EEF0F3"/>` +
      `<rect x="0" y="26" width="34" height="14" rx="2" fill="${colour}"/>` +
      `<text x="17" y="36" font-family="sans-serif" font-size="9" fill="#fff" text-anchor="middle">${escapeXml(extension.toUpperCase().slice(0, 4))}</text></svg>`,
  );
}

/** A downloadable text file as a data URI, with its human-readable size. */
export function textFile(content: string, mime = 'text/plain'): { url: string; size: string } {
  const bytes = Buffer.byteLength(content, 'utf8');
  const size = bytes < 1024 ? `${bytes} B` : `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return { url: `data:${mime};charset=utf-8,${encodeURIComponent(content)}`, size };
}
