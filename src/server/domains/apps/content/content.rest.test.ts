import { describe, expect, it } from 'vitest';
import type { TFaqGroup, THelpCenter, TSalesRow } from '../../../../shared/schemas/pages.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { okGetter } from '../../../testing/rest.ts';

const t = await setupTestApp();
const AS = 'businessuser@demo.com';

const get = okGetter(t, AS);

describe('GET /api/pages/datatable', () => {
  it('answers an array of sales rows with product, date, buyer and payment', async () => {
    const rows = await get<TSalesRow[]>('/api/pages/datatable');
    expect(rows.length).toBe(60);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(['buyer', 'date', 'payment', 'product']);
      expect(row.product.rating).toBeGreaterThanOrEqual(1);
      expect(row.product.rating).toBeLessThanOrEqual(5);
      expect(row.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(['Completed', 'Confirmed', 'Cancelled']).toContain(row.payment.status);
      expect(['Fully Paid', 'Partially Paid', 'Unpaid']).toContain(row.payment.receivedPaymentStatus);
      if (row.payment.receivedPaymentStatus === 'Fully Paid') expect(row.payment.paidAmount).toBe(row.payment.total);
      if (row.payment.receivedPaymentStatus === 'Unpaid') expect(row.payment.paidAmount).toBe(0);
    }
    expect(new Set(rows.map((r) => r.product.id)).size).toBe(rows.length);
  });
});

describe('GET /api/pages/faq', () => {
  it('answers every group with its questions, including the delivery and return rules', async () => {
    const groups = await get<TFaqGroup[]>('/api/pages/faq');
    expect(groups.length).toBe(5);
    const text = JSON.stringify(groups);
    for (const fact of ['$69', '$99', '48 hours', '15 days', '72 hours']) expect(text).toContain(fact);
    for (const g of groups) expect(Object.keys(g).sort()).toEqual(['faqIcon', 'faqSubtitle', 'faqTitle', 'faqs']);
  });

  it('keeps only questions containing q (any case) and drops emptied groups', async () => {
    const all = await get<TFaqGroup[]>('/api/pages/faq');
    for (const q of ['DELIVERY', 'refund', 'order']) {
      const groups = await get<TFaqGroup[]>(`/api/pages/faq?q=${q}`);
      const expected = all
        .map((g) => ({ ...g, faqs: g.faqs.filter((f) => f.question.toLowerCase().includes(q.toLowerCase())) }))
        .filter((g) => g.faqs.length > 0);
      expect(groups).toEqual(expected);
      expect(groups.length).toBeLessThan(all.length);
    }
    expect(await get('/api/pages/faq?q=no-such-question-here')).toEqual([]);
  });
});

describe('GET /api/pages/help-center and /article', () => {
  it('answers allArticles, popularArticles and keepLearning', async () => {
    const body = await get<THelpCenter>('/api/pages/help-center');
    expect(Object.keys(body).sort()).toEqual(['allArticles', 'keepLearning', 'popularArticles']);
    expect(body.allArticles.length).toBeGreaterThan(2);
    expect(body.allArticles.every((c) => c.articles.length > 0)).toBe(true);
    const slugs = body.allArticles.flatMap((c) => c.articles.map((a) => a.slug));
    expect(body.popularArticles.length).toBe(3);
    for (const p of body.popularArticles) expect(slugs).toContain(p.slug);
    expect(body.keepLearning.length).toBe(3);
  });

  it('answers the first popular article by default, any article by slug, 404 for an unknown slug', async () => {
    const center = await get<THelpCenter>('/api/pages/help-center');
    const first = await get<{
      slug: string;
      title: string;
      content: string;
      category: { slug: string };
      related: { slug: string }[];
    }>('/api/pages/help-center/article');
    expect(first.slug).toBe(center.popularArticles[0].slug);
    expect(first.content).toContain('<p>');
    const category = center.allArticles.find((c) => c.slug === first.category.slug)!;
    expect(first.related.map((r) => r.slug).sort()).toEqual(
      category.articles
        .map((a) => a.slug)
        .filter((s) => s !== first.slug)
        .sort(),
    );
    const other = center.allArticles[0].articles[1];
    expect((await get<{ title: string }>(`/api/pages/help-center/article?slug=${other.slug}`)).title).toBe(other.title);
    const missing = await t.request({ method: 'GET', url: '/api/pages/help-center/article?slug=nope', as: AS });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toMatch(/article/i);
  });
});

describe('GET /api/pages/profile and /profile/header', () => {
  it('answers the section named by tab (profile by default)', async () => {
    const profile = await get<Record<string, unknown>>('/api/pages/profile?tab=profile');
    expect(Object.keys(profile).sort()).toEqual([
      'about',
      'connections',
      'contacts',
      'overview',
      'projectTable',
      'teams',
      'teamsTech',
    ]);
    expect(await get('/api/pages/profile')).toEqual(profile);
    const teams = await get<{ title: string; chips: unknown[] }[]>('/api/pages/profile?tab=teams');
    expect(teams.length).toBeGreaterThan(0);
    expect(teams[0].chips.length).toBeGreaterThan(0);
    const projects = await get<{ tasks: string; completedTask: number; totalTask: number }[]>(
      '/api/pages/profile?tab=projects',
    );
    for (const p of projects) expect(p.tasks).toBe(`${p.completedTask}/${p.totalTask}`);
    const connections = await get<{ isConnected: boolean }[]>('/api/pages/profile?tab=connections');
    expect(connections.some((c) => c.isConnected)).toBe(true);
  });

  it('answers 400 naming the valid tabs for an unknown tab', async () => {
    const res = await t.request({ method: 'GET', url: '/api/pages/profile?tab=photos', as: AS });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/profile, teams, projects, connections/);
  });

  it('answers the profile header', async () => {
    const header = await get<Record<string, string>>('/api/pages/profile/header');
    expect(Object.keys(header).sort()).toEqual([
      'coverImg',
      'designation',
      'fullName',
      'joiningDate',
      'location',
      'profileImg',
    ]);
  });
});

describe('authorization', () => {
  it('answers 401 without a session and 403 for client on every pages path', async () => {
    for (const url of [
      '/api/pages/datatable',
      '/api/pages/faq',
      '/api/pages/help-center',
      '/api/pages/help-center/article',
      '/api/pages/profile?tab=teams',
      '/api/pages/profile/header',
    ]) {
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.request({ method: 'GET', url, as: 'client@demo.com' })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url, as: 'qualitycontrol@nws.demo.com' })).statusCode).toBe(200);
    }
  });
});

describe('PUT /api/pages/profile/connections', () => {
  type Card = { name: string; isConnected: boolean };
  const put = (as: string | undefined, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: '/api/pages/profile/connections', as, payload });
  // Two users of the same customer (ACME), so the same copy of the sample profile.
  const ME = 'teamleader@demo.com';
  const COLLEAGUE = 'floormanager@demo.com';

  it("connects and disconnects the caller only, and the connections tab shows the caller's answer", async () => {
    const before = await get<Card[]>('/api/pages/profile?tab=connections', ME);
    const card = before.find((c) => c.isConnected)!;
    const other = before.find((c) => !c.isConnected)!;

    const off = await put(ME, { name: card.name, connected: false });
    expect(off.statusCode).toBe(200);
    expect(off.json<Card>()).toMatchObject({ name: card.name, isConnected: false });
    expect((await put(ME, { name: other.name, connected: true })).statusCode).toBe(200);

    const mine = await get<Card[]>('/api/pages/profile?tab=connections', ME);
    expect(mine).toEqual(
      before.map((c) =>
        c.name === card.name ? { ...c, isConnected: false } : c.name === other.name ? { ...c, isConnected: true } : c,
      ),
    );
    // The colleague still sees the sample's answers.
    expect(await get<Card[]>('/api/pages/profile?tab=connections', COLLEAGUE)).toEqual(before);

    // Back again: the same row, set twice, stays consistent.
    expect((await put(ME, { name: card.name, connected: true })).statusCode).toBe(200);
    expect((await put(ME, { name: card.name, connected: true })).statusCode).toBe(200);
    expect(
      (await get<Card[]>('/api/pages/profile?tab=connections', ME)).find((c) => c.name === card.name)!.isConnected,
    ).toBe(true);
  });

  it('answers 404 naming the field for an unknown card and 400 naming the field for a bad body', async () => {
    const missing = await put(ME, { name: 'Nobody Here', connected: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toMatch(/name/);
    const bad = await put(ME, { name: 'Someone', connected: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/connected/);
    const empty = await put(ME, { name: '  ', connected: true });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toMatch(/name/);
  });

  it('answers 401 without a session and 403 for client', async () => {
    const [card] = await get<Card[]>('/api/pages/profile?tab=connections');
    expect((await put(undefined, { name: card.name, connected: true })).statusCode).toBe(401);
    expect((await put('client@demo.com', { name: card.name, connected: true })).statusCode).toBe(403);
  });
});
