import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';

const t = await setupTestApp();

describe('apps.pages (tRPC)', () => {
  it('answers every page procedure through the same services', async () => {
    const api = await t.caller('analyst@demo.com');
    expect((await api.apps.pages.datatable()).length).toBe(60);
    expect(
      (await api.apps.pages.faq({ q: 'cancel' })).flatMap((g) => g.faqs).every((f) => /cancel/i.test(f.question)),
    ).toBe(true);
    const center = await api.apps.pages.helpCenter();
    const article = await api.apps.pages.article({ slug: center.popularArticles[1].slug });
    expect(article.lastUpdated).toBeInstanceOf(Date);
    expect(Array.isArray(await api.apps.pages.profile({ tab: 'teams' }))).toBe(true);
    expect(await api.apps.pages.profile()).toHaveProperty('about');
    expect((await api.apps.pages.profileHeader()).fullName).toBeTruthy();
  });

  it('refuses an unknown tab and an unknown article', async () => {
    const api = await t.caller('admin@demo.com');
    await expect(api.apps.pages.profile({ tab: 'photos' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(api.apps.pages.article({ slug: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is FORBIDDEN for client and UNAUTHORIZED for nobody', async () => {
    const client = await t.caller('client@demo.com');
    await expect(client.apps.pages.faq()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(client.apps.pages.profileHeader()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(t.createAnonCaller().apps.pages.datatable()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
