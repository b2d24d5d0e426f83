// Photos taken offline, sent once the connection is back: on a phone-sized page the inspector opens a
// task's perform page online, loses the network, checks in and adds BENCH_OFFLINE_PHOTOS (default 20)
// camera-sized JPEGs (4000 × 3000, about 3 MB each, made here from a fixed seed) to its first question
// that takes photos. The app makes each smaller on the device and queues it, encrypted, in its outbox. Then
// the network comes back: the time from the browser's `online` to the last photo stored by the server, and
// to an empty outbox (the answers that name the photos sent after them). Target: within 60 s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../src/server/testing/chromium.ts';
import { opsCount as waiting } from '../src/server/testing/offline.ts';

const PHOTOS = Number(process.env.BENCH_OFFLINE_PHOTOS ?? 20);

export interface OfflinePhotosResult {
  photos: number;
  /** Average size of a photo as the camera gave it. */
  originalMb: number;
  /** What the device queued and sent: the photos as the server stored them (made smaller), in total. */
  sentMb: number;
  /** From choosing the photos to the last one shown on the page, offline (made smaller, encrypted, queued). */
  queueMs: number;
  /** From the connection's return to the last photo stored by the server. */
  uploadedMs: number;
  /** From the connection's return to an empty outbox. */
  drainedMs: number;
}

/** A 4000 × 3000 JPEG of about 3 MB: a gradient under fine noise (what a camera's detail costs). */
async function cameraPhoto(seed: number): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  let s = seed;
  for (let i = 0; i < raw.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const row = Math.floor(i / (width * 3));
    raw[i] = Math.max(0, Math.min(255, Math.floor((row * 255) / height) + ((s >> 16) % 48) - 24));
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export async function offlinePhotos(
  baseUrl: string,
  pagePath: string,
  signIn: { email: string; password: string },
  place: { latitude: number; longitude: number },
  log: (msg: string) => void,
): Promise<OfflinePhotosResult> {
  // Files on disk, as a camera leaves them (Playwright hands a browser at most 50 MB of buffers).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-photos-'));
  const files: string[] = [];
  let bytes = 0;
  for (let n = 1; n <= PHOTOS; n++) {
    const photo = await cameraPhoto(n);
    bytes += photo.length;
    files.push(path.join(dir, `shelf-${n}.jpg`));
    fs.writeFileSync(files[n - 1], photo);
  }
  const originalMb = bytes / PHOTOS / 1e6;
  log(`offline photos: ${PHOTOS} photos of ${originalMb.toFixed(2)} MB made`);

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
      geolocation: { ...place, accuracy: 10 },
      permissions: ['geolocation'],
    });
    const res = await context.request.post(`${baseUrl}/api/auth/login`, { data: signIn });
    if (!res.ok()) throw new Error(`offline photos: sign-in failed: ${res.status()}`);
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    const stored = new Set<number>();
    let sentBytes = 0;
    let lastStored = 0;
    page.on('response', async (response) => {
      const request = response.request();
      if (request.method() !== 'POST' || new URL(response.url()).pathname !== '/api/files' || !response.ok()) return;
      const body = (await response.json()) as { id: number; size: number };
      if (!stored.has(body.id)) sentBytes += body.size;
      stored.add(body.id);
      lastStored = performance.now();
    });
    await page.goto(pagePath);
    await page.getByRole('button', { name: 'Check in' }).waitFor();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Check in' }).click();
    await page.getByText(/^Checked in offline at /).waitFor();
    const input = page.locator('main input[type="file"][accept="image/*"]').first();
    const queueStarted = performance.now();
    await input.setInputFiles(files);
    await page.getByRole('img', { name: `Photo ${PHOTOS}`, exact: true }).waitFor();
    const queueMs = performance.now() - queueStarted;
    log(`offline photos: queued in ${Math.round(queueMs)} ms, ${await waiting(page)} changes waiting`);

    const online = performance.now();
    await context.setOffline(false);
    const deadline = online + 120_000;
    while ((await waiting(page)) > 0 || stored.size < PHOTOS) {
      if (performance.now() > deadline)
        throw new Error(
          `offline photos: ${stored.size} of ${PHOTOS} stored after 120 s, ${await waiting(page)} waiting`,
        );
      await page.waitForTimeout(100);
    }
    const result = {
      photos: PHOTOS,
      originalMb,
      sentMb: sentBytes / 1e6,
      queueMs,
      uploadedMs: lastStored - online,
      drainedMs: performance.now() - online,
    };
    log(
      `offline photos: ${stored.size} stored ${Math.round(result.uploadedMs)} ms after the connection came back, ` +
        `outbox empty after ${Math.round(result.drainedMs)} ms`,
    );
    return result;
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
