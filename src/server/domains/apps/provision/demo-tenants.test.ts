// Demo-app data per customer: each customer, and the platform (superadmin), works on its own copy of
// the shop, invoices, demo users, permissions, logistics, analytics, academy and content pages, made once
// on first use.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/kysely.ts';
import { type AppCaller, setupTestApp } from '../../../testing/app.ts';
import { codeOf } from '../../../testing/trpc.ts';
import { forgetTenantCopies, shiftedToNow, shiftedToToday } from './demo-provision.service.ts';

const t = await setupTestApp();
const ACME = 'admin@demo.com';
const NWS = 'admin@nws.demo.com';

const NEW_USER = {
  fullName: 'Nora Westfield',
  company: 'NWS Demo',
  role: 'teamleader',
  username: 'nora.w',
  country: 'Norway',
  contact: '+47 555 0101',
  email: 'nora.w@nws.example',
  currentPlan: 'team',
  status: 'active',
  avatar: '',
  billing: 'Auto debit',
} as const;

/** The section 9 counts, as one customer's caller sees them. */
async function counts(caller: AppCaller) {
  const apps = caller.apps;
  const all = { itemsPerPage: -1 };
  return {
    products: (await apps.ecommerce.products.list(all)).total,
    reviews: (await apps.ecommerce.reviews.list(all)).total,
    referrals: (await apps.ecommerce.referrals.list(all)).total,
    orders: (await apps.ecommerce.orders.list(all)).total,
    customers: (await apps.ecommerce.customers.list(all)).total,
    invoices: (await apps.invoice.list(all)).total,
    vehicles: (await apps.logistics.vehicles.list(all)).total,
    users: (await apps.users.list(all)).total,
    permissions: (await apps.permissions.list(all)).total,
    analytics: (await apps.analytics.projects.list(all)).total,
  };
}

const SECTION_9 = {
  products: 50,
  reviews: 100,
  referrals: 45,
  orders: 100,
  customers: 100,
  invoices: 36,
  vehicles: 25,
  users: 50,
  permissions: 9,
  analytics: 7,
};

/** What one caller sees of the academy and the content pages: counts, and the ids of its courses. */
async function content(caller: AppCaller) {
  const apps = caller.apps;
  const courses = await apps.academy.courses.list({ itemsPerPage: -1 });
  let sections = 0;
  let lectures = 0;
  for (const course of courses.items) {
    const details = await apps.academy.courseDetails({ courseId: course.id });
    sections += details.content.length;
    lectures += details.totalLectures;
  }
  const faq = await apps.pages.faq({});
  const help = await apps.pages.helpCenter();
  return {
    courseIds: courses.items.map((c) => c.id),
    counts: {
      courses: courses.total,
      sections,
      lectures,
      faqGroups: faq.length,
      faqQuestions: faq.reduce((n, g) => n + g.faqs.length, 0),
      helpCategories: help.allArticles.length,
      helpArticles: help.allArticles.reduce((n, c) => n + c.articles.length, 0),
      popularArticles: help.popularArticles.length,
      keepLearning: help.keepLearning.length,
      salesRows: (await apps.pages.datatable()).length,
      profileHeader: (await apps.pages.profileHeader()).fullName.length > 0,
    },
  };
}

/** The seeded samples (no tenant) every copy is made from, counted in SQL. */
async function sampleCounts() {
  const conn = t.orm.em.fork().getConnection();
  const count = async (sql: string) =>
    (await conn.execute<{ n: number }[]>(`select count(*)::int as n from ${sql}`))[0].n;
  const [keep] = await conn.execute<{ n: number }[]>(
    `select jsonb_array_length(data)::int as n from page_contents where tenant_id is null and key = 'help-center.keep-learning'`,
  );
  return {
    courses: await count('academy_courses where tenant_id is null'),
    sections: await count('academy_course_sections where tenant_id is null'),
    lectures: await count('academy_course_topics where tenant_id is null'),
    faqGroups: await count(
      'faq_groups g where tenant_id is null and exists (select 1 from faq_questions q where q.group_id = g.id)',
    ),
    faqQuestions: await count('faq_questions where tenant_id is null'),
    helpCategories: await count(
      'help_categories c where tenant_id is null and exists (select 1 from help_articles a where a.category_id = c.id)',
    ),
    helpArticles: await count('help_articles where tenant_id is null'),
    popularArticles: await count('help_articles where tenant_id is null and popular_rank is not null'),
    keepLearning: keep.n,
    salesRows: await count('sales_rows where tenant_id is null'),
    profileHeader: true,
  };
}

describe('demo-app data per customer', () => {
  it('gives ACME, NWS and the platform (superadmin) each the full section 9 counts', async () => {
    expect(await counts(await t.caller(ACME))).toEqual(SECTION_9);
    expect(await counts(await t.caller(NWS))).toEqual(SECTION_9);
    expect(await counts(await t.caller('superadmin@demo.com'))).toEqual(SECTION_9);
  });

  it("answers NOT_FOUND to NWS for ACME's product and demo user, and leaves them in place", async () => {
    const acme = (await t.caller(ACME)).apps;
    const nws = (await t.caller(NWS)).apps;
    const [product] = (await acme.ecommerce.products.list({})).items;
    const [user] = (await acme.users.list({})).items;
    const nwsProducts = (await nws.ecommerce.products.list({ itemsPerPage: -1 })).items.map((p) => p.id);
    expect(nwsProducts).not.toContain(product.id);
    expect(await codeOf(nws.ecommerce.products.delete({ id: product.id }))).toBe('NOT_FOUND');
    expect(await codeOf(nws.users.byId({ id: user.id }))).toBe('NOT_FOUND');
    expect(await codeOf(nws.users.delete({ id: user.id }))).toBe('NOT_FOUND');
    expect((await acme.ecommerce.products.list({ itemsPerPage: -1 })).items.map((p) => p.id)).toContain(product.id);
    expect((await acme.users.byId({ id: user.id })).id).toBe(user.id);
    // A deleted order of another copy is no error (the demo API's order delete), but nothing goes.
    const [order] = (await acme.ecommerce.orders.list({})).items;
    expect(await nws.ecommerce.orders.delete({ id: order.id })).toEqual({ deleted: false });
    expect((await acme.ecommerce.orders.list({ itemsPerPage: -1 })).total).toBe(100);
  });

  it('keeps invoice numbers per customer: deleting one of NWS leaves ACME untouched, and the reverse', async () => {
    const acme = (await t.caller(ACME)).apps.invoice;
    const nws = (await t.caller(NWS)).apps.invoice;
    await nws.delete({ id: 4991 });
    expect(await codeOf(nws.byId({ id: 4991 }))).toBe('NOT_FOUND');
    expect((await acme.byId({ id: 4991 })).invoice.id).toBe(4991);
    await acme.delete({ id: 4992 });
    expect((await nws.byId({ id: 4992 })).invoice.id).toBe(4992);
    expect((await acme.list({ itemsPerPage: -1 })).items.map((i) => i.id)).toContain(4991);
    expect((await nws.list({ itemsPerPage: -1 })).items.map((i) => i.id)).toContain(4992);
  });

  it("does not show NWS's new demo user to ACME", async () => {
    const nws = (await t.caller(NWS)).apps.users;
    const acme = (await t.caller(ACME)).apps.users;
    const created = await nws.create(NEW_USER);
    expect((await nws.list({ q: 'Westfield' })).items.map((u) => u.id)).toEqual([created.id]);
    expect((await acme.list({ q: 'Westfield' })).total).toBe(0);
    expect(await codeOf(acme.byId({ id: created.id }))).toBe('NOT_FOUND');
    expect(await codeOf(acme.delete({ id: created.id }))).toBe('NOT_FOUND');
  });

  it('gives the superadmin the platform copy, apart from every customer', async () => {
    const platform = (await t.caller('superadmin@demo.com')).apps;
    const acme = (await t.caller(ACME)).apps;
    const [product] = (await acme.ecommerce.products.list({})).items;
    expect(await codeOf(platform.ecommerce.products.delete({ id: product.id }))).toBe('NOT_FOUND');
    const [own] = (await platform.ecommerce.products.list({})).items;
    await platform.ecommerce.products.delete({ id: own.id });
    expect((await platform.ecommerce.products.list({})).total).toBe(49);
    const conn = t.orm.em.fork().getConnection();
    const [row] = await conn.execute<{ customer_id: number | null }[]>(
      `select customer_id from demo_tenants where key = 'platform'`,
    );
    expect(row.customer_id).toBeNull();
  });

  it('makes one copy when two users of one customer call first at the same time', async () => {
    // A customer nobody has used the shop of yet: NWS's second user against the NWS admin would be too
    // late here (earlier tests made NWS's copy), so drop NWS's copies and start again.
    const conn = t.orm.em.fork().getConnection();
    await conn.execute(
      `delete from demo_tenants where key like 'customer:%' and customer_id = (select id from customers where code = 'NWS')`,
    );
    forgetTenantCopies(t.orm.em);
    const callers = await Promise.all(
      [NWS, 'qualitycontrol@nws.demo.com', NWS, 'qualitycontrol@nws.demo.com'].map((e) => t.caller(e)),
    );
    const totals = await Promise.all(callers.map((c) => c.apps.ecommerce.orders.list({})));
    for (const { total } of totals) expect(total).toBe(100);
    const [{ n }] = await conn.execute<{ n: number }[]>(
      `select count(*)::int as n from ecommerce_orders o join demo_tenants d on d.id = o.tenant_id
        where d.customer_id = (select id from customers where code = 'NWS')`,
    );
    expect(n).toBe(100);
    const [{ copies }] = await conn.execute<{ copies: number }[]>(
      `select count(*)::int as copies from demo_tenants where customer_id = (select id from customers where code = 'NWS')`,
    );
    expect(copies).toBe(1);
  });

  it('keeps exact per-customer totals of the big shop tables', async () => {
    const acme = (await t.caller(ACME)).apps.ecommerce;
    const nws = (await t.caller(NWS)).apps.ecommerce;
    const [order] = (await acme.orders.list({})).items;
    await acme.orders.delete({ id: order.id });
    expect((await acme.orders.list({})).total).toBe(99);
    expect((await nws.orders.list({})).total).toBe(100);
    const conn = t.orm.em.fork().getConnection();
    const kept = await conn.execute<{ tenant_id: number; row_count: string }[]>(
      `select c.tenant_id, c.row_count from table_row_counts c join demo_tenants d on d.id = c.tenant_id
        where c.table_name = 'ecommerce_orders' and d.customer_id = (select id from customers where code = 'ACME')`,
    );
    expect(kept.map((k) => Number(k.row_count))).toEqual([99]);
  });

  it('gives ACME, NWS and the platform (superadmin) each their own academy and content pages, complete', async () => {
    const samples = await sampleCounts();
    expect(samples.courses).toBeGreaterThan(0);
    expect(samples.faqQuestions).toBeGreaterThan(0);
    expect(samples.helpArticles).toBeGreaterThan(0);
    const acme = await content(await t.caller(ACME));
    const nws = await content(await t.caller(NWS));
    const platform = await content(await t.caller('superadmin@demo.com'));
    for (const seen of [acme, nws, platform]) expect(seen.counts).toEqual(samples);
    // Three copies, no course shared.
    expect(new Set([...acme.courseIds, ...nws.courseIds, ...platform.courseIds]).size).toBe(3 * samples.courses);
    const conn = t.orm.em.fork().getConnection();
    const owners = await conn.execute<{ key: string; courses: number; questions: number; articles: number }[]>(
      `select d.key,
              (select count(*)::int from academy_courses c where c.tenant_id = d.id) as courses,
              (select count(*)::int from faq_questions q where q.tenant_id = d.id) as questions,
              (select count(*)::int from help_articles a where a.tenant_id = d.id) as articles
         from demo_tenants d
        where d.key = 'platform' or d.customer_id in (select id from customers where code in ('ACME', 'NWS'))
        order by d.key`,
    );
    expect(owners).toHaveLength(3);
    for (const owner of owners) {
      expect(owner).toMatchObject({
        courses: samples.courses,
        questions: samples.faqQuestions,
        articles: samples.helpArticles,
      });
    }
  });

  it("answers NOT_FOUND to NWS for ACME's course, and each copy's sections point at its own courses", async () => {
    const acme = (await t.caller(ACME)).apps.academy;
    const nws = (await t.caller(NWS)).apps.academy;
    const [course] = (await acme.courses.list({})).items;
    expect((await acme.courseDetails({ courseId: course.id })).courseId).toBe(course.id);
    expect(await codeOf(nws.courseDetails({ courseId: course.id }))).toBe('NOT_FOUND');
    const conn = t.orm.em.fork().getConnection();
    const [{ crossed }] = await conn.execute<{ crossed: number }[]>(
      `select (select count(*)::int from academy_course_sections s join academy_courses c on c.id = s.course_id
                where s.tenant_id is distinct from c.tenant_id)
            + (select count(*)::int from academy_course_topics t join academy_course_sections s on s.id = t.section_id
                where t.tenant_id is distinct from s.tenant_id)
            + (select count(*)::int from faq_questions q join faq_groups g on g.id = q.group_id
                where q.tenant_id is distinct from g.tenant_id)
            + (select count(*)::int from help_articles a join help_categories c on c.id = a.category_id
                where a.tenant_id is distinct from c.tenant_id) as crossed`,
    );
    expect(crossed).toBe(0);
  });
});

describe('sample times moved to the copy’s day', () => {
  /** One template time moved as a copy made at `at` would move it (the database's arithmetic, its days in UTC). */
  async function moved(shift: typeof shiftedToNow, time: string, seededAt: string, at: string): Promise<string> {
    const stamp = (value: string) => sql<Date>`${value}::timestamptz`;
    return t.orm.em.fork().transactional(async (tx) => {
      await tx.execute(`set local time zone 'UTC'`);
      const { rows } = await sql<{
        moved: Date;
      }>`select ${shift(stamp(time), stamp(seededAt), stamp(at))} as moved`.execute(db(tx));
      return new Date(rows[0].moved).toISOString();
    });
  }

  it('keeps a message or mail sent an hour before a late seeding in the past when copied just after midnight', async () => {
    const copied = await moved(shiftedToNow, '2026-11-29T22:50Z', '2026-11-29T23:50Z', '2026-11-30T00:05Z');
    expect(copied).toBe('2026-11-29T22:50:00.000Z');
    // Two days and an hour later, it has moved by the two whole days, at the same hour.
    expect(await moved(shiftedToNow, '2026-11-29T22:50Z', '2026-11-29T23:50Z', '2026-12-02T01:00Z')).toBe(
      '2026-12-01T22:50:00.000Z',
    );
  });

  it('moves a planned calendar event to the same wall hour by calendar days', async () => {
    expect(await moved(shiftedToToday, '2026-11-30T10:00Z', '2026-11-29T23:50Z', '2026-11-30T00:05Z')).toBe(
      '2026-12-01T10:00:00.000Z',
    );
  });
});
