// /apps/email in a real browser: compose an e-mail with rich text and an attachment (the draft autosaves
// meanwhile), send it, and after a reload find it in Sent with its attachment; the composer's chunk loads
// only when composing. Then the list and the reading pane on a phone in dark Arabic: two screens, and
// axe finds nothing serious.
import { describe, expect, it } from 'vitest';
import { axeAudit } from '../../../testing/axe.ts';
import { setupClientBrowser } from '../../../testing/browser.ts';

const b = await setupClientBrowser();

describe('the /apps/email page', { timeout: 120_000 }, () => {
  it('composes and sends an e-mail with an attachment, then finds it in Sent after a reload', async () => {
    const admin = await b.caller('admin@demo.com');
    const { context, page } = await b.newPage();
    page.setDefaultTimeout(15_000);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await b.signInAt(page, 'admin@demo.com', 'admin', '/apps/email');
    const list = page.getByRole('list', { name: 'E-mails' });
    await list.getByRole('listitem').first().waitFor();
    expect(scripts.some((u) => /Composer-/.test(u))).toBe(false);

    await page.getByRole('button', { name: 'Compose' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compose' });
    const subject = `Browser mail ${Date.now()}`;
    await dialog.getByRole('textbox', { name: /^To\b/ }).fill('analyst@demo.com');
    await dialog.getByLabel('Subject').fill(subject);
    const editor = dialog.getByRole('textbox', { name: 'Message' });
    await editor.click();
    await page.keyboard.type('Hello team. ');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Bold part');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Route notes for the week\n') });
    await dialog.getByRole('list', { name: 'Attachments' }).getByText('notes.txt', { exact: true }).waitFor();
    expect(scripts.some((u) => /Composer-/.test(u))).toBe(true);
    expect(await axeAudit(page, '/apps/email composer light desktop')).toEqual([]);

    // The draft saves itself.
    await dialog.getByText('Draft saved').waitFor();
    const drafts = await admin.apps.email.list({ filter: 'draft' });
    expect(drafts.emails.find((e) => e.subject === subject)?.message).toContain('<strong>Bold part</strong>');

    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.waitFor({ state: 'detached' });
    const sent = (await admin.apps.email.list({ filter: 'sent' })).emails.find((e) => e.subject === subject);
    expect(sent).toMatchObject({ folder: 'sent', to: [{ email: 'analyst@demo.com' }] });
    expect(sent!.attachments.map((a) => a.fileName)).toEqual(['notes.txt']);
    expect((await admin.apps.email.list({ filter: 'draft' })).emails.some((e) => e.subject === subject)).toBe(false);

    await page.reload();
    await page.getByRole('navigation', { name: 'Mailboxes' }).getByRole('button', { name: 'Sent' }).click();
    const row = page.getByRole('list', { name: 'E-mails' }).locator('button[data-email]').filter({ hasText: subject });
    // Keyboard: focus the row and press Enter to read it.
    await row.focus();
    await page.keyboard.press('Enter');
    const pane = page.getByRole('region', { name: subject });
    await pane.getByRole('heading', { name: subject }).waitFor();
    expect(await pane.locator('strong').filter({ hasText: 'Bold part' }).count()).toBe(1);
    const link = pane.getByRole('list', { name: 'Attachments' }).getByRole('link', { name: 'notes.txt' });
    expect(await link.getAttribute('href')).toMatch(/^\/api\/files\/\d+$/);
    await context.close();
  });

  it('selects all and marks read in bulk, kept after a reload', async () => {
    const api = await b.caller('floormanager@demo.com');
    const inbox = await api.apps.email.list();
    await api.apps.email.update({ ids: inbox.emails.map((e) => e.id), data: { isRead: false } });
    const { context, page } = await b.newPage();
    page.setDefaultTimeout(15_000);
    await b.signInAt(page, 'floormanager@demo.com', 'floormanager', '/apps/email');
    await page.getByRole('list', { name: 'E-mails' }).getByRole('listitem').first().waitFor();
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'Mark as read' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Marked as read (${inbox.emails.length})` })
      .first()
      .waitFor();
    await page.reload();
    await page.getByRole('list', { name: 'E-mails' }).getByRole('listitem').first().waitFor();
    expect(await page.locator('li[data-unread]').count()).toBe(0);
    expect((await api.apps.email.list()).emailsMeta.inbox).toBe(0);
    await context.close();
  });

  it('shows the list and the pane as two screens on a phone in dark Arabic, with no serious axe finding', async () => {
    const { context, page } = await b.newPage({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(15_000);
    await b.signIn(page, 'businessuser@demo.com', 'businessuser');
    await context.addCookies([
      { name: 'od-theme', value: 'dark', url: b.baseUrl },
      { name: 'od-language', value: 'ar', url: b.baseUrl },
    ]);
    await page.goto('/apps/email');
    const list = page.getByRole('list', { name: 'الرسائل' });
    await list.getByRole('listitem').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.waitForLoadState('networkidle');
    expect(await axeAudit(page, '/apps/email list dark ar 390px')).toEqual([]);

    await list.locator('button[data-email]').first().click();
    const back = page.getByRole('button', { name: 'العودة إلى القائمة' });
    await back.waitFor();
    expect(await list.isVisible()).toBe(false);
    expect(await axeAudit(page, '/apps/email pane dark ar 390px')).toEqual([]);
    await back.click();
    await list.waitFor();
    await context.close();
  });
});
