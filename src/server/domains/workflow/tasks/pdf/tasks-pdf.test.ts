// The inspection PDF: its text in English and Arabic read back with a PDF text
// library (unpdf), its photo thumbnails and signature embedded, and it is authorized like the task.
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TAnswer } from '../../../../../shared/schemas/tasks.ts';
import { db } from '../../../../db/kysely.ts';
import { setupTestApp } from '../../../../testing/app.ts';
import { createTaskFixture, type TaskFixture } from '../../../../testing/workflow.ts';
import { schemeForTasks } from '../../../structure/schemes/schemes.refs.ts';

const t = await setupTestApp();

const BOUNDARY = '----opsdesk-pdf-test';
function multipart(fields: Record<string, string>, file: Buffer, filename: string): Buffer {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

async function upload(taskId: number, png: Buffer, name: string, questionKey?: string): Promise<number> {
  const res = await t.request({
    method: 'POST',
    url: '/api/files',
    as: 'qualitycontrol@demo.com',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipart({ taskId: String(taskId), ...(questionKey ? { questionKey } : {}) }, png, name),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

const photo = (hue: number) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: hue, g: 120, b: 200 - (hue % 200) } } })
    .png()
    .toBuffer();

async function pdfText(body: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(doc, { mergePages: true });
  return text;
}

/** Arabic lines are drawn word by word; extractors may join the words: compare without spaces. */
const squeeze = (s: string) => s.replace(/\s+/g, '');

/** Image XObjects in the file (pdfkit writes their dictionaries uncompressed). */
const imageCount = (body: Buffer) => (body.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length;

let task: TaskFixture;
let nwsTask: TaskFixture;
let otherInspectorsTask: TaskFixture;
let firstQuestion = '';
let criticalText = '';
const COMMENT = 'Freezer door seal torn on the left side';
const REASON = 'Photos of the freezer were missing';

beforeAll(async () => {
  task = await createTaskFixture(t.orm, { status: 'in_progress' });
  nwsTask = await createTaskFixture(t.orm, { customer: 'NWS', status: 'approved' });
  otherInspectorsTask = await createTaskFixture(t.orm, { assignee: null, status: 'submitted' });
  const em = t.orm.em.fork();
  const scheme = await schemeForTasks(em, task.schemeId);
  const questions = scheme.sections.flatMap((s) => s.questions);
  const photos = [
    await upload(task.taskId, await photo(10), 'front.png', questions[0].key),
    await upload(task.taskId, await photo(90), 'aisle.png', questions[0].key),
  ];
  const signature = await upload(
    task.taskId,
    await sharp({ create: { width: 400, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.2 } } })
      .png()
      .toBuffer(),
    'signature.png',
  );
  const critical = questions.find((q) => q.critical && q.type === 'yesno') ?? questions.find((q) => q.type === 'yesno');
  firstQuestion = questions[0].text;
  criticalText = critical?.text ?? '';
  const answers: TAnswer[] = questions.map((q, i) => ({
    questionKey: q.key,
    value:
      q.type === 'yesno'
        ? q.key !== critical?.key
        : q.type === 'score' || q.type === 'number'
          ? q.maxScore
          : q.type === 'choice'
            ? (q.options[0]?.value ?? null)
            : q.type === 'text'
              ? 'Aisles clear'
              : null,
    na: false,
    comment: i === 0 ? COMMENT : null,
    fileIds: i === 0 ? photos : [],
  }));
  const k = db(em);
  const reviewer = await k
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'analyst@demo.com')
    .executeTakeFirstOrThrow();
  await k
    .updateTable('tasks')
    .set({
      status: 'approved',
      answers: JSON.stringify(answers),
      score: 82.5,
      passed: false,
      critical_failures: JSON.stringify(critical ? [critical.key] : []),
      section_scores: JSON.stringify(
        scheme.sections.map((s) => ({ title: s.title, weight: s.weight, score: 82.5, counted: s.questions.length })),
      ),
      signature_file_id: signature,
      check_in_latitude: 48.85,
      check_in_longitude: 2.35,
      check_in_accuracy: 12,
      check_in_distance_m: 240,
      check_in_at: new Date(),
      out_of_fence: true,
      out_of_fence_reason: 'Entrance under construction',
    } as never)
    .where('id', '=', task.taskId)
    .execute();
  const now = new Date();
  await k
    .insertInto('task_reviews')
    .values([
      {
        created_at: now,
        updated_at: now,
        task_id: task.taskId,
        round: 1,
        reviewer_id: reviewer.id,
        decision: 'rejected',
        reason: REASON,
        comment: null,
        question_comments: JSON.stringify([]),
      },
      {
        created_at: now,
        updated_at: now,
        task_id: task.taskId,
        round: 2,
        reviewer_id: reviewer.id,
        decision: 'approved',
        reason: null,
        comment: 'Fixed',
        question_comments: JSON.stringify([]),
      },
    ] as never)
    .execute();
});

const get = (id: number, as: string, query = '') =>
  t.request({ method: 'GET', url: `/api/tasks/${id}/report.pdf${query}`, as });

describe('GET /api/tasks/{id}/report.pdf', () => {
  it('sends a PDF download with a safe file name', async () => {
    const res = await get(task.taskId, 'admin@demo.com');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="inspection-[A-Za-z0-9_.-]+-${task.taskId}\\.pdf"`),
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('holds the header, score, answers with comments, failed critical items, reviews and signature (English)', async () => {
    const res = await get(task.taskId, 'admin@demo.com', '?lang=en');
    const text = await pdfText(res.rawPayload);
    const k = db(t.orm.em.fork());
    const customer = await k
      .selectFrom('customers')
      .select('name')
      .where('id', '=', task.customerId)
      .executeTakeFirstOrThrow();
    const location = await k
      .selectFrom('locations')
      .select(['code', 'name'])
      .where('id', '=', task.locationId)
      .executeTakeFirstOrThrow();
    const inspector = await k
      .selectFrom('users')
      .select('full_name')
      .where('email', '=', 'qualitycontrol@demo.com')
      .executeTakeFirstOrThrow();
    for (const expected of [
      'Inspection report',
      customer.name,
      location.code,
      inspector.full_name,
      '240 m from the location',
      'OUTSIDE the geofence',
      'Entrance under construction',
      '82.5 / 100',
      'Failed',
      firstQuestion,
      COMMENT,
      'Failed critical items',
      criticalText,
      'Review history',
      'Round 1',
      REASON,
      'Signature',
    ]) {
      expect(squeeze(text), expected).toContain(squeeze(expected));
    }
    expect(text).not.toContain('No signature.');
  });

  it('is in Arabic, right to left, with the Arabic strings readable back', async () => {
    const res = await get(task.taskId, 'admin@demo.com', '?lang=ar');
    expect(res.statusCode).toBe(200);
    const text = squeeze(await pdfText(res.rawPayload));
    for (const expected of [
      'تقرير الفحص',
      'العميل',
      'المفتش',
      'خارج النطاق الجغرافي',
      'البنود الحرجة غير المستوفاة',
      'سجل المراجعات',
      'مرفوض',
      'التوقيع',
    ]) {
      expect(text, expected).toContain(squeeze(expected));
    }
    // User content keeps its own script inside the Arabic layout.
    expect(text).toContain(squeeze(COMMENT));
    expect(text).not.toContain('Inspection report');
  });

  it("uses the caller's language without lang, and French and German words when asked", async () => {
    expect(await pdfText((await get(task.taskId, 'admin@demo.com')).rawPayload)).toContain('Inspection report');
    expect(await pdfText((await get(task.taskId, 'admin@demo.com', '?lang=fr')).rawPayload)).toContain(
      "Rapport d'inspection",
    );
    expect(await pdfText((await get(task.taskId, 'admin@demo.com', '?lang=de')).rawPayload)).toContain('Prüfbericht');
  });

  it('embeds the photo thumbnails and the signature as images', async () => {
    const res = await get(task.taskId, 'analyst@demo.com');
    expect(res.statusCode).toBe(200);
    expect(imageCount(res.rawPayload)).toBe(3); // two photos and the signature
    // Thumbnails, not the 1200 × 900 originals: each embedded image is at most 480 px wide.
    const widths = [...res.rawPayload.toString('latin1').matchAll(/\/Subtype \/Image[\s\S]{0,200}?\/Width (\d+)/g)].map(
      (m) => Number(m[1]),
    );
    for (const width of widths) expect(width).toBeLessThanOrEqual(480);
  });

  it('is read by every role that may read the task: its inspector, the team leader, analyst, business roles', async () => {
    for (const as of [
      'qualitycontrol@demo.com',
      'teamleader@demo.com',
      'analyst@demo.com',
      'businessuser@demo.com',
      'businessadmin@demo.com',
      'floormanager@demo.com',
      'superadmin@demo.com',
    ]) {
      expect((await get(task.taskId, as)).statusCode, as).toBe(200);
    }
  });

  it('answers 404 across customers and to roles that may not read this task, 403 to a role that reads no task', async () => {
    expect((await get(nwsTask.taskId, 'admin@demo.com')).statusCode).toBe(404);
    expect((await get(task.taskId, 'admin@nws.demo.com')).statusCode).toBe(404);
    expect((await get(task.taskId, 'qualitycontrol@nws.demo.com')).statusCode).toBe(404);
    // Another inspector's task: an inspector reads only their own.
    expect((await get(otherInspectorsTask.taskId, 'qualitycontrol@demo.com')).statusCode).toBe(404);
    expect((await get(task.taskId, 'client@demo.com')).statusCode).toBe(403);
    expect((await get(999_999, 'admin@demo.com')).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/tasks/${task.taskId}/report.pdf` })).statusCode).toBe(401);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const lang = await get(task.taskId, 'admin@demo.com', '?lang=xx');
    expect(lang.statusCode).toBe(400);
    expect(lang.json()).toEqual({
      message: 'lang must be one of: en, fr, de, ar',
      errors: { lang: ['Expected one of en, fr, de, ar'] },
    });
    const id = await t.request({ method: 'GET', url: '/api/tasks/abc/report.pdf', as: 'admin@demo.com' });
    expect(id.statusCode).toBe(400);
    expect(id.body).toContain('id');
  });
});
