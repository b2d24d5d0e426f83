// Reading and writing the readable cookies (userData, XSRF-TOKEN, od- preferences).
// Values made of cookie-safe characters are written as they are, so `od-` cookies hold plain strings.
// A page drawn on the server reads the request's (lib/server-snapshot.ts).
import { serverCookies } from './server-snapshot.ts';

const COOKIE_SAFE = /^[\w#.:+-]*$/;

export function readCookie(name: string): string | null {
  return readCookies().get(name) ?? null;
}

/**
 * Every readable cookie at once, by name. Reading `document.cookie` asks the browser's network process
 * (a synchronous round trip): code reading several cookies reads this once instead of each in turn.
 * A value that is not valid percent-encoding is left out.
 */
export function readCookies(): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (serverCookies() ?? document.cookie).split('; ')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    try {
      const name = decodeURIComponent(part.slice(0, eq));
      if (!cookies.has(name)) cookies.set(name, decodeURIComponent(part.slice(eq + 1)));
    } catch {
      // Not ours: written by something that does not encode its values.
    }
  }
  return cookies;
}

export function writeCookie(name: string, value: string, days = 365): void {
  const expires = new Date(Date.now() + days * 864e5).toUTCString();
  const encoded = COOKIE_SAFE.test(value) ? value : encodeURIComponent(value);
  document.cookie = `${encodeURIComponent(name)}=${encoded}; expires=${expires}; path=/; SameSite=Lax`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
