// The demo evidence photos (seed/files.seeder.ts): stored in the app's file storage with thumbnails,
// attached to answers of submitted/approved Paris tasks (and their last round), readable by reviewers,
// and never on the demo inspector's own tasks (their /files starts empty).
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../src/server/testing/app.ts';
import { seedDemoFiles } from './files.seeder.ts';

const t = await setupTestApp();

describe('seeded demo files', () => {
  it('adds generated photos with thumbnails to some reviewed tasks, readable on their view', async () => {
    const made = await seedDemoFiles(t.orm.em.fork(), t.app.fileStorage);
    expect(made).toBeGreaterThanOrEqual(6);
    const analyst = await t.caller('analyst@demo.com');
    const files = await analyst.files.list({ itemsPerPage: -1 });
    const seeded = files.items.filter((f) => f.name.startsWith('visit-'));
    expect(seeded).toHaveLength(made);
    const first = seeded[0];
    expect(first).toMatchObject({
      mimeType: 'image/jpeg',
      hasThumbnail: true,
      family: 'image',
      linked: { type: 'task' },
    });
    const task = await analyst.tasks.byId({ id: first.taskId! });
    expect(task.answers.flatMap((a) => a.fileIds)).toContain(first.id);
    const history = await analyst.tasks.history({ id: task.id });
    expect(history.rounds.length).toBeGreaterThan(0);

    const original = await t.request({ method: 'GET', url: `/api/files/${first.id}`, as: 'analyst@demo.com' });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.rawPayload.length).toBe(first.size);
    const thumbnail = await t.request({
      method: 'GET',
      url: `/api/files/${first.id}?thumbnail=1`,
      as: 'analyst@demo.com',
    });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');

    const inspector = await t.caller('qualitycontrol@demo.com');
    expect((await inspector.files.list({})).total).toBe(0);
  });
});
