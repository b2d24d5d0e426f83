// The geofence editor of a location: its pin and radius on the map (the offline world map Fleet draws
// on), dragged with the mouse, move the number fields, and typing in the fields moves the map; the
// fields stay for exact values and for keyboard and screen-reader users. It fits a phone's dialog.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage } from '../../testing/browser.ts';
import { dialog, rowAction, search, settled } from '../../testing/list-pages.ts';

const { b, page } = await signedInPage('admin@demo.com', 'admin');
const caller = await b.caller('admin@demo.com');
const located = (await caller.locations.list({ itemsPerPage: 20, sortBy: 'code' })).items.find(
  (l) => l.latitude != null && l.longitude != null,
)!;

async function center(p: Page, testId: string): Promise<{ x: number; y: number }> {
  const box = (await p.getByTestId(testId).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function dragBy(p: Page, testId: string, dx: number, dy: number): Promise<void> {
  const from = await center(p, testId);
  await p.mouse.move(from.x, from.y);
  await p.mouse.down();
  for (let step = 1; step <= 5; step++) await p.mouse.move(from.x + (dx * step) / 5, from.y + (dy * step) / 5);
  await p.mouse.up();
}

describe('the geofence map', { timeout: 120_000 }, () => {
  it('shows the location and its radius; dragging the pin or the handle changes the fields, and the fields the map', async () => {
    await page.goto('/management/location-setting');
    await settled(page);
    await search(page, located.name);
    await settled(page);
    await rowAction(page, located.name, 'Edit');
    const form = dialog(page, `Edit ${located.name}`);
    const map = form.getByRole('img', { name: `Map: a geofence of ${located.geofenceRadiusM} m around the location` });
    await map.scrollIntoViewIfNeeded();
    await map.waitFor();

    const latitude = form.getByRole('spinbutton', { name: 'Latitude' });
    const longitude = form.getByRole('spinbutton', { name: 'Longitude' });
    const radius = form.getByRole('spinbutton', { name: 'Radius (m)' });

    // The pin sits at the map's centre, the handle to its east at the radius.
    const pin = await center(page, 'geofence-pin');
    const handle = await center(page, 'geofence-radius-handle');
    expect(handle.x).toBeGreaterThan(pin.x + 20);
    expect(Math.abs(handle.y - pin.y)).toBeLessThan(2);

    // Dragging the pin east and north moves the coordinates that way.
    await dragBy(page, 'geofence-pin', 60, -30);
    await expect.poll(async () => Number(await longitude.inputValue())).toBeGreaterThan(located.longitude!);
    expect(Number(await latitude.inputValue())).toBeGreaterThan(located.latitude!);

    // Dragging the handle outwards makes the radius larger.
    const before = Number(await radius.inputValue());
    await dragBy(page, 'geofence-radius-handle', 50, 0);
    await expect.poll(async () => Number(await radius.inputValue())).toBeGreaterThan(before);

    // Typing a radius redraws the map.
    await radius.fill('250');
    await form.getByRole('img', { name: 'Map: a geofence of 250 m around the location' }).waitFor();
  });

  it('fits the dialog on a phone', async () => {
    const { context, page: phone } = await b.newPage({ viewport: { width: 390, height: 844 } });
    await b.signInAt(phone, 'admin@demo.com', 'admin', '/management/location-setting');
    await settled(phone);
    await search(phone, located.name);
    await settled(phone);
    await rowAction(phone, located.name, 'Edit');
    const map = phone.getByTestId('geofence-map');
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    const frame = (await phone.getByRole('dialog').boundingBox())!;
    expect(box.width).toBeGreaterThan(200);
    expect(box.x).toBeGreaterThanOrEqual(frame.x);
    expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
    await context.close();
  });
});
