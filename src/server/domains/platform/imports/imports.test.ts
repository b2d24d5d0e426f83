// Imports end to end on the seeded database: upload → preview → run (the job) → result, for each kind;
// the same file twice changes nothing; errors by line and column; all or nothing unless skipInvalid;
// another customer's file, import and records are not found; roles that may not create may not import.

import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';
import { uploadFile, waitForImport } from '../../../testing/imports.ts';
import { codeOf } from '../../../testing/trpc.ts';

const t = await setupTestApp();
const admin = await t.caller('admin@demo.com');
const nws = await t.caller('admin@nws.demo.com');

const { items: subs } = await admin.subDirections.list({ itemsPerPage: 1 });
const sub = subs[0];
const { items: theirSubs } = await nws.subDirections.list({ itemsPerPage: 1 });

async function importFile(
  as: string,
  kind: 'locations' | 'users' | 'teams' | 'directions' | 'subDirections' | 'classes',
  name: string,
  bytes: Buffer | string,
  skipInvalid?: boolean,
) {
  const caller = await t.caller(as);
  const fileId = await uploadFile(t, as, name, bytes);
  const preview = await caller.imports.preview({ kind, fileId });
  if (preview.errors.length && !skipInvalid) return { preview, result: null };
  await caller.imports.run({ id: preview.id, skipInvalid });
  return { preview, result: await waitForImport(caller, preview.id) };
}

describe('imports of locations', () => {
  const csv = [
    '\uFEFFCode;Name;Direction;SUB_DIRECTION;city;latitude;longitude;openingHours;active;notAColumn',
    `IMP-1;Shop one;${sub.direction.code};${sub.code};Lyon;45.75;4.85;mon 08:00-12:00,13:00-18:00; ;true;x`,
    `IMP-2;Shop two;;${sub.code};Paris;;;;false;y`,
  ].join('\r\n');

  it('previews, runs as a job, and a second run of the same file changes nothing', async () => {
    const fixed = csv.replace('mon 08:00-12:00,13:00-18:00; ;', '"mon 08:00-12:00,13:00-18:00; tue 09:00-17:00";');
    const { preview, result } = await importFile('admin@demo.com', 'locations', 'shops.csv', fixed);
    expect(preview).toMatchObject({ total: 2, create: 2, update: 0, unchanged: 0, errors: [] });
    expect(preview.samples.create[0]).toMatchObject({ code: 'IMP-1', name: 'Shop one' });
    expect(result).toMatchObject({ status: 'done', total: 2, processed: 2, created: 2, updated: 0, unchanged: 0 });
    const { items } = await admin.locations.list({ q: 'IMP-', itemsPerPage: 10, sortBy: 'code' });
    expect(items.map((l) => [l.code, l.city, l.active])).toEqual([
      ['IMP-1', 'Lyon', true],
      ['IMP-2', 'Paris', false],
    ]);
    const one = await admin.locations.byId({ id: items[0].id });
    expect(one.openingHours.mon).toEqual([
      { open: '08:00', close: '12:00' },
      { open: '13:00', close: '18:00' },
    ]);
    expect(one.openingHours.tue).toEqual([{ open: '09:00', close: '17:00' }]);
    const history = await admin.audit.list({ entityType: 'Location', entityId: one.id, itemsPerPage: 10 });
    expect(history.items.map((e) => e.action)).toContain('import');
    const imported = await admin.audit.list({ entityType: 'Import', entityId: preview.id, itemsPerPage: 10 });
    expect(imported.items[0]).toMatchObject({ action: 'import' });
    expect(imported.items[0].changes).toMatchObject({ created: 2, total: 2 });

    const again = await importFile('admin@demo.com', 'locations', 'shops.csv', fixed);
    expect(again.preview).toMatchObject({ create: 0, update: 0, unchanged: 2, errors: [] });
    expect(again.result).toMatchObject({ status: 'done', created: 0, updated: 0, unchanged: 2 });
    const after = await admin.locations.byId({ id: items[0].id });
    expect(after.version).toBe(one.version);
  });

  it('reports every error with its line and column, and runs nothing while errors exist', async () => {
    const bad = [
      'code,name,subDirection,latitude,longitude,class',
      `BAD-1,,${sub.code},,,`,
      `BAD-2,Two,NO-SUCH-SUB,,,`,
      `BAD-3,Three,${sub.code},91,4,`,
      `BAD-1,Again,${sub.code},,,`,
      `BAD-4,Four,${theirSubs[0].code},,,`,
      `BAD-5,Five,${sub.code},,,No such class`,
      `OK-1,Fine,${sub.code},,,`,
    ].join('\n');
    const fileId = await uploadFile(t, 'admin@demo.com', 'bad.csv', bad);
    const preview = await admin.imports.preview({ kind: 'locations', fileId });
    const at = (line: number) => preview.errors.filter((e) => e.line === line).map((e) => e.column);
    expect(at(2)).toEqual(['name']);
    expect(at(3)).toEqual(['subDirection']);
    expect(at(4)).toEqual(['latitude']);
    expect(at(5)).toEqual(['code']);
    expect(at(6)).toEqual(['subDirection']);
    expect(at(7)).toEqual(['class']);
    expect(preview).toMatchObject({ total: 7, create: 1 });
    expect(await codeOf(admin.imports.run({ id: preview.id }))).toBe('BAD_REQUEST');

    await admin.imports.run({ id: preview.id, skipInvalid: true });
    const result = await waitForImport(admin, preview.id);
    expect(result).toMatchObject({ status: 'done', created: 1, refused: 6 });
    const refused = await t.request({
      method: 'GET',
      url: `/api/imports/${preview.id}/refused.csv`,
      as: 'admin@demo.com',
    });
    expect(refused.statusCode).toBe(200);
    const lines = refused.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^code,name,.*,line,reasons$/);
    expect(lines).toHaveLength(7);
    expect(lines[1]).toMatch(/^BAD-1,,/);
  });

  it('refuses a file without the key column, an empty file and a file that is not a spreadsheet', async () => {
    const noKey = await uploadFile(t, 'admin@demo.com', 'nokey.csv', 'name,city\nA,B\n');
    expect(await codeOf(admin.imports.preview({ kind: 'locations', fileId: noKey }))).toBe('BAD_REQUEST');
    const headerOnly = await uploadFile(t, 'admin@demo.com', 'header.csv', 'code,name\n');
    expect(await admin.imports.preview({ kind: 'locations', fileId: headerOnly })).toMatchObject({ total: 0 });
    const text = await uploadFile(t, 'admin@demo.com', 'notes.txt', 'hello');
    expect(await codeOf(admin.imports.preview({ kind: 'locations', fileId: text }))).toBe('BAD_REQUEST');
  });

  it('reads Windows-1252 and tab-separated files, and French headers', async () => {
    const text = `code\tnom\tsous-direction\tville\nW-1\tCafé Crème\t${sub.code}\tBâle\n`;
    const { result } = await importFile('admin@demo.com', 'locations', 'latin.csv', iconv.encode(text, 'win1252'));
    expect(result).toMatchObject({ status: 'done', created: 1 });
    const { items } = await admin.locations.list({ q: 'W-1', itemsPerPage: 1 });
    expect(items[0]).toMatchObject({ name: 'Café Crème', city: 'Bâle' });
  });

  it('reads XLSX (the sheet named like the kind), refusing formulas', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Notes').addRow(['nothing here']);
    const sheet = workbook.addWorksheet('Locations');
    sheet.addRow(['Code', 'Name', 'subDirection', 'active', 'geofenceRadiusM']);
    sheet.addRow(['X-1', 'From Excel', sub.code, true, 250]);
    sheet.addRow(['X-2', { formula: '1+1', result: 2 }, sub.code, false, 100]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const fileId = await uploadFile(t, 'admin@demo.com', 'shops.xlsx', bytes);
    const preview = await admin.imports.preview({ kind: 'locations', fileId });
    expect(preview.errors).toEqual([expect.objectContaining({ line: 3, column: 'name' })]);
    await admin.imports.run({ id: preview.id, skipInvalid: true });
    expect(await waitForImport(admin, preview.id)).toMatchObject({ created: 1 });
    const { items } = await admin.locations.list({ q: 'X-1', itemsPerPage: 1 });
    expect(items[0]).toMatchObject({ name: 'From Excel', geofenceRadiusM: 250, active: true });
  });
});

describe('imports across customers and roles', () => {
  it('treats another customer’s file and import as not found', async () => {
    const fileId = await uploadFile(t, 'admin@demo.com', 'mine.csv', `code,name,subDirection\nISO-1,One,${sub.code}\n`);
    expect(await codeOf(nws.imports.preview({ kind: 'locations', fileId }))).toBe('NOT_FOUND');
    const preview = await admin.imports.preview({ kind: 'locations', fileId });
    expect(await codeOf(nws.imports.byId({ id: preview.id }))).toBe('NOT_FOUND');
    expect(await codeOf(nws.imports.run({ id: preview.id }))).toBe('NOT_FOUND');
  });

  it('refuses roles that may not create the records', async () => {
    const fileId = await uploadFile(t, 'admin@demo.com', 'mine.csv', `code,name,subDirection\nR-1,One,${sub.code}\n`);
    const analyst = await t.caller('analyst@demo.com');
    expect(await codeOf(analyst.imports.preview({ kind: 'locations', fileId }))).toBe('FORBIDDEN');
  });
});

describe('imports of structure and people', () => {
  it('imports directions, sub-directions and classes by their natural keys', async () => {
    const d = await importFile('admin@demo.com', 'directions', 'd.csv', 'code,name\nDIR-IMP,Imported region\n');
    expect(d.result).toMatchObject({ created: 1 });
    const s = await importFile(
      'admin@demo.com',
      'subDirections',
      's.csv',
      'code,name,direction\nSUB-IMP,Imported area,DIR-IMP\n',
    );
    expect(s.result).toMatchObject({ created: 1 });
    const c = await importFile('admin@demo.com', 'classes', 'c.csv', 'name,color\nImported class,#1F883D\n');
    expect(c.result).toMatchObject({ created: 1 });
    const l = await importFile(
      'admin@demo.com',
      'locations',
      'l.csv',
      'code,name,direction,subDirection,class\nL-IMP,Imported shop,DIR-IMP,SUB-IMP,Imported class\n',
    );
    expect(l.result).toMatchObject({ created: 1 });
    const { items } = await admin.locations.list({ q: 'L-IMP', itemsPerPage: 1 });
    expect(items[0]).toMatchObject({ subDirection: { code: 'SUB-IMP' }, class: { name: 'Imported class' } });
  });

  it('imports teams with their leader and users with their teams, inviting each new user once', async () => {
    const { items: leaders } = await admin.users.list({ role: 'teamleader', itemsPerPage: 1 } as never);
    const leader = leaders[0];
    const teams = await importFile('admin@demo.com', 'teams', 't.csv', `name,leader\nImported team,${leader.email}\n`);
    expect(teams.result).toMatchObject({ created: 1 });
    const users = [
      'email,fullName,role,teams,language,active',
      'new.person@demo.com,New Person,qualitycontrol,Imported team,fr,true',
    ].join('\n');
    const first = await importFile('admin@demo.com', 'users', 'u.csv', users);
    expect(first.result).toMatchObject({ status: 'done', created: 1 });
    const { items } = await admin.users.list({ q: 'new.person@demo.com', itemsPerPage: 1 });
    expect(items[0]).toMatchObject({ fullName: 'New Person', role: 'qualitycontrol', language: 'fr' });
    const second = await importFile('admin@demo.com', 'users', 'u.csv', users);
    expect(second.result).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    const superadmin = await t.caller('superadmin@demo.com');
    const outbox = await superadmin.outbox.list({ q: 'new.person@demo.com', itemsPerPage: 10 });
    expect(outbox.total).toBe(1);
  });

  it('refuses an e-mail of another customer’s user as taken', async () => {
    const fileId = await uploadFile(
      t,
      'admin@demo.com',
      'u.csv',
      'email,fullName,role\nadmin@nws.demo.com,Someone,analyst\n',
    );
    const preview = await admin.imports.preview({ kind: 'users', fileId });
    expect(preview.errors).toEqual([expect.objectContaining({ line: 2, column: 'email' })]);
  });
});

describe('export then import', () => {
  const kinds = ['directions', 'subDirections', 'classes', 'locations', 'teams', 'users'] as const;

  it.each(kinds)('%s: an export (CSV) imports back unchanged', async (kind) => {
    const res = await t.request({ method: 'GET', url: `/api/export/${kind}.csv`, as: 'admin@demo.com' });
    expect(res.statusCode).toBe(200);
    const fileId = await uploadFile(t, 'admin@demo.com', `${kind}.csv`, res.rawPayload);
    const preview = await admin.imports.preview({ kind, fileId });
    expect(preview.errors).toEqual([]);
    expect(preview).toMatchObject({ create: 0, update: 0 });
    expect(preview.unchanged).toBe(preview.total);
  });

  it('locations: an XLSX export imports back unchanged', async () => {
    const res = await t.request({ method: 'GET', url: '/api/export/locations.xlsx', as: 'admin@demo.com' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const fileId = await uploadFile(t, 'admin@demo.com', 'locations.xlsx', res.rawPayload);
    const preview = await admin.imports.preview({ kind: 'locations', fileId });
    expect(preview).toMatchObject({ create: 0, update: 0, errors: [] });
    expect(preview.unchanged).toBeGreaterThan(10);
  });

  it('escapes cells a spreadsheet would run as formulas, and reads them back as they were', async () => {
    const { result } = await importFile(
      'admin@demo.com',
      'locations',
      'formula.csv',
      `code,name,subDirection,address\nINJ-1,"=HYPERLINK(""http://x"")",${sub.code},@SUM(A1)\n`,
    );
    expect(result).toMatchObject({ created: 1 });
    const res = await t.request({ method: 'GET', url: '/api/export/locations.csv?q=INJ-1', as: 'admin@demo.com' });
    const line = res.body.split('\r\n')[1];
    expect(line).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(line).toContain(`'@SUM(A1)`);
    const fileId = await uploadFile(t, 'admin@demo.com', 'back.csv', res.rawPayload);
    expect(await admin.imports.preview({ kind: 'locations', fileId })).toMatchObject({ unchanged: 1, update: 0 });
  });
});
