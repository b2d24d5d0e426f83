// Offline dependency check (`npm run check:deps`), for registries that do not answer `npm audit`:
// every production package in package-lock.json with its version and licence; fails on a licence that
// is not allowed or unknown, on a dependency the lockfile lacks, and on a README table that is not current.
// Usage: node scripts/check-deps.ts [--write] [--list]   (--write updates README.md's table; --list prints all)
import fs from 'node:fs';
import path from 'node:path';

/** Licences a production dependency may have (SPDX ids): permissive, or font/data licences for assets. */
export const ALLOWED_LICENSES = new Set([
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC0-1.0',
  'CC-BY-4.0',
  'ISC',
  'MIT',
  'MIT-0',
  'OFL-1.1',
  'PostgreSQL',
  'Python-2.0',
  'Unlicense',
  'W3C',
  'Zlib',
]);

/**
 * The only packages that may carry a licence outside ALLOWED_LICENSES, each with the licence and why.
 * sharp (Apache-2.0, the image library that makes upload thumbnails) loads libvips from its prebuilt
 * `@img/sharp-*` packages: libvips is LGPL-3.0-or-later, used unmodified as a separate shared library,
 * which the LGPL allows in a product under any licence. No other package may be LGPL.
 */
export const LICENSE_EXCEPTIONS: readonly { name: RegExp; license: string; why: string }[] = [
  {
    name: /^@img\/sharp-/,
    license: 'LGPL-3.0-or-later',
    why: "sharp's prebuilt libvips, loaded as an unmodified shared library",
  },
  {
    name: /^chainsaw$/,
    license: 'MIT/X11',
    why: "exceljs's zip reader (unzipper → binary → chainsaw): the MIT licence under its X11 name",
  },
];

/**
 * Packages whose package.json names no licence although they ship one, with the licence their LICENSE
 * file states (checked by hand when the package was added). pdfkit's PNG decoder `png-js` ships an MIT
 * LICENSE file but has no `license` field.
 */
export const LICENSE_FILE_ONLY: Readonly<Record<string, string>> = {
  'png-js': 'MIT',
};

/** The extra licences `name` may carry (LICENSE_EXCEPTIONS). */
export function exceptionsFor(name: string): Set<string> {
  return new Set(LICENSE_EXCEPTIONS.filter((e) => e.name.test(name)).map((e) => e.license));
}

interface LockEntry {
  version?: string;
  license?: unknown;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

export interface Lockfile {
  lockfileVersion?: number;
  packages?: Record<string, LockEntry>;
}

export interface PackageJson {
  dependencies?: Record<string, string>;
  license?: unknown;
  licenses?: unknown;
  version?: string;
}

export interface ProdPackage {
  name: string;
  /** Where it sits in node_modules (`node_modules/a/node_modules/b`). */
  location: string;
  version: string;
  license: string;
  direct: boolean;
  optional: boolean;
}

export interface DepsReport {
  packages: ProdPackage[];
  /** Reasons to fail, one line each. */
  problems: string[];
  /** Worth knowing, not failing (e.g. node_modules out of step with the lockfile). */
  warnings: string[];
}

/** A licence field as an SPDX expression (old `{ type }` and `licenses: [...]` forms too); '' when absent. */
export function licenseText(field: unknown, legacy?: unknown): string {
  if (typeof field === 'string') return field.trim();
  if (field && typeof field === 'object' && typeof (field as { type?: unknown }).type === 'string') {
    return (field as { type: string }).type.trim();
  }
  if (Array.isArray(legacy)) {
    const types = legacy.map((l) => licenseText(l)).filter(Boolean);
    if (types.length) return types.length === 1 ? types[0] : `(${types.join(' OR ')})`;
  }
  return '';
}

/**
 * Whether an SPDX expression is allowed: `A OR B` when either side is, `A AND B` when both are,
 * parentheses and `WITH <exception>` understood. Anything unparseable is not allowed.
 */
export function licenseAllowed(expression: string, extra: ReadonlySet<string> = new Set()): boolean {
  const tokens = expression
    .replace(/([()])/g, ' $1 ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  let pos = 0;
  const peek = () => tokens[pos];
  function primary(): boolean {
    const token = tokens[pos++];
    if (token === '(') {
      const value = or();
      if (tokens[pos++] !== ')') throw new Error('unbalanced');
      return value;
    }
    if (!token || /^(AND|OR|WITH|\))$/i.test(token)) throw new Error('unexpected token');
    if (/^WITH$/i.test(peek() ?? '')) pos += 2;
    const id = token.replace(/\+$/, '');
    return ALLOWED_LICENSES.has(id) || extra.has(token) || extra.has(id);
  }
  function and(): boolean {
    let value = primary();
    while (/^AND$/i.test(peek() ?? '')) {
      pos++;
      value = primary() && value;
    }
    return value;
  }
  function or(): boolean {
    let value = and();
    while (/^OR$/i.test(peek() ?? '')) {
      pos++;
      value = and() || value;
    }
    return value;
  }
  try {
    const value = or();
    return pos === tokens.length && value;
  } catch {
    return false;
  }
}

/** The package name of a lockfile location (`node_modules/@a/b/node_modules/c` -> `c`). */
export function nameOf(location: string): string {
  return location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/** Where Node would find `dep` required from the package at `from` (nearest node_modules upwards). */
function resolveIn(packages: Record<string, LockEntry>, from: string, dep: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${dep}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

/**
 * Check the production tree of `lock` against `pkg`. `installed(location)` reads an installed
 * package.json (null when not installed), for licences the lockfile lacks and to compare versions.
 */
export function checkDependencies(
  pkg: PackageJson,
  lock: Lockfile,
  installed: (location: string) => PackageJson | null = () => null,
): DepsReport {
  const problems: string[] = [];
  const warnings: string[] = [];
  const packages = lock.packages ?? {};
  if (!lock.packages || (lock.lockfileVersion ?? 0) < 2) {
    problems.push('package-lock.json has no `packages` map (lockfileVersion 2 or 3 needed): run npm install');
  }
  const root = packages[''] ?? {};
  const direct = pkg.dependencies ?? {};
  for (const [name, range] of Object.entries(direct)) {
    if (!packages[`node_modules/${name}`])
      problems.push(`${name}: in package.json dependencies but missing from package-lock.json`);
    else if (root.dependencies?.[name] !== range) {
      problems.push(
        `${name}: package.json asks for ${range}, package-lock.json was made for ${root.dependencies?.[name] ?? 'nothing'}: run npm install`,
      );
    }
  }

  // The production tree: everything reachable from the direct dependencies (optional ones included).
  const seen = new Map<string, boolean>();
  const queue: { location: string; optional: boolean }[] = Object.keys(direct)
    .filter((name) => packages[`node_modules/${name}`])
    .map((name) => ({ location: `node_modules/${name}`, optional: false }));
  while (queue.length) {
    const { location, optional } = queue.shift()!;
    if (seen.has(location) && (optional || !seen.get(location))) continue;
    seen.set(location, optional);
    const entry = packages[location];
    const wants: [string, 'dep' | 'optional' | 'peer'][] = [
      ...Object.keys(entry.dependencies ?? {}).map((d): [string, 'dep'] => [d, 'dep']),
      ...Object.keys(entry.optionalDependencies ?? {}).map((d): [string, 'optional'] => [d, 'optional']),
      ...Object.keys(entry.peerDependencies ?? {}).map((d): [string, 'peer'] => [d, 'peer']),
    ];
    for (const [dep, kind] of wants) {
      const found = resolveIn(packages, location, dep);
      // A peer the app provides only for development (type packages) is not installed in production.
      if (kind === 'peer' && (!found || packages[found].dev || packages[found].devOptional)) continue;
      const depOptional = kind === 'optional';
      if (found) queue.push({ location: found, optional: optional || depOptional });
      else if (!depOptional && !optional)
        problems.push(`${dep}: needed by ${nameOf(location)} but missing from package-lock.json`);
    }
  }

  const result: ProdPackage[] = [];
  const byName = [...seen].sort(([a], [b]) => nameOf(a).localeCompare(nameOf(b)) || a.localeCompare(b));
  for (const [location, optional] of byName) {
    const entry = packages[location];
    const name = nameOf(location);
    const onDisk = installed(location);
    const version = entry.version ?? onDisk?.version ?? '';
    const license =
      licenseText(entry.license) || licenseText(onDisk?.license, onDisk?.licenses) || (LICENSE_FILE_ONLY[name] ?? '');
    if (entry.dev && !entry.devOptional)
      warnings.push(`${name}: reachable from production dependencies but flagged dev in the lockfile`);
    if (!version) problems.push(`${name}: no version in package-lock.json`);
    if (!license) problems.push(`${name}@${version}: unknown licence (none in the lockfile or its package.json)`);
    else if (!licenseAllowed(license, exceptionsFor(name)))
      problems.push(`${name}@${version}: licence ${license} is not allowed in production dependencies`);
    if (onDisk?.version && version && onDisk.version !== version) {
      warnings.push(`${name}: node_modules has ${onDisk.version}, package-lock.json says ${version} (run npm ci)`);
    }
    result.push({
      name,
      location,
      version,
      license: license || 'unknown',
      direct: location === `node_modules/${name}` && name in direct,
      optional,
    });
  }
  return { packages: result, problems, warnings };
}

export const README_START = '<!-- production-dependencies:start (npm run check:deps -- --write) -->';
export const README_END = '<!-- production-dependencies:end -->';

/** README's table: direct production dependencies, then the whole tree's licences. */
export function renderTable(report: DepsReport): string {
  const direct = report.packages.filter((p) => p.direct);
  const byLicense = new Map<string, number>();
  for (const p of report.packages) byLicense.set(p.license, (byLicense.get(p.license) ?? 0) + 1);
  const licenses = [...byLicense].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([l, n]) => `${l} ${n}`);
  const optional = report.packages.filter((p) => p.optional).length;
  return [
    README_START,
    '| package | version | licence |',
    '|---|---|---|',
    ...direct.map((p) => `| ${p.name} | ${p.version} | ${p.license} |`),
    '',
    `With what they pull in: ${report.packages.length} packages (${optional} optional, e.g. the other platforms' PostgreSQL binaries), licences ${licenses.join(', ')}.`,
    README_END,
  ].join('\n');
}

/** `readme` with its table replaced (or a "Production dependencies" section appended). */
export function withTable(readme: string, table: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start !== -1 && end > start) return readme.slice(0, start) + table + readme.slice(end + README_END.length);
  return `${readme.trimEnd()}\n\n## Production dependencies\n\n${table}\n`;
}

function main(): void {
  const read = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  const pkg = read<PackageJson>('package.json');
  const lock = read<Lockfile>('package-lock.json');
  const report = checkDependencies(pkg, lock, (location) => {
    const file = path.join(location, 'package.json');
    return fs.existsSync(file) ? read<PackageJson>(file) : null;
  });
  const args = process.argv.slice(2);
  for (const p of args.includes('--list') ? report.packages : report.packages.filter((x) => x.direct)) {
    console.log(`${p.name}@${p.version}  ${p.license}${p.optional ? '  (optional)' : ''}`);
  }
  console.log(
    `${report.packages.length} production packages (${report.packages.filter((p) => p.direct).length} direct)`,
  );
  for (const warning of report.warnings) console.warn(`warning: ${warning}`);

  const readme = fs.readFileSync('README.md', 'utf8');
  const updated = withTable(readme, renderTable(report));
  if (args.includes('--write')) {
    if (updated !== readme) fs.writeFileSync('README.md', updated);
    console.log(
      updated !== readme ? 'README.md: production dependencies table updated' : 'README.md: table already current',
    );
  } else if (updated !== readme) {
    report.problems.push('README.md: the production dependencies table is not current (npm run check:deps -- --write)');
  }
  if (report.problems.length) {
    for (const problem of report.problems) console.error(`error: ${problem}`);
    process.exit(1);
  }
  console.log('dependencies ok');
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
