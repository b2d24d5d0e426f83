// What the browser would answer, for a page the server draws (entry-server.tsx): the visitor's cookies
// and whether the device is a phone. The server renders synchronously (renderToString), so the snapshot
// is set for one render and cleared after it; in the browser there is none and the real APIs answer.

export interface ServerSnapshot {
  /** The request's Cookie header. */
  cookies: string;
  /** The device announced itself as a phone (Sec-CH-UA-Mobile or its user agent). */
  phone: boolean;
}

/** The viewport widths a drawing assumes: a common phone's, else a laptop's. */
const PHONE_WIDTH = 390;
const DESKTOP_WIDTH = 1280;

let snapshot: ServerSnapshot | null = null;

/** Renders `draw` with `value` as what the browser would say; never leaves it set. */
export function withServerSnapshot<T>(value: ServerSnapshot, draw: () => T): T {
  snapshot = value;
  try {
    return draw();
  } finally {
    snapshot = null;
  }
}

/** The request's Cookie header during a server render; null in the browser. */
export function serverCookies(): string | null {
  return typeof document === 'undefined' ? (snapshot?.cookies ?? '') : null;
}

/**
 * Whether a media query would match on the drawn device: width conditions (`min-width`, `max-width`
 * in px, joined by `and`) against the assumed viewport; any other feature (colour scheme, pointer,
 * reduced motion) as not matching, the browser's default.
 */
export function serverMatches(query: string): boolean {
  const width = snapshot?.phone ? PHONE_WIDTH : DESKTOP_WIDTH;
  return query.split(/\s+and\s+/).every((part) => {
    const condition = /^\(\s*(min|max)-width:\s*([\d.]+)px\s*\)$/.exec(part.trim());
    if (!condition) return false;
    const limit = Number(condition[2]);
    return condition[1] === 'min' ? width >= limit : width <= limit;
  });
}
