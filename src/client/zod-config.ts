// Imported first by main.tsx, before zod loads. Zod compiles object parsers with `new Function` where it
// may, and probes for it once; the Content-Security-Policy (script-src 'self', no 'unsafe-eval') forbids
// it, and the browser reports the caught probe as a CSP violation (Lighthouse's "Issues were logged" on
// every signed-in page). `jitless` parses without compiling (same results) and skips the probe. Zod
// keeps its global configuration on `globalThis.__zod_globalConfig` and adopts an existing one as it
// loads; set here rather than by importing `z.config`, which would pull zod's core into the first load
// (+3.6 KB gzip on /login and the perform page).
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
