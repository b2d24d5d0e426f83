// `npm run bench:pdf` (also the last part of `npm run bench`): the inspection PDF of a 21-question task
// with 10 photos, made BENCH_PDF_RUNS times (default 20) after two warm-ups, in English and in Arabic:
// the photos' stored WebP thumbnails turned to JPEG (sharp) and the document drawn and written to the
// end (pdfkit, fonts, bidi). Reading the task and the files' bytes (SQL, storage) is not in it.
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import type { PdfLanguage } from '../src/server/domains/workflow/tasks/pdf/pdf-strings.ts';
import { renderTaskPdf } from '../src/server/domains/workflow/tasks/pdf/task-pdf.ts';
import { asJpeg } from '../src/server/domains/workflow/tasks/pdf/tasks-pdf.service.ts';
import type { TSection } from '../src/shared/schemas/schemes.ts';
import type { TTaskDetail } from '../src/shared/schemas/tasks.ts';

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 20);

// 21 questions in 3 sections; the first 10 yes/no questions carry one photo each.
const sections: TSection[] = [0, 1, 2].map((s) => ({
  id: s + 1,
  title: `Section ${s + 1}`,
  weight: 1,
  position: s,
  questions: Array.from({ length: 7 }, (_, q) => {
    const n = s * 7 + q;
    return {
      id: n + 1,
      key: `q${n}`,
      position: q,
      text: `Question ${n + 1}: is the area clean, stocked and labelled as the standard asks?`,
      help: null,
      type: n % 3 === 2 ? ('score' as const) : ('yesno' as const),
      options: [],
      maxScore: n % 3 === 2 ? 5 : 1,
      weight: 1,
      required: true,
      allowNA: false,
      critical: n % 5 === 0,
      evidence: 'none' as const,
      minPhotos: 0,
      visibleIf: null,
    };
  }),
}));
const questions = sections.flatMap((s) => s.questions);
const answers = questions.map((q, i) => ({
  questionKey: q.key,
  value: q.type === 'score' ? 4 : i % 4 !== 1,
  na: false,
  comment: i % 3 === 0 ? 'Shelf edge labels missing on two bays; restocked during the visit.' : null,
  fileIds: i < 10 ? [i + 1] : [],
}));

const thumbnails = await Promise.all(
  Array.from({ length: 10 }, (_, i) =>
    sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 20 * i, g: 120, b: 200 - 10 * i } } })
      .webp({ quality: 75 })
      .toBuffer(),
  ),
);
const now = new Date();
const task: TTaskDetail = {
  id: 1,
  version: 3,
  customerId: 1,
  status: 'approved',
  projectId: 1,
  slotId: 1,
  assignmentId: 1,
  locationId: 1,
  teamId: 1,
  assigneeId: 1,
  schemeId: 1,
  project: { id: 1, code: 'P-2026', name: 'Store standards' },
  scheme: { id: 1, name: 'Store standards' },
  team: { id: 1, name: 'Lyon field team' },
  assignee: { id: 1, name: 'Quentin Laurent' },
  startsAt: now,
  timeZone: 'Europe/Paris',
  endsAt: new Date(now.getTime() + 3600_000),
  startedAt: now,
  submittedAt: now,
  score: 84.5,
  passed: true,
  outOfFence: false,
  checkInTiming: 'on_time',
  reworkCount: 1,
  updatedAt: now,
  answers,
  criticalFailures: ['q5'],
  sectionScores: sections.map((s) => ({ title: s.title, weight: 1, score: 84.5, counted: 7 })),
  reviews: [
    {
      round: 1,
      reviewer: { id: 2, name: 'Ana Lyst' },
      decision: 'approved',
      reason: null,
      comment: 'Good',
      questionComments: [],
      at: now,
    },
  ],
  checkIn: { latitude: 45.76, longitude: 4.83, accuracy: 10, distanceM: 35, at: now, offline: false },
  outOfFenceReason: null,
  signatureFileId: null,
  cancelReason: null,
  location: {
    id: 1,
    code: 'LYO-01',
    name: 'Lyon Part-Dieu',
    latitude: 45.76,
    longitude: 4.83,
    geofenceRadiusM: 100,
    timeZone: 'Europe/Paris',
  },
};

async function once(language: PdfLanguage): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  const photos = new Map<number, Buffer>();
  await Promise.all(thumbnails.map(async (webp, i) => photos.set(i + 1, (await asJpeg(webp)) as Buffer)));
  const doc = renderTaskPdf({
    language,
    task,
    customerName: 'Acme Retail Group',
    project: task.project,
    scheme: { name: 'Store standards', version: 2, passingScore: 80, sections },
    photos,
    signature: null,
    generatedBy: 'Bench',
    generatedAt: now,
  });
  let bytes = 0;
  for await (const chunk of doc) bytes += (chunk as Buffer).length;
  return { ms: performance.now() - start, bytes };
}

console.log(`\n## Inspection PDF: 21 questions, 10 photos (${RUNS} runs each after 2 warm-ups)\n`);
console.log('| language | median ms | p95 ms | size KB |\n|---|---|---|---|');
for (const language of ['en', 'ar'] as const) {
  await once(language);
  await once(language);
  const runs: { ms: number; bytes: number }[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once(language));
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)].toFixed(0);
  console.log(`| ${language} | ${at(0.5)} | ${at(0.95)} | ${(runs[0].bytes / 1024).toFixed(0)} |`);
}
