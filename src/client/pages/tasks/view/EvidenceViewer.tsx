import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon, FileIcon } from '@primer/octicons-react';
import { Dialog, IconButton, LinkButton } from '@primer/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFile } from '../../../../shared/schemas/files.ts';
import { Bdi } from '../../../components/Bidi/index.ts';
import classes from './View.module.css';

const fileUrl = (id: number, query = '') => `/api/files/${id}${query}`;

/**
 * The evidence of one answer as thumbnails; an image opens the full-size viewer (a modal dialog:
 * focus kept inside, Escape closes, arrow keys move between the photos), any other file opens itself.
 */
export function EvidenceThumbnails({
  fileIds,
  files,
  question,
}: {
  fileIds: readonly number[];
  files: ReadonlyMap<number, TFile>;
  question: string;
}) {
  const { t } = useTranslation('review');
  const [open, setOpen] = useState<number | null>(null);
  const images = fileIds.map((id) => files.get(id)).filter((f): f is TFile => !!f && f.family === 'image' && f.inline);
  if (!fileIds.length) return null;
  return (
    <>
      <ul className={classes.thumbs} aria-label={t('answers.evidence')}>
        {fileIds.map((id, i) => {
          const file = files.get(id);
          if (!file) {
            return (
              <li key={id} className={classes.thumbMissing}>
                {t('answers.fileUnavailable')}
              </li>
            );
          }
          const index = images.indexOf(file);
          return (
            <li key={id}>
              {index >= 0 ? (
                <button
                  type="button"
                  className={classes.thumbButton}
                  onClick={() => setOpen(index)}
                  aria-label={t('answers.openPhoto', { index: i + 1, question })}
                >
                  {file.hasThumbnail ? (
                    <img src={fileUrl(id, '?thumbnail=1')} alt="" width={72} height={72} loading="lazy" />
                  ) : (
                    <FileIcon size={24} />
                  )}
                </button>
              ) : (
                <a
                  className={classes.thumbButton}
                  href={fileUrl(id, file.inline ? '?inline=1' : '')}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={t('answers.openFile', { name: file.name })}
                >
                  <FileIcon size={24} />
                </a>
              )}
            </li>
          );
        })}
      </ul>
      {open !== null && images[open] && (
        <Viewer images={images} index={open} onIndex={setOpen} onClose={() => setOpen(null)} question={question} />
      )}
    </>
  );
}

function Viewer({
  images,
  index,
  onIndex,
  onClose,
  question,
}: {
  images: TFile[];
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
  question: string;
}) {
  const { t, i18n } = useTranslation('review');
  const file = images[index];
  const rtl = i18n.dir() === 'rtl';
  const count = images.length;
  const go = (step: number) => onIndex((index + step + count) % count);
  useEffect(() => {
    if (count < 2) return;
    // Arrow keys anywhere in the open dialog; the one pointing forward in the reading direction moves on.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
      if (event.key === 'ArrowRight') onIndex((index + (rtl ? -1 : 1) + count) % count);
      else if (event.key === 'ArrowLeft') onIndex((index + (rtl ? 1 : -1) + count) % count);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [count, index, rtl, onIndex]);
  return (
    <Dialog
      title={t('viewer.title', { index: index + 1, total: images.length })}
      subtitle={<Bdi>{question}</Bdi>}
      width="xlarge"
      onClose={onClose}
      footerButtons={[{ content: t('viewer.close'), onClick: onClose }]}
    >
      <div className={classes.viewer}>
        <img
          className={classes.viewerImage}
          src={fileUrl(file.id, '?inline=1')}
          alt={t('viewer.alt', { index: index + 1, question })}
        />
        <div className={classes.viewerBar}>
          {images.length > 1 && (
            <IconButton
              icon={rtl ? ChevronRightIcon : ChevronLeftIcon}
              aria-label={t('viewer.previous')}
              onClick={() => go(-1)}
            />
          )}
          <Bdi className={classes.viewerName}>{file.name}</Bdi>
          {images.length > 1 && (
            <IconButton
              icon={rtl ? ChevronLeftIcon : ChevronRightIcon}
              aria-label={t('viewer.next')}
              onClick={() => go(1)}
            />
          )}
          <LinkButton href={fileUrl(file.id)} leadingVisual={DownloadIcon} size="small">
            {t('viewer.download')}
          </LinkButton>
        </div>
        <p className={classes.muted}>{t('viewer.hint')}</p>
      </div>
    </Dialog>
  );
}
