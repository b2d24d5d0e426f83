// Photos are made smaller in the browser before they are queued: a phone's 12-megapixel photo becomes a
// JPEG of at most 1600 px on its longer side (quality 0.8), a few hundred KB to send on one bar of signal.
// What cannot be decoded here (HEIC in most browsers) is kept as it is; the server checks the type.

export const MAX_SIDE = 1600;
export const JPEG_QUALITY = 0.8;

/** The size a `width`×`height` image is drawn at: at most `max` on its longer side, never enlarged. */
export function fitWithin(width: number, height: number, max = MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** `file` as a JPEG of at most MAX_SIDE px (named *.jpg), or the file itself when it cannot be decoded. */
export async function downscalePhoto(file: File): Promise<{ blob: Blob; name: string }> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    if (!blob) throw new Error('no JPEG encoder');
    return { blob, name: `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg` };
  } catch {
    return { blob: file, name: file.name || 'photo' };
  }
}
