// The offline dependency check (npm run check:deps): licences, lockfile completeness, README's table.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  checkDependencies,
  exceptionsFor,
  type Lockfile,
  licenseAllowed,
  type PackageJson,
  renderTable,
  withTable,
} from './check-deps.ts';

const pkg: PackageJson = { dependencies: { app: '^1.0.0', fonts: '^2.0.0' } };
function lockWith(extra: Lockfile['packages'] = {}): Lockfile {
  return {
    lockfileVersion: 3,
    packages: {
      '': { dependencies: { app: '^1.0.0', fonts: '^2.0.0' } },
      'node_modules/app': {
        version: '1.2.0',
        license: 'MIT',
        dependencies: { helper: '^3.0.0' },
        optionalDependencies: { 'bin-darwin': '1.0.0' },
      },
      'node_modules/helper': { version: '3.1.0', license: '(MIT OR GPL-3.0-only)' },
      'node_modules/fonts': { version: '2.0.0', license: 'OFL-1.1' },
      'node_modules/bin-darwin': { version: '1.0.0', license: 'MIT', optional: true },
      'node_modules/tooling': { version: '9.0.0', license: 'GPL-3.0-only', dev: true },
      ...extra,
    },
  };
}

describe('check:deps', () => {
  it('reads SPDX expressions: OR needs one allowed side, AND needs both', () => {
    expect(licenseAllowed('MIT')).toBe(true);
    expect(licenseAllowed('(MIT OR GPL-3.0-only)')).toBe(true);
    expect(licenseAllowed('(MIT AND GPL-3.0-only)')).toBe(false);
    expect(licenseAllowed('Apache-2.0 WITH LLVM-exception')).toBe(true);
    for (const bad of [
      'GPL-3.0-only',
      'AGPL-3.0-or-later',
      'SSPL-1.0',
      'UNLICENSED',
      'SEE LICENSE IN LICENSE.md',
      '',
      '(MIT',
    ]) {
      expect(licenseAllowed(bad), bad).toBe(false);
    }
  });

  it("allows LGPL only for sharp's prebuilt libvips packages", () => {
    expect(licenseAllowed('LGPL-3.0-or-later')).toBe(false);
    expect(licenseAllowed('LGPL-3.0-or-later', exceptionsFor('@img/sharp-libvips-linux-x64'))).toBe(true);
    expect(licenseAllowed('Apache-2.0 AND LGPL-3.0-or-later', exceptionsFor('@img/sharp-win32-x64'))).toBe(true);
    expect(licenseAllowed('GPL-3.0-only', exceptionsFor('@img/sharp-libvips-linux-x64'))).toBe(false);
    expect(licenseAllowed('LGPL-3.0-or-later', exceptionsFor('some-other-lib'))).toBe(false);
    const lgpl = checkDependencies(
      pkg,
      lockWith({ 'node_modules/helper': { version: '3.1.0', license: 'LGPL-3.0-or-later' } }),
    );
    expect(lgpl.problems).toEqual([
      'helper@3.1.0: licence LGPL-3.0-or-later is not allowed in production dependencies',
    ]);
  });

  it('lists the production tree with versions and licences, leaving dev tools out', () => {
    const report = checkDependencies(pkg, lockWith());
    expect(report.problems).toEqual([]);
    expect(
      report.packages.map(
        (p) => `${p.name}@${p.version} ${p.license}${p.direct ? ' direct' : ''}${p.optional ? ' optional' : ''}`,
      ),
    ).toEqual([
      'app@1.2.0 MIT direct',
      'bin-darwin@1.0.0 MIT optional',
      'fonts@2.0.0 OFL-1.1 direct',
      'helper@3.1.0 (MIT OR GPL-3.0-only)',
    ]);
  });

  it('fails on a GPL or AGPL production dependency and on an unknown licence', () => {
    const report = checkDependencies(
      pkg,
      lockWith({
        'node_modules/helper': {
          version: '3.1.0',
          license: 'AGPL-3.0-only',
          dependencies: { mystery: '*', copyleft: '*' },
        },
        'node_modules/mystery': { version: '0.1.0' },
        'node_modules/copyleft': { version: '1.0.0', license: 'GPL-2.0-or-later' },
      }),
    );
    expect(report.problems).toEqual([
      'copyleft@1.0.0: licence GPL-2.0-or-later is not allowed in production dependencies',
      'helper@3.1.0: licence AGPL-3.0-only is not allowed in production dependencies',
      'mystery@0.1.0: unknown licence (none in the lockfile or its package.json)',
    ]);
  });

  it('takes a licence the lockfile lacks from the installed package.json', () => {
    const report = checkDependencies(pkg, lockWith({ 'node_modules/fonts': { version: '2.0.0' } }), (location) =>
      location === 'node_modules/fonts' ? { version: '2.0.0', licenses: [{ type: 'OFL-1.1' }] } : null,
    );
    expect(report.problems).toEqual([]);
  });

  it('fails on a dependency missing from the lockfile, directly or underneath', () => {
    const report = checkDependencies(
      { dependencies: { ...pkg.dependencies, added: '^1.0.0' } },
      lockWith({ 'node_modules/helper': { version: '3.1.0', license: 'MIT', dependencies: { gone: '^1.0.0' } } }),
    );
    expect(report.problems).toEqual([
      'added: in package.json dependencies but missing from package-lock.json',
      'gone: needed by helper but missing from package-lock.json',
    ]);
    const changed = checkDependencies({ dependencies: { app: '^2.0.0', fonts: '^2.0.0' } }, lockWith());
    expect(changed.problems).toEqual([
      'app: package.json asks for ^2.0.0, package-lock.json was made for ^1.0.0: run npm install',
    ]);
  });

  it("writes README's table between its markers, and appends the section once", () => {
    const table = renderTable(checkDependencies(pkg, lockWith()));
    expect(table).toContain('| app | 1.2.0 | MIT |');
    expect(table).toContain('4 packages (1 optional');
    const once = withTable('# App\n', table);
    expect(once).toContain('## Production dependencies');
    expect(withTable(once, table)).toBe(once);
    expect(withTable(once.replace('| app | 1.2.0 | MIT |', '| app | 0.9.0 | MIT |'), table)).toBe(once);
  });

  it('passes on this repository', () => {
    const read = <T>(file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as T;
    const report = checkDependencies(read<PackageJson>('package.json'), read<Lockfile>('package-lock.json'));
    expect(report.problems).toEqual([]);
    expect(
      report.packages
        .filter((p) => p.direct)
        .map((p) => p.name)
        .sort(),
    ).toEqual(Object.keys(read<PackageJson>('package.json').dependencies ?? {}).sort());
  });
});
