// The browser harness of the client's tests (src/server/testing/browser.ts) with the client build they
// serve: TEST_CLIENT_DIST names a private build, so a concurrent `vite build` into dist/client cannot
// pull chunks away mid-run; without it, dist/client.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll } from 'vitest';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- test harness, never in the client bundle
import { type BrowserHarness, setupBrowser } from '../../server/testing/browser.ts';

/** The client build the tests serve (a private one when TEST_CLIENT_DIST names it). */
export const CLIENT_DIST = process.env.TEST_CLIENT_DIST ?? 'dist/client';

/** `env`: more of the app's configuration (CLIENT_DIST to serve a copy of the build). */
export function setupClientBrowser(env: Record<string, string> = {}): Promise<BrowserHarness> {
  return setupBrowser({ CLIENT_DIST, ...env });
}

/** The harness and one page signed in as `email` for the whole test file (10 s per action; closed after it). */
export async function signedInPage(email: string, password: string): Promise<{ b: BrowserHarness; page: Page }> {
  const b = await setupClientBrowser();
  const { context, page } = await b.newPage();
  page.setDefaultTimeout(10_000);
  await b.signIn(page, email, password);
  afterAll(async () => {
    await context.close();
  });
  return { b, page };
}

/**
 * A phone-sized context signed in as `email`, and a page of its own opened after the sign-in: what the
 * sign-in's page still asks for (the home page's data) never shows among this page's requests.
 */
export async function freshSignedInPage(
  b: BrowserHarness,
  email: string,
  password: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page: signIn } = await b.newPage({ viewport: { width: 390, height: 844 } });
  await b.signIn(signIn, email, password);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn.close();
  return { context, page };
}
