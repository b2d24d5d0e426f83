// Heavy packages that only some requests use (spreadsheets, PDFs, the S3 client) are loaded by the
// first request that needs them, not by the server's start: a (re)start is ready sooner. Code that is
// already async simply awaits `import()` (the passkey ceremonies, the e-mail sanitiser); this is for
// synchronous code (a PDF document, a workbook stream, the S3 storage made at start when configured).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The package `specifier`, loaded on the first call (synchronously) and kept. */
export function lazyRequire<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(specifier) as T;
    return loaded;
  };
}
