// Limits a JSON body meets before anyone parses it: its size per route (small where anyone may call
// without signing in) and how deeply it nests. A deep body costs nothing to send and a lot to walk
// (parser, transformer, validation recurse once per level), so it is refused by a linear scan of the
// text, before JSON.parse. Edit to change a limit.
import { AppError } from './app-error.ts';

/** Deeper than any input of ours (a tRPC batch around superjson around a scheme is about a dozen). */
export const MAX_JSON_DEPTH = 64;

/** Sign-in, registration and password flows: a few short fields (bytes). */
export const AUTH_BODY_LIMIT = 16 * 1024;

/** Whether `text` (JSON) opens more than `max` arrays or objects inside one another; strings are skipped. */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) {
      depth--;
    }
  }
  return false;
}

/** 413 naming the limit. */
export function bodyTooLarge(limit: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', 'common.bodyTooLarge', { limit: Math.floor(limit / 1024) });
}

/** Throws 413 over `limit` bytes, 400 past MAX_JSON_DEPTH levels. */
export function assertJsonBody(text: string, limit: number): void {
  if (Buffer.byteLength(text) > limit) throw bodyTooLarge(limit);
  if (jsonTooDeep(text)) throw new AppError('BAD_REQUEST', 'common.jsonTooDeep', { depth: MAX_JSON_DEPTH });
}
