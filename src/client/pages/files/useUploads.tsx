import { CheckCircleIcon, UploadIcon, XCircleIcon, XIcon } from '@primer/octicons-react';
import { IconButton, ProgressBar, Text } from '@primer/react';
import { type DragEvent, type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALLOWED_FILE_TYPES, MAX_FILE_BYTES, type TUploadedFile } from '../../../shared/schemas/files.ts';
import { UploadError, uploadFile } from '../../lib/upload.ts';
import { formatBytes } from './format.ts';
import classes from './FilesPage.module.css';

interface UploadItem {
  key: number;
  name: string;
  size: number;
  /** 0..1 while sending. */
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  error?: string;
  abort?: () => void;
}

/** What the file picker offers (the server decides from the content anyway). */
const ACCEPT = [
  ...ALLOWED_FILE_TYPES.map((t) => t.mimeType),
  '.csv',
  '.txt',
  '.heic',
  '.docx',
  '.xlsx',
  '.pptx',
  '.odt',
  '.ods',
].join(',');

let nextKey = 0;

export interface Uploads {
  /** Opens the file picker. */
  pick: () => void;
  /** The drop area with the hidden picker and each upload's progress; render once. */
  zone: ReactNode;
}

/**
 * Uploads for the /files page: a picker (multiple files) and a drop area, each file sent on its own with
 * its progress shown; refusals (too large, type not accepted) are said per file. `onUploaded` runs after
 * each success (refresh the list, announce it).
 */
export function useUploads(onUploaded: (file: TUploadedFile) => Promise<void>): Uploads {
  const { t, i18n } = useTranslation('files');
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const titleId = useId();

  const patch = useCallback((key: number, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const messageFor = useCallback(
    (error: unknown): string => {
      if (error instanceof UploadError) {
        if (error.status === 413) return t('upload.tooLarge');
        if (error.status === 415) return t('upload.unsupported');
        if (error.status === 0) return t('upload.offline');
        if (error.status === -1) return t('upload.cancelled');
        return error.message || t('upload.failed');
      }
      return t('upload.failed');
    },
    [t],
  );

  const start = useCallback(
    (files: Iterable<File>) => {
      for (const file of files) {
        const key = ++nextKey;
        if (file.size > MAX_FILE_BYTES) {
          setItems((list) => [
            ...list,
            { key, name: file.name, size: file.size, progress: 0, state: 'failed', error: t('upload.tooLarge') },
          ]);
          continue;
        }
        const handle = uploadFile(file, (progress) => patch(key, { progress }));
        setItems((list) => [
          ...list,
          { key, name: file.name, size: file.size, progress: 0, state: 'uploading', abort: handle.abort },
        ]);
        handle.done.then(
          async (uploaded) => {
            patch(key, { state: 'done', progress: 1, abort: undefined });
            await onUploaded(uploaded);
          },
          (error: unknown) => patch(key, { state: 'failed', error: messageFor(error), abort: undefined }),
        );
      }
    },
    [messageFor, onUploaded, patch, t],
  );

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length) start(event.dataTransfer.files);
  }

  const zone = (
    <section
      className={classes.dropzone}
      data-dragging={dragging || undefined}
      aria-labelledby={titleId}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <div className={classes.dropzoneText}>
        <UploadIcon size={24} aria-hidden="true" />
        <div>
          <Text as="p" weight="semibold" id={titleId} className={classes.dropTitle}>
            {t('upload.dropTitle')}
          </Text>
          <Text as="p" size="small" id={hintId} className={classes.muted}>
            {t('upload.hint', { max: formatBytes(MAX_FILE_BYTES, i18n.language) })}
          </Text>
        </div>
      </div>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        className={classes.picker}
        aria-label={t('upload.button')}
        aria-describedby={hintId}
        tabIndex={-1}
        onChange={(event) => {
          if (event.target.files?.length) start([...event.target.files]);
          event.target.value = '';
        }}
      />
      {items.length > 0 && (
        <ul className={classes.uploads} aria-label={t('upload.listLabel')}>
          {items.map((item) => (
            <li key={item.key} className={classes.upload} data-state={item.state}>
              <span className={classes.uploadIcon} aria-hidden="true">
                {item.state === 'done' ? (
                  <CheckCircleIcon />
                ) : item.state === 'failed' ? (
                  <XCircleIcon />
                ) : (
                  <UploadIcon />
                )}
              </span>
              <span className={classes.uploadBody}>
                <span className={classes.uploadName}>{item.name}</span>
                {item.state === 'uploading' ? (
                  <ProgressBar
                    progress={Math.round(item.progress * 100)}
                    aria-label={t('upload.progress', { name: item.name })}
                    aria-valuetext={`${Math.round(item.progress * 100)} %`}
                    barSize="small"
                  />
                ) : null}
                <span className={classes.uploadStatus} role={item.state === 'failed' ? 'alert' : 'status'}>
                  {item.state === 'uploading'
                    ? t('upload.sending', {
                        percent: Math.round(item.progress * 100),
                        size: formatBytes(item.size, i18n.language),
                      })
                    : item.state === 'done'
                      ? t('upload.done')
                      : item.error}
                </span>
              </span>
              <IconButton
                icon={XIcon}
                size="small"
                variant="invisible"
                aria-label={
                  item.state === 'uploading'
                    ? t('upload.cancel', { name: item.name })
                    : t('upload.dismiss', { name: item.name })
                }
                onClick={() => {
                  item.abort?.();
                  setItems((list) => list.filter((i) => i.key !== item.key));
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );

  return { pick: () => input.current?.click(), zone };
}
