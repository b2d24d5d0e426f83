// Schemes: published versions are frozen; editing the latest published version creates the next
// draft; question keys stay stable; only drafts are deleted; archive/restore; structure rules.
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';
import { anyDate, stringContaining } from '../../../testing/matchers.ts';

const t = await setupTestApp();
const admin = await t.caller('admin@demo.com');

describe('schemes', () => {
  it('lists one row per scheme by default, the published ones, or every version', async () => {
    const latest = await admin.schemes.list({});
    expect(latest.items.map((s) => [s.name, s.version, s.status])).toEqual([
      ['Fresh food and cold chain', 1, 'published'],
      ['Store opening standards', 2, 'draft'],
    ]);
    const published = await admin.schemes.list({ view: 'latestPublished' });
    expect(published.items.map((s) => [s.name, s.version])).toEqual([
      ['Fresh food and cold chain', 1],
      ['Store opening standards', 1],
    ]);
    for (const s of published.items) expect(s.questionCount).toBeGreaterThanOrEqual(15);
    const standards = latest.items[1];
    const history = await admin.schemes.list({ view: 'all', key: standards.key, sortBy: 'version' });
    expect(history.items.map((s) => s.version)).toEqual([1, 2]);
  });

  it('returns the structure in order with stable keys and every version', async () => {
    const cold = (await admin.schemes.list({ q: 'cold chain' })).items[0];
    const detail = await admin.schemes.byId({ id: cold.id });
    expect(detail.sections.map((s) => s.position)).toEqual([1, 2, 3, 4]);
    expect(detail.sections[0].questions[0]).toMatchObject({
      key: 'cc_dairy_temp',
      type: 'choice',
      critical: true,
      evidence: 'always',
      minPhotos: 1,
    });
    expect(detail.versions).toEqual([{ id: cold.id, version: 1, status: 'published', publishedAt: anyDate() }]);
  });

  it('editing a published version creates the next draft and leaves the published one untouched', async () => {
    const v1 = (await admin.schemes.list({ q: 'cold chain' })).items[0];
    const before = await admin.schemes.byId({ id: v1.id });
    const sections = before.sections.map((s) => ({
      title: s.title,
      weight: s.weight,
      questions: s.questions.map(({ id: _id, position: _p, ...q }) => q),
    }));
    sections[0].questions.push({
      ...sections[0].questions[3],
      key: undefined as unknown as string,
      text: 'Are cabinet lights working?',
    });
    const v2 = await admin.schemes.update({ id: v1.id, name: 'Fresh food and cold chain (2025)', sections });
    expect(v2.id).not.toBe(v1.id);
    expect(v2).toMatchObject({
      key: v1.key,
      version: 2,
      status: 'draft',
      isLatest: true,
      name: 'Fresh food and cold chain (2025)',
    });
    expect(v2.questionCount).toBe(before.questionCount + 1);
    const newKey = v2.sections[0].questions.at(-1)!.key;
    expect(newKey).toMatch(/^q_[0-9a-f]{10}$/);
    expect(v2.sections[0].questions[0].key).toBe('cc_dairy_temp');
    const after = await admin.schemes.byId({ id: v1.id });
    expect({
      ...after,
      isLatest: true,
      updatedAt: before.updatedAt,
      lockVersion: before.lockVersion,
      versions: before.versions,
    }).toEqual(before);
    expect(after.isLatest).toBe(false);
    await expect(admin.schemes.update({ id: v1.id, name: 'again' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Version 1 is not the latest; edit version 2 instead',
    });

    // The draft is edited in place; keys sent back stay.
    const edited = await admin.schemes.update({ id: v2.id, passingScore: 90 });
    expect(edited.id).toBe(v2.id);
    expect(edited.passingScore).toBe(90);
    expect(edited.sections[0].questions.at(-1)!.key).toBe(newKey);

    const published = await admin.schemes.publish({ id: v2.id });
    expect(published.status).toBe('published');
    expect(published.publishedAt).toBeInstanceOf(Date);
    await expect(admin.schemes.publish({ id: v2.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    const v3 = await admin.schemes.update({ id: v2.id, description: 'Third edition' });
    expect(v3.version).toBe(3);
    expect(v3.versions.map((v) => [v.version, v.status])).toEqual([
      [3, 'draft'],
      [2, 'published'],
      [1, 'published'],
    ]);
  });

  it('deletes only drafts (the previous version becomes the latest again) and archives published ones', async () => {
    const standards = (await admin.schemes.list({ q: 'Store opening' })).items[0];
    expect(standards.status).toBe('draft');
    const v1 = (await admin.schemes.list({ view: 'all', key: standards.key, sortBy: 'version' })).items[0];
    await expect(admin.schemes.delete({ id: v1.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: stringContaining('archive it instead'),
    });
    await admin.schemes.delete({ id: standards.id });
    const latest = (await admin.schemes.list({ q: 'Store opening' })).items[0];
    expect(latest).toMatchObject({ id: v1.id, isLatest: true, status: 'published' });
    const archived = await admin.schemes.archive({ id: v1.id });
    expect(archived.status).toBe('archived');
    expect((await admin.schemes.list({ view: 'latestPublished', q: 'Store opening' })).total).toBe(0);
    await expect(admin.schemes.update({ id: v1.id, name: 'x' })).rejects.toMatchObject({ code: 'CONFLICT' });
    const restored = await admin.schemes.restore({ id: v1.id });
    expect(restored.status).toBe('published');
  });

  it('checks the structure and what publishing needs', async () => {
    await expect(
      admin.schemes.create({
        name: 'Bad visibility',
        sections: [
          {
            title: 'A',
            questions: [
              { text: 'Depends on later', type: 'yesno', visibleIf: { questionKey: 'later', equals: true } },
              { key: 'later', text: 'Later', type: 'yesno' },
            ],
          },
        ],
      }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: stringContaining("must refer to an earlier question's key"),
    });
    await expect(
      admin.schemes.create({
        name: 'One option',
        sections: [
          {
            title: 'A',
            questions: [{ text: 'Pick', type: 'choice', options: [{ value: 'a', label: 'A', score: 1 }] }],
          },
        ],
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: stringContaining('at least 2 options') });
    const empty = await admin.schemes.create({ name: 'Empty draft' });
    expect(empty).toMatchObject({ version: 1, status: 'draft', sectionCount: 0 });
    await expect(admin.schemes.publish({ id: empty.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: stringContaining('at least one section'),
    });
    await expect(admin.schemes.archive({ id: empty.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect((await t.caller('analyst@demo.com')).schemes.create({ name: 'Nope' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});
