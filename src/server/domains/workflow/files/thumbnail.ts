// Thumbnails of uploaded images: at most 320 px wide or high, WebP, turned upright by the photo's EXIF
// orientation. libvips (sharp) shrinks a JPEG while decoding it, so a 12-megapixel photo never lies in
// memory at full size; its operation cache is off and at most two thumbnails are made at once, so the
// server's memory stays flat however many photos arrive together.
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../../../shared/schemas/files.ts';

export const THUMBNAIL_SIZE = 320;
export const THUMBNAIL_TYPE = 'image/webp';
const AT_ONCE = 2;

let running = 0;
const waiting: (() => void)[] = [];

async function turn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** The thumbnail's bytes, or null when the image cannot be decoded (the file is kept without one). */
export function makeThumbnail(file: string): Promise<Buffer | null> {
  return turn(async () => {
    sharp.cache(false);
    try {
      return await sharp(file, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 75 })
        .toBuffer();
    } catch {
      return null;
    }
  });
}

/**
 * Width and height as the image's header declares them (nothing decoded: a 60,000 × 60,000 PNG of
 * 400 KB is read in microseconds); null when the header cannot be read (HEIC without a decoder).
 */
export async function imageSize(file: string): Promise<{ width: number; height: number } | null> {
  try {
    const { width, height } = await sharp(file, { limitInputPixels: false }).metadata();
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}
