// Demo evidence photos (issue 12): a few small images of our own, generated with sharp from fixed
// numbers (coloured stripes and tiles, no randomness), stored through the configured file storage and
// attached to the first answers of some submitted and approved tasks of ACME's Paris field team, so
// the task view page and /files have content in the demo. Each image gets its 320 px WebP thumbnail,
// as an upload would. Run after the database seeders by whoever owns a file storage (`npm start` on an
// empty database, `npm run db:seed` / `db:reset`); without one (tests, benchmarks) nothing is added.
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import sharp from 'sharp';
import { db } from '../src/server/db/kysely.ts';
import { File } from '../src/server/domains/workflow/files/file.entity.ts';
import { THUMBNAIL_SIZE, THUMBNAIL_TYPE } from '../src/server/domains/workflow/files/thumbnail.ts';
import type { FileStorage } from '../src/server/lib/file-storage.ts';
import type { TAnswer } from '../src/shared/schemas/tasks.ts';

const TASKS = 6;
const PALETTE: [number, number, number][] = [
  [38, 110, 180],
  [214, 140, 40],
  [60, 150, 90],
  [170, 60, 70],
  [110, 80, 160],
  [40, 150, 160],
];

/** A 960 × 720 JPEG of stripes and tiles in two colours of the palette, different for each `n`. */
async function pattern(n: number): Promise<Buffer> {
  const [r1, g1, b1] = PALETTE[n % PALETTE.length];
  const [r2, g2, b2] = PALETTE[(n + 2) % PALETTE.length];
  const width = 960;
  const height = 720;
  const tile = 40 + (n % 4) * 20;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const stripe = Math.floor((x + y * (n % 3)) / tile) % 2 === 0;
      const checker = (Math.floor(x / tile) + Math.floor(y / tile)) % 2 === 0;
      const light = stripe !== checker ? 1 : 0.75;
      const [r, g, b] = stripe ? [r1, g1, b1] : [r2, g2, b2];
      const i = (y * width + x) * 3;
      pixels[i] = Math.round(r * light);
      pixels[i + 1] = Math.round(g * light);
      pixels[i + 2] = Math.round(b * light);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export async function seedDemoFiles(em: EntityManager, storage: FileStorage): Promise<number> {
  const k = db(em);
  const tasks = await k
    .selectFrom('tasks as t')
    .innerJoin('teams as tm', 'tm.id', 't.team_id')
    .innerJoin('customers as c', 'c.id', 't.customer_id')
    .select(['t.id', 't.customer_id', 't.assignee_id', 't.answers', 't.rework_count', 't.submitted_at'])
    .where('c.code', '=', 'ACME')
    .where('tm.name', '=', 'Paris field team')
    .where('t.status', 'in', ['submitted', 'approved'])
    .where('t.assignee_id', 'is not', null)
    .orderBy('t.starts_at', 'desc')
    .orderBy('t.id')
    .limit(TASKS)
    .execute();
  let made = 0;
  for (const [i, task] of tasks.entries()) {
    const answers: TAnswer[] = task.answers;
    const target = answers.find((a) => !a.na && a.value !== null);
    if (!target) continue;
    const ids: number[] = [];
    for (let j = 0; j < (i % 2) + 1; j++) {
      const n = i * 2 + j;
      const bytes = await pattern(n);
      const thumbnail = await sharp(bytes)
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside' })
        .webp({ quality: 75 })
        .toBuffer();
      const key = `${task.customer_id}/seed/task-${task.id}-photo-${j + 1}`;
      await storage.put(key, Readable.from([bytes]), { size: bytes.length, contentType: 'image/jpeg' });
      await storage.put(`${key}-thumbnail`, Readable.from([thumbnail]), {
        size: thumbnail.length,
        contentType: THUMBNAIL_TYPE,
      });
      const at = task.submitted_at ? new Date(new Date(task.submitted_at).getTime() - (10 - j) * 60_000) : new Date();
      const file = em.create(File, {
        customer: task.customer_id,
        owner: task.assignee_id!,
        name: `visit-${task.id}-photo-${j + 1}.jpg`,
        mimeType: 'image/jpeg',
        size: bytes.length,
        sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
        storageKey: key,
        thumbnailKey: `${key}-thumbnail`,
        linkedType: 'task',
        linkedId: task.id,
        task: task.id,
        questionKey: target.questionKey,
        createdAt: at,
        updatedAt: at,
      });
      await em.flush();
      ids.push(file.id);
      made++;
    }
    const withPhotos = answers.map((a) =>
      a.questionKey === target.questionKey ? { ...a, fileIds: [...a.fileIds, ...ids] } : a,
    );
    await k
      .updateTable('tasks')
      .set({ answers: sql`${JSON.stringify(withPhotos)}::jsonb` })
      .where('id', '=', task.id)
      .execute();
    // The photos were sent with the last round.
    await k
      .updateTable('task_rounds')
      .set({ answers: sql`${JSON.stringify(withPhotos)}::jsonb` })
      .where('task_id', '=', task.id)
      .where('round', '=', task.rework_count + 1)
      .execute();
  }
  return made;
}
