// /pages/user-profile/:tab: the header, about, contacts, teams, projects and figures describe the signed-in
// user (account.profile), in the page's language: the about card and the teams card name the same teams, the
// teams and projects tabs the same as the overview; the connections are the sample's (GET /api/pages/profile);
// each tab is reached by keyboard and by URL; Connect / Disconnect on a connection is kept; the page is in the
// menu and the profile menu; the sections' nav is headed in the page's language; the banner's title and the
// projects table stay inside their cards on a phone and at 1440 px; axe finds nothing serious in light English
// at 1440 px and dark Arabic at 390 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TAccountProfile } from '../../../shared/schemas/account.ts';
import type { TProfileConnectionCard, TProfileHeader, TProfileOverviewTab } from '../../../shared/schemas/pages.ts';
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

    // The profile tab: the user's facts, figures, teams and projects (admin@demo.com is in no team and takes
    // part in no project), the sample's connections.
    await page.getByTestId('profile-overview').waitFor();
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
    const sampleConnections = overview.overview.find((c) => c.icon === 'people')!.value;
    expect(await texts(page, 'profile-overview', 'dd')).toEqual([String(mine.tasksCompleted), sampleConnections, '0']);
    expect([mine.teams, mine.projects]).toEqual([[], []]);
    expect(await page.getByTestId('profile-teams').innerText()).toBe('Not in a team yet.');
    expect(await page.getByTestId('profile-team-list').innerText()).toBe('Not in a team yet.');
    await page
      .getByTestId('profile-no-projects')
      .getByText(/^No project yet/)
      .waitFor();
    expect(await page.getByTestId('profile-project-table').count()).toBe(0);
    expect(await texts(page, 'profile-connection-list', 'bdi')).toEqual(overview.connections.map((c) => c.name));

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
        await page.getByRole('status').getByRole('heading', { name: 'Not in a team yet.' }).waitFor();
      } else if (path === 'projects') {
        await page
          .getByRole('status')
          .getByRole('heading', { name: /^No project yet/ })
          .waitFor();
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
    await page
      .getByRole('status')
      .getByRole('heading', { name: /^No project yet/ })
      .waitFor();
    await expect.poll(() => tabs.getByRole('link', { name: 'Projects' }).getAttribute('aria-current')).toBe('page');
    await page.goto('/pages/user-profile/nope');
    await page.waitForURL('**/pages/user-profile/profile');
    await page.getByTestId('profile-overview').waitFor();

    // The side menu lists it under Pages (open on its own page).
    expect(await page.locator('nav a[href="/pages/user-profile/profile"]').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('names the same teams in the about and teams cards and the teams tab, and the user’s projects in the projects card and tab', async () => {
    const { context, page } = await b.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(15_000);
    await b.signInAt(page, 'qualitycontrol@demo.com', 'qualitycontrol', '/pages/user-profile/profile');
    await page.getByTestId('profile-project-table').waitFor();
    const mine = await profileOf(page);
    expect(mine.teams.length).toBeGreaterThan(0);
    expect(mine.projects.length).toBeGreaterThanOrEqual(2);
    const teamNames = mine.teams.map((t) => t.name);
    expect(await texts(page, 'profile-teams', 'dt')).toEqual(teamNames);
    expect(await texts(page, 'profile-team-list', 'li bdi')).toEqual(teamNames);
    expect(await texts(page, 'profile-team-list', 'li > :last-child')).toEqual(mine.teams.map(() => 'Member'));
    // The projects card: the organisation's projects the inspector works on, with their owner, teams and progress.
    expect(
      await page
        .getByTestId('profile-project-table')
        .locator('tbody tr')
        .evaluateAll((rows) =>
          rows.map((r) => [
            r.querySelector('th bdi')?.textContent,
            r.querySelector('th bdi[dir=ltr]')?.textContent,
            r.children[1].textContent?.replace('Leader', '').trim(),
            r.children[2].textContent?.replace('Team', '').trim(),
            r.querySelector('td:last-child span[dir=ltr]')?.textContent,
          ]),
        ),
    ).toEqual(
      mine.projects.map((p) => [
        p.name,
        p.code,
        p.owner ?? '—',
        p.teams.join(', ') || '—',
        p.completion == null ? '—' : `${p.completion} %`,
      ]),
    );
    expect(await texts(page, 'profile-overview', 'dd')).toEqual(expect.arrayContaining([String(mine.tasksCompleted)]));

    await page.goto('/pages/user-profile/teams');
    await page.getByTestId('profile-teams-cards').waitFor();
    expect(await texts(page, 'profile-teams-cards', 'h2')).toEqual(teamNames);
    expect(await texts(page, 'profile-teams-cards', '[data-testid=team-place]')).toEqual(
      mine.teams.map(() => 'Your place: Member'),
    );
    await page.goto('/pages/user-profile/projects');
    await page.getByTestId('profile-project-cards').waitFor();
    expect(await texts(page, 'profile-project-cards', 'h2')).toEqual(mine.projects.map((p) => p.name));
    expect(await texts(page, 'profile-project-cards', '[data-testid=project-tasks]')).toEqual(
      mine.projects.map((p) => `Tasks: ${p.approved} of ${p.tasks}`),
    );
    await context.close();
  });

  it('heads the sections’ nav in the page’s language only (Arabic: no English "navigation")', async () => {
    const { context, page } = await b.newPage({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(15_000);
    await b.signIn(page, 'qualitycontrol@demo.com', 'qualitycontrol');
    await context.addCookies([{ name: 'od-language', value: 'ar', url: b.baseUrl }]);
    for (const [path, label] of [
      ['/pages/user-profile/profile', 'أقسام الملف الشخصي'],
      ['/pages/account-settings/account', null],
    ] as const) {
      await page.goto(path);
      const nav = page.getByRole('navigation', { name: label ?? /./ }).filter({ has: page.locator('a[aria-current]') });
      await nav.waitFor();
      const name = (await nav.getAttribute('aria-label'))!;
      if (label) expect(name).toBe(label);
      // What a screen reader reads: the headings of the page, the nav's among them.
      const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
      expect(headings, path).toContain(name);
      expect(
        headings.filter((h) => /navigation/i.test(h)),
        path,
      ).toEqual([]);
    }
    await context.close();
  });

  it('finds no serious or critical accessibility issue, in light English at 1440 px and dark Arabic at 390 px', async () => {
    for (const [theme, language, width] of [
      ['light', 'en', 1440],
      ['dark', 'ar', 390],
    ] as const) {
      const { context, page } = await b.newPage({ viewport: { width, height: 844 } });
      page.setDefaultTimeout(15_000);
      await b.signIn(page, 'qualitycontrol@demo.com', 'qualitycontrol');
      await context.addCookies([
        { name: 'od-theme', value: theme, url: b.baseUrl },
        { name: 'od-language', value: language, url: b.baseUrl },
      ]);
      const shown = {
        profile: 'profile-project-table',
        teams: 'profile-teams-cards',
        projects: 'profile-project-cards',
        connections: 'profile-connection-cards',
      };
      for (const [tab, testId] of Object.entries(shown)) {
        await page.goto(`/pages/user-profile/${tab}`);
        await page.getByTestId(testId).waitFor();
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
      await b.signIn(page, 'qualitycontrol@demo.com', 'qualitycontrol');
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
    expect(labels.length).toBeGreaterThanOrEqual(11);
    expect(labels.filter((l) => /[A-Za-z]/.test(l))).toEqual([]);
    // The inspector's own teams, each with its member count.
    const mine = await profileOf(page);
    expect(mine.teams.length).toBeGreaterThan(0);
    expect(await texts(page, 'profile-teams', 'dt')).toEqual(mine.teams.map((t) => t.name));
    expect(await texts(page, 'profile-contacts', 'dd')).toEqual(['qualitycontrol@demo.com']);
    await context.close();
  });
});
