// Sends one file to POST /api/files (multipart, the session cookie with its XSRF token) and reports
// upload progress, which fetch cannot: XMLHttpRequest's upload events. Used by the /files page and the
// corrective actions' evidence.
import { XSRF_COOKIE, XSRF_HEADER } from '../../shared/constants/http.ts';
import type { TUploadedFile } from '../../shared/schemas/files.ts';
import { readCookie } from './cookies.ts';

export class UploadError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'UploadError';
    this.status = status;
  }
}

export interface UploadHandle {
  done: Promise<TUploadedFile>;
  abort: () => void;
}

/** Start uploading `file` (with optional form fields); `onProgress` gets 0..1 as bytes leave the browser. */
export function uploadFile(
  file: File,
  onProgress: (fraction: number) => void,
  fields: Record<string, string> = {},
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<TUploadedFile>((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file, file.name);
    xhr.open('POST', '/api/files');
    xhr.responseType = 'json';
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) xhr.setRequestHeader(XSRF_HEADER, xsrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { message?: string } | null;
      if (xhr.status === 201) resolve(xhr.response as TUploadedFile);
      else reject(new UploadError(xhr.status, body?.message ?? xhr.statusText));
    };
    xhr.onerror = () => reject(new UploadError(0, ''));
    xhr.onabort = () => reject(new UploadError(-1, ''));
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
