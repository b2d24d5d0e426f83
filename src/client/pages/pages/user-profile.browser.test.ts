// /pages/user-profile/:tab: the header, about, contacts and teams describe the signed-in user (account.profile),
// in the page's language; each tab shows the sample figures of GET /api/pages/profile for it; each tab is
// reached by keyboard and by URL; Connect / Disconnect on a connection is kept; the page is in the menu and the
// profile menu; the banner's title and the projects table stay inside their cards on a phone and at 1440 px;
// axe finds nothing serious in light English at 1440 px and dark Arabic at 390 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TAccountProfile } from '../../../shared/schemas/account.ts';
import type {
  TProfileConnectionCard,
  TProfileHeader,
  TProfileOverviewTab,
  TProfileProjectCard,
  TProfileTeamCard,
} from '../../../shared/schemas/pages.ts';
import { axeAudit } from '../../testing/axe.ts';
import { setupClientBrowser } from '../../testing/browser.ts';

const b = await setupClientBrowser();

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

/** account.profile as the page's own session sees it (tRPC over HTTP, superjson). */
async function profileOf(page: Page): Promise<TAccountProfile> {
  return page.evaluate(async () => {
    const response = await fetch('/trpc/account.profile');
    const body = (await response.json()) as { result: { data: { json: TAccountProfile } } };
    return body.result.data.json;
  });
}

const texts = (page: Page, testId: string, selector: string) =>
  page.getByTestId(testId).locator(selector).allInnerTexts();

describe('the user profile page', { timeout: 120_000 }, () => {
  it('shows the signed-in user and every tab of the API, each reached by keyboard and by URL', async () => {
    const { context, page } = await b.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(15_000);
    await b.signIn(page, 'admin@demo.com', 'admin');
    const header = await api<TProfileHeader>(page, '/api/pages/profile/header');
    const overview = await api<TProfileOverviewTab>(page, '/api/pages/profile?tab=profile');
    const teams = await api<TProfileTeamCard[]>(page, '/api/pages/profile?tab=teams');
    const projects = await api<TProfileProjectCard[]>(page, '/api/pages/profile?tab=projects');
    const connections = await api<TProfileConnectionCard[]>(page, '/api/pages/profile?tab=connections');
    const mine = await profileOf(page);
    const me = mine.fullName;
    const country = new Intl.DisplayNames(['en'], { type: 'region' }).of(mine.country!)!;

    // In the menu and the profile menu.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'User Profile' }).click();
    await page.waitForURL('**/pages/user-profile/profile');

    // The header: the user, their organisation's place, when they joined; not the sample profile's.
    await page.getByRole('heading', { level: 1, name: me }).waitFor();
    const facts = page.locator('#profile-name + ul');
    await facts.getByText(`${mine.city}, ${country}`).waitFor();
    await facts.getByText(/^Joined /).waitFor();
    expect(await facts.innerText()).not.toContain(header.designation);
    expect(await page.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe(
      '/pages/account-settings/account',
    );

    // The profile tab: the API's facts, connections, teams and projects table.
    await page.getByTestId('profile-project-table').waitFor();
    // About, contacts and teams: the signed-in user's, never the sample owner's (whose e-mail it showed).
    expect(await texts(page, 'profile-about', 'dt')).toEqual(['Full name', 'Status', 'Role', 'Country', 'Language']);
    expect(await texts(page, 'profile-about', 'dd')).toEqual([me, 'Active', 'Administrator', country, 'English']);
    expect(await texts(page, 'profile-contacts', 'dt')).toEqual(['Email']);
    expect(await texts(page, 'profile-contacts', 'dd')).toEqual(['admin@demo.com']);
    for (const sample of overview.contacts) expect(await page.getByText(sample.value).count(), sample.value).toBe(0);
    expect(await texts(page, 'profile-overview', 'dt')).toEqual([
      'Tasks completed',
      'Connections',
      'Projects completed',
    ]);
    expect(await texts(page, 'profile-overview', 'dd')).toEqual(overview.overview.map((c) => c.value));
    expect(await texts(page, 'profile-project-table', 'tbody th bdi')).toEqual(
      overview.projectTable.map((p) => p.name),
    );
    expect(await texts(page, 'profile-project-table', 'tbody td:last-child span[dir=ltr]')).toEqual(
      overview.projectTable.map((p) => `${p.status} %`),
    );
    expect(await texts(page, 'profile-connection-list', 'bdi')).toEqual(overview.connections.map((c) => c.name));
    expect(await texts(page, 'profile-team-list', 'li > span:nth-child(2) > bdi')).toEqual(
      overview.teamsTech.map((t) => t.title),
    );

    // Keyboard: from the current tab, Tab moves to the next one and Enter opens it.
    const tabs = page.getByRole('navigation', { name: 'Profile sections' });
    expect(await tabs.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
    await tabs.getByRole('link', { name: 'Profile' }).focus();
    for (const [name, path] of [
      ['Teams', 'teams'],
      ['Projects', 'projects'],
      ['Connections', 'connections'],
    ] as const) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(name);
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/pages/user-profile/${path}`);
      await expect.poll(() => tabs.getByRole('link', { name }).getAttribute('aria-current')).toBe('page');
      if (path === 'teams') {
        await page.getByTestId('profile-teams-cards').waitFor();
        expect(await texts(page, 'profile-teams-cards', 'h2')).toEqual(teams.map((t) => t.title));
      } else if (path === 'projects') {
        await page.getByTestId('profile-project-cards').waitFor();
        expect(await texts(page, 'profile-project-cards', 'h2')).toEqual(projects.map((p) => p.title));
        expect(await texts(page, 'profile-project-cards', '[data-testid=project-tasks]')).toEqual(
          projects.map((p) => `Tasks: ${p.completedTask} of ${p.totalTask}`),
        );
      } else {
        await page.getByTestId('profile-connection-cards').waitFor();
        expect(await texts(page, 'profile-connection-cards', 'h2')).toEqual(connections.map((c) => c.name));
        expect(await texts(page, 'profile-connection-cards', '[data-testid=connection-state]')).toEqual(
          connections.map((c) => (c.isConnected ? 'Connected' : 'Not connected')),
        );
      }
      await tabs.getByRole('link', { name }).focus();
    }

    // Connect / Disconnect: the caller's own answer, which a reload and the API keep.
    const first = connections[0];
    const states = () => texts(page, 'profile-connection-cards', '[data-testid=connection-state]');
    await page
      .getByRole('button', { name: first.isConnected ? `Disconnect from ${first.name}` : `Connect to ${first.name}` })
      .click();
    await expect.poll(async () => (await states())[0]).toBe(first.isConnected ? 'Not connected' : 'Connected');
    await page
      .getByText(first.isConnected ? `Disconnected from ${first.name}` : `Connected to ${first.name}`)
      .waitFor();
    await page.reload();
    await page.getByTestId('profile-connection-cards').waitFor();
    expect((await states())[0]).toBe(first.isConnected ? 'Not connected' : 'Connected');
    expect((await api<TProfileConnectionCard[]>(page, '/api/pages/profile?tab=connections'))[0].isConnected).toBe(
      !first.isConnected,
    );

    // By URL: a reload keeps the tab; an unknown tab opens the profile tab.
    await page.goto('/pages/user-profile/projects');
    await page.getByTestId('profile-project-cards').waitFor();
    await expect.poll(() => tabs.getByRole('link', { name: 'Projects' }).getAttribute('aria-current')).toBe('page');
    await page.goto('/pages/user-profile/nope');
    await page.waitForURL('**/pages/user-profile/profile');
    await page.getByTestId('profile-project-table').waitFor();

    // The side menu lists it under Pages (open on its own page).
    expect(await page.locator('nav a[href="/pages/user-profile/profile"]').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('finds no serious or critical accessibility issue, in light English at 1440 px and dark Arabic at 390 px', async () => {
    for (const [theme, language, width] of [
      ['light', 'en', 1440],
      ['dark', 'ar', 390],
    ] as const) {
      const { context, page } = await b.newPage({ viewport: { width, height: 844 } });
      page.setDefaultTimeout(15_000);
      await b.signIn(page, 'admin@demo.com', 'admin');
      await context.addCookies([
        { name: 'od-theme', value: theme, url: b.baseUrl },
        { name: 'od-language', value: language, url: b.baseUrl },
      ]);
      for (const tab of ['profile', 'projects', 'connections']) {
        await page.goto(`/pages/user-profile/${tab}`);
        await page
          .getByTestId(
            tab === 'profile'
              ? 'profile-project-table'
              : tab === 'projects'
                ? 'profile-project-cards'
                : 'profile-connection-cards',
          )
          .waitFor();
        if (language === 'ar') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        await page.waitForLoadState('networkidle');
        expect(await axeAudit(page, `/pages/user-profile/${tab} ${theme} ${language} ${width}px`)).toEqual([]);
      }
      // Nothing wider than the phone.
      if (width === 390)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await context.close();
    }
  });

  it('keeps the banner, the name and the role clear of the picture on a 390 px phone; the name and role at 1440 px too (en, ar; light, dark)', async () => {
    for (const [theme, language, width] of [
      ['light', 'en', 390],
      ['dark', 'ar', 390],
      ['dark', 'en', 1440],
      ['light', 'ar', 1440],
    ] as const) {
      const { context, page } = await b.newPage({ viewport: { width, height: 844 } });
      page.setDefaultTimeout(15_000);
      await b.signIn(page, 'admin@demo.com', 'admin');
      await context.addCookies([
        { name: 'od-theme', value: theme, url: b.baseUrl },
        { name: 'od-language', value: language, url: b.baseUrl },
      ]);
      await page.goto('/pages/user-profile/profile');
      const name = page.locator('#profile-name');
      await name.waitFor();
      const picture = page.getByTestId('profile-initials').or(page.getByTestId('profile-avatar'));
      const facts = page.locator('#profile-name + ul');
      await facts.locator('li').nth(1).waitFor();
      const overlap = (a: { x: number; y: number; width: number; height: number }, p: typeof a) =>
        a.x < p.x + p.width && p.x < a.x + a.width && a.y < p.y + p.height && p.y < a.y + a.height;
      const pictureBox = (await picture.boundingBox())!;
      const label = `${theme} ${language} ${width}`;
      expect(overlap((await name.boundingBox())!, pictureBox), `name, ${label}`).toBe(false);
      for (const fact of await facts.locator('li').all())
        expect(overlap((await fact.boundingBox())!, pictureBox), `${await fact.textContent()}, ${label}`).toBe(false);
      // The banner's title is the page's language and all of it is inside the banner (its bottom was cut on a
      // phone), clear of the picture.
      const banner = (await page.getByTestId('profile-banner').boundingBox())!;
      const title = page.getByTestId('profile-banner').locator('p');
      expect(await title.innerText()).toBe(language === 'ar' ? 'برنامج الجودة' : 'Quality programme');
      const titleBox = (await title.boundingBox())!;
      expect(titleBox.y, `banner title top, ${label}`).toBeGreaterThanOrEqual(banner.y);
      expect(titleBox.y + titleBox.height, `banner title bottom, ${label}`).toBeLessThanOrEqual(
        banner.y + banner.height,
      );
      expect(titleBox.x).toBeGreaterThanOrEqual(banner.x);
      expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(banner.x + banner.width);
      expect(await title.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
      expect(overlap(titleBox, pictureBox), `banner title, ${label}`).toBe(false);
      // On a phone the banner shows whole: its own words were behind the centred picture. No empty band is
      // left under the facts either.
      if (width === 390) {
        const cover = (await page.locator('section[aria-labelledby="profile-name"] > :first-child').boundingBox())!;
        expect(overlap(cover, pictureBox), `banner, ${label}`).toBe(false);
        const text = (await name.locator('xpath=..').boundingBox())!;
        const lastFact = (await facts.locator('li').last().boundingBox())!;
        expect(text.y + text.height - (lastFact.y + lastFact.height), `gap under the facts, ${label}`).toBeLessThan(24);
      }
      // The projects table stays inside its card: no column cut at the card's edge, no sideways scrolling.
      const table = page.getByTestId('profile-project-table');
      await table.waitFor();
      const wrap = table.locator('xpath=..');
      expect(
        await wrap.evaluate((el) => el.scrollWidth - el.clientWidth),
        `table scroll, ${label}`,
      ).toBeLessThanOrEqual(0);
      const card = (await wrap.boundingBox())!;
      const cells = await table.locator('tbody th, tbody td').evaluateAll((all) =>
        all.map((c) => {
          const r = c.getBoundingClientRect();
          return { text: c.textContent ?? '', left: r.left, right: r.right };
        }),
      );
      for (const cell of cells) {
        expect(cell.left, `${cell.text}, ${label}`).toBeGreaterThanOrEqual(card.x - 1);
        expect(cell.right, `${cell.text}, ${label}`).toBeLessThanOrEqual(card.x + card.width + 1);
      }
      // The picture stays inside the card and the page is no wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await context.close();
    }
  });

  it('says every label of the profile tab in Arabic: facts, overview, team badges', async () => {
    const { context, page } = await b.newPage({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(15_000);
    await b.signIn(page, 'qualitycontrol@demo.com', 'qualitycontrol');
    await context.addCookies([{ name: 'od-language', value: 'ar', url: b.baseUrl }]);
    await page.goto('/pages/user-profile/profile');
    await page.getByTestId('profile-project-table').waitFor();
    const labels = [
      ...(await texts(page, 'profile-about', 'dt')),
      ...(await texts(page, 'profile-contacts', 'dt')),
      ...(await texts(page, 'profile-overview', 'dt')),
      ...(await page.getByTestId('profile-team-list').locator('li > :last-child').allInnerTexts()),
      await page.getByTestId('profile-banner').innerText(),
    ];
    expect(labels.length).toBeGreaterThanOrEqual(13);
    expect(labels.filter((l) => /[A-Za-z]/.test(l))).toEqual([]);
    // The inspector's own teams, each with its member count.
    const mine = await profileOf(page);
    expect(mine.teams.length).toBeGreaterThan(0);
    expect(await texts(page, 'profile-teams', 'dt')).toEqual(mine.teams.map((t) => t.name));
    expect(await texts(page, 'profile-contacts', 'dd')).toEqual(['qualitycontrol@demo.com']);
    await context.close();
  });
});
