// Photos of a question: a file input (camera first on phones, files otherwise) inside the question's
// group; each photo is made smaller, queued in the outbox and shown at once as a thumbnail with its
// state (waiting to send, sent), and can be removed.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downscalePhoto } from './downscale.ts';
import type { FileRef } from './outbox.ts';
import classes from './Perform.module.css';

export interface PhotoProps {
  addFile: (questionKey: string, name: string, blob: Blob) => Promise<FileRef>;
  resolve: (ref: FileRef) => number | null;
  localUrl: (ref: FileRef) => string | null;
  uploadsWaiting: ReadonlySet<string>;
}

interface Props extends PhotoProps {
  questionKey: string;
  files: FileRef[];
  onFiles: (files: FileRef[]) => void;
}

/** Where a photo is shown from: its own blob while it waits, the server's thumbnail once stored. */
export function photoSrc(ref: FileRef, p: Pick<PhotoProps, 'resolve' | 'localUrl'>): string | null {
  const local = p.localUrl(ref);
  if (local) return local;
  const id = p.resolve(ref);
  return id === null ? null : `/api/files/${id}?thumbnail=1`;
}

export function PhotoInput({ questionKey, files, onFiles, ...p }: Props) {
  const { t } = useTranslation('perform');
  const [busy, setBusy] = useState(false);

  const add = async (list: FileList | null) => {
    if (!list?.length) return;
    setBusy(true);
    try {
      const refs: FileRef[] = [];
      for (const file of Array.from(list)) {
        const small = await downscalePhoto(file);
        refs.push(await p.addFile(questionKey, small.name, small.blob));
      }
      onFiles([...files, ...refs]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {files.length > 0 && (
        <ul className={classes.photos} aria-label={t('photos')}>
          {files.map((ref, i) => {
            const src = photoSrc(ref, p);
            const waiting = p.uploadsWaiting.has(ref);
            return (
              <li key={ref} className={classes.photo}>
                {src ? <img src={src} alt={t('photoN', { n: i + 1 })} /> : <span>{t('photoN', { n: i + 1 })}</span>}
                <span className={classes.muted}>{waiting ? t('photoWaiting') : t('photoSent')}</span>
                <button
                  type="button"
                  className={classes.linkButton}
                  onClick={() => onFiles(files.filter((f) => f !== ref))}
                >
                  {t('removePhoto', { n: i + 1 })}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <label className={classes.fileLabel}>
        <input
          type="file"
          className={classes.fileInput}
          accept="image/*"
          capture="environment"
          multiple
          disabled={busy}
          onChange={(e) => {
            void add(e.target.files);
            e.target.value = '';
          }}
        />
        {busy ? t('preparingPhoto') : t('addPhoto')}
      </label>
    </>
  );
}
