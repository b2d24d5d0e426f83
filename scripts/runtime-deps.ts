// The packages the server needs at run time, for the production image (Dockerfile): the bare imports of
// the files the image ships (src/server and src/shared without tests and test helpers, seed, migrations,
// scripts/db.ts), closed over package-lock.json's dependencies. `npm ci --omit=dev` alone would also ship
// the browser-only packages (React, the editor, charts…), which only the client bundle needs.
// Usage: node scripts/runtime-deps.ts            list the runtime packages and their size
//        node scripts/runtime-deps.ts --prune    delete every other package from ./node_modules, the files
//                                                no process reads (source maps, declarations, docs), and
//                                                the tests and test helpers of the shipped folders
// Fails when shipped code imports a package that is not a production dependency.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

/** What the image ships of the repository (the Dockerfile copies the same). */
export const SHIPPED = ['src/server', 'src/shared', 'seed', 'migrations', 'scripts/db.ts'];
/** Test-only files and folders inside SHIPPED: never in the image. */
export const TEST_ONLY = /(\.test\.ts|\.suite\.ts|\.d\.ts)$|\/(testing|fuzz)\//;
/** Packages loaded through a computed name the import scan cannot see (the PDF's font files). */
const NAMED_IN_STRINGS = ['@fontsource/public-sans', '@fontsource/noto-sans-arabic'];

interface LockEntry {
  dev?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const builtins = new Set(builtinModules);

/** Every file under the shipped paths that the image keeps. */
export function shippedFiles(root: string): string[] {
  const out: string[] = [];
  for (const entry of SHIPPED) {
    const full = path.join(root, entry);
    if (!fs.existsSync(full)) continue;
    if (fs.statSync(full).isFile()) out.push(entry);
    else
      for (const f of fs.readdirSync(full, { recursive: true, encoding: 'utf8' })) {
        const rel = path.posix.join(entry, f.split(path.sep).join('/'));
        if (rel.endsWith('.ts') && !TEST_ONLY.test(rel)) out.push(rel);
      }
  }
  return out;
}

/** The package names (`a` or `@s/a`) imported by `source`, builtins left out. */
export function importedPackages(source: string): string[] {
  const names = new Set<string>();
  const statements = [
    /^\s*(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm, // import … from 'x', export … from 'x'
    /^\s*import\s*['"]([^'"]+)['"]/gm, // import 'x'
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g, // import('x')
  ];
  for (const m of statements.flatMap((re) => [...source.matchAll(re)])) {
    const spec = m[1];
    if (spec.startsWith('.') || spec.startsWith('node:') || builtins.has(spec)) continue;
    const parts = spec.split('/');
    names.add(spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
  }
  return [...names];
}

/** Where Node finds `name` from the package at lock key `from` (nearest node_modules up the tree). */
function resolveKey(packages: Record<string, LockEntry>, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const key = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[key]) return key;
    if (!base) return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut < 0 ? '' : base.slice(0, cut);
  }
}

/** Lock keys (`node_modules/…`) of the runtime packages, and the roots that led there. */
export function runtimeClosure(root: string): { keys: Set<string>; roots: string[] } {
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const roots = new Set(NAMED_IN_STRINGS);
  for (const file of shippedFiles(root)) {
    for (const name of importedPackages(fs.readFileSync(path.join(root, file), 'utf8'))) {
      if (!(name in pkg.dependencies)) throw new Error(`${file} imports ${name}, which is not a production dependency`);
      roots.add(name);
    }
  }
  const keys = new Set<string>();
  const queue = [...roots].map((name) => `node_modules/${name}`);
  while (queue.length) {
    const key = queue.pop() as string;
    if (keys.has(key)) continue;
    const entry = lock.packages[key];
    if (!entry) continue; // an optional dependency for another platform
    keys.add(key);
    // A peer is the app's to provide: followed when it is a production dependency (typescript, a peer of
    // @trpc/server for its types only, is not).
    const peers = Object.keys(entry.peerDependencies ?? {}).filter((name) => name in pkg.dependencies);
    for (const name of [...Object.keys({ ...entry.dependencies, ...entry.optionalDependencies }), ...peers]) {
      const found = resolveKey(lock.packages, key, name);
      if (found) queue.push(found);
    }
  }
  return { keys, roots: [...roots].sort() };
}

function sizeOf(p: string): number {
  const st = fs.lstatSync(p);
  if (!st.isDirectory()) return st.size;
  let total = 0;
  for (const e of fs.readdirSync(p)) total += sizeOf(path.join(p, e));
  return total;
}

/** Files inside kept packages that no process reads. Licence files always stay. */
const DROP_FILE = /(\.map|\.d\.[cm]?ts|\.tsbuildinfo|\.md|\.markdown)$/i;
const KEEP_FILE = /^(licen[cs]e|copying|notice)/i;
const DROP_DIR = new Set(['test', 'tests', '__tests__', 'docs', 'doc', 'example', 'examples', '.github']);

function dropUnread(dir: string): number {
  let freed = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name === 'node_modules') freed += dropUnread(full);
      else if (DROP_DIR.has(e.name)) {
        freed += sizeOf(full);
        fs.rmSync(full, { recursive: true });
      } else freed += dropUnread(full);
    } else if (e.isFile() && DROP_FILE.test(e.name) && !KEEP_FILE.test(e.name)) {
      freed += fs.statSync(full).size;
      fs.rmSync(full);
    }
  }
  return freed;
}

function main(): void {
  const root = process.cwd();
  const { keys, roots } = runtimeClosure(root);
  const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
  if (!process.argv.includes('--prune')) {
    const rows = [...keys]
      .filter((k) => fs.existsSync(k))
      .map((k) => [k.slice('node_modules/'.length), sizeOf(k)] as const)
      .sort((a, b) => b[1] - a[1]);
    for (const [name, size] of rows) console.log(`${mb(size).padStart(9)}  ${name}`);
    console.log(
      `${rows.length} runtime packages (roots: ${roots.join(', ')}), ${mb(rows.reduce((s, r) => s + r[1], 0))}`,
    );
    return;
  }
  const before = sizeOf('node_modules');
  const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, unknown> };
  let removed = 0;
  for (const key of Object.keys(lock.packages)) {
    if (!key || keys.has(key) || !fs.existsSync(key)) continue;
    fs.rmSync(key, { recursive: true });
    removed++;
  }
  dropUnread('node_modules');
  // The shipped folders' tests and test helpers (copied with them) go too.
  for (const entry of SHIPPED) {
    if (!fs.existsSync(entry) || !fs.statSync(entry).isDirectory()) continue;
    for (const f of fs.readdirSync(entry, { recursive: true, encoding: 'utf8' })) {
      const rel = path.posix.join(entry, f.split(path.sep).join('/'));
      if (TEST_ONLY.test(rel) && fs.existsSync(rel)) fs.rmSync(rel, { recursive: true });
    }
  }
  console.log(
    `node_modules: ${mb(before)} -> ${mb(sizeOf('node_modules'))} (${removed} packages removed, ${keys.size} kept)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) main();
