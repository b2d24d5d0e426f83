// Management → Integrations in the browser: an admin creates an API key (shown once, works on /api/v1),
// revokes it after a confirmation (refused at once); adds a webhook endpoint (the secret shown once),
// sends a test event to a local receiver and reads it as delivered, redelivers it, disables, edits and
// deletes the endpoint; the page in Arabic, dark, on a 390 px phone, with no serious axe finding.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startWebhookDelivery } from '../../../server/domains/platform/integrations/webhooks.delivery.ts';
import { axeAudit } from '../../testing/axe.ts';
import { setupClientBrowser } from '../../testing/browser.ts';

const b = await setupClientBrowser({
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
});
const { context, page } = await b.newPage();
page.setDefaultTimeout(10_000);
await b.signIn(page, 'admin@demo.com', 'admin');

const received: string[] = [];
const receiver = http.createServer((req, res) => {
  received.push(String(req.headers['webhook-id']));
  req.resume();
  req.on('end', () => res.writeHead(204).end());
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/opsdesk`;
const delivery = await startWebhookDelivery({
  orm: b.orm,
  connectionString: b.orm.config.get('clientUrl') ?? '',
  signals: b.app.signals,
  allowPrivate: true,
  onError: () => {},
});
afterAll(async () => {
  await context.close();
  await delivery.stop();
  await new Promise((resolve) => receiver.close(resolve));
});

const v1 = (key: string) =>
  fetch(`${b.baseUrl}/api/v1/locations?itemsPerPage=1`, { headers: { authorization: `Bearer ${key}` } });

describe('/management/integrations', { timeout: 120_000 }, () => {
  it('is in the Management menu', async () => {
    await page.goto('/management/imports');
    await page.getByRole('link', { name: 'Integrations' }).first().click();
    await page.waitForURL((url) => url.pathname === '/management/integrations');
    await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
  });

  it('creates an API key shown once, which works until it is revoked', async () => {
    await page.goto('/management/integrations');
    await page.getByRole('button', { name: 'New API key' }).click();
    const form = page.getByRole('dialog', { name: 'New API key' });
    await form.getByLabel('Name').fill('Nightly export');
    await form.getByLabel('Role').selectOption({ label: 'Analyst' });
    await form.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('alertdialog', { name: 'Your new API key' });
    const key = await shown.getByLabel('API key').inputValue();
    expect(key).toMatch(/^opk_/);
    await shown.getByRole('button', { name: 'Copy' }).waitFor();
    await shown.getByRole('button', { name: 'Done' }).click();
    expect((await v1(key)).status).toBe(200);

    const keys = page.getByRole('list', { name: 'API keys' });
    await expect.poll(() => keys.innerText()).toContain('Nightly export');
    expect(await keys.innerText()).not.toContain(key);
    expect(await axeAudit(page, 'integrations (en, light, desktop)')).toEqual([]);
    await keys.getByRole('button', { name: 'Revoke Nightly export' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke the key "Nightly export"?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => keys.innerText()).toContain('Revoked');
    expect((await v1(key)).status).toBe(401);
  });

  it('adds an endpoint with its secret shown once, delivers a test event, redelivers, edits, disables, deletes', async () => {
    await page.goto('/management/integrations');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add endpoint' });
    // No event chosen: the form says so and stays open.
    await form.getByLabel('Endpoint URL').fill(target);
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await form.getByText('Choose at least one event').last().waitFor();
    await form.getByLabel('Location updated').check();
    await form.getByLabel('Task missed').check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = page.getByRole('alertdialog', { name: "Your endpoint's signing secret" });
    expect(await shown.getByLabel('Signing secret').inputValue()).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Done' }).click();

    const hooks = page.getByRole('list', { name: 'Webhook endpoints' });
    await expect.poll(() => hooks.innerText()).toContain(target);
    expect(await hooks.innerText()).toContain('2 events');
    await hooks.getByRole('button', { name: `Send test event to ${target}` }).click();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);

    await hooks.getByRole('button', { name: `Deliveries of ${target}` }).click();
    const log = page.getByRole('dialog', { name: `Deliveries of ${target}` });
    const table = log.getByRole('table', { name: 'Deliveries' });
    await expect.poll(() => table.innerText(), { timeout: 15_000 }).toContain('Delivered');
    expect(await table.innerText()).toContain('Test event');
    // The request as sent, and the receiver's (empty) answer.
    const details = table.getByRole('button', { name: /^Details of Test event/ });
    await details.click();
    expect(await details.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => table.innerText()).toContain('"type": "webhook.test"');
    await table.getByRole('button', { name: /^Redeliver Test event/ }).click();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
    expect(received[1]).toBe(received[0]);
    await log.getByRole('button', { name: 'Close' }).last().click();

    await hooks.getByRole('button', { name: `Disable ${target}` }).click();
    await expect.poll(() => hooks.innerText()).toContain('Disabled');
    await hooks.getByRole('button', { name: `Edit ${target}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit endpoint' });
    await edit.getByLabel('Description').fill('Ticketing');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => hooks.innerText()).toContain('Ticketing');

    await hooks.getByRole('button', { name: `Delete ${target}` }).click();
    await page
      .getByRole('alertdialog', { name: `Delete the endpoint ${target}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('No webhook endpoint yet.').waitFor();
  });

  it('reads right to left in Arabic, dark, on a phone, with no serious accessibility finding', async () => {
    const { context: phoneContext, page: phone } = await b.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await b.signIn(phone, 'admin@demo.com', 'admin');
      await phoneContext.addCookies([
        { name: 'od-language', value: 'ar', url: b.baseUrl },
        { name: 'od-theme', value: 'dark', url: b.baseUrl },
      ]);
      const admin = await b.caller('admin@demo.com');
      await admin.apiKeys.create({ name: 'تصدير', role: 'analyst' });
      await admin.webhooks.create({ url: target, events: ['task.approved'], description: 'تذاكر' });
      await phone.goto('/management/integrations');
      await phone.getByRole('heading', { name: 'التكاملات', level: 1 }).waitFor();
      await phone.getByRole('list', { name: 'نقاط استقبال خطافات الويب' }).waitFor();
      expect(await phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
      // Nothing wider than the phone.
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await axeAudit(phone, 'integrations (ar, dark, phone)')).toEqual([]);
      await phone.getByRole('button', { name: 'مفتاح جديد' }).click();
      await phone.getByRole('dialog', { name: 'مفتاح جديد' }).waitFor();
      expect(await axeAudit(phone, 'new key dialog (ar, dark, phone)')).toEqual([]);
    } finally {
      await phoneContext.close();
    }
  });
});
