// A signature: drawn with a finger, a pen or the mouse on a canvas, or typed (the keyboard's way: the
// typed name is written on the canvas); saved as a PNG through the outbox like a photo, and cleared.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRef } from './outbox.ts';
import { type PhotoProps, photoSrc } from './PhotoInput.tsx';
import classes from './Perform.module.css';

interface Props {
  /** The signature question's key ('' for a signature kept beside the questions). */
  questionKey: string;
  files: FileRef[];
  onFiles: (files: FileRef[]) => void;
  photos: PhotoProps;
}

export function SignaturePad({ questionKey, files, onFiles, photos }: Props) {
  const { t } = useTranslation('perform');
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [drawn, setDrawn] = useState(false);
  const [typed, setTyped] = useState('');
  const [saving, setSaving] = useState(false);
  const saved = files[0];

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const rect = c.getBoundingClientRect();
    c.width = Math.max(300, Math.round(rect.width));
    c.height = Math.max(100, Math.round(rect.width / 3));
  }, [saved]);

  const ctx = () => {
    const c = canvas.current?.getContext('2d');
    if (c) {
      c.lineWidth = 2.5;
      c.lineCap = 'round';
      c.strokeStyle = '#111';
      c.fillStyle = '#111';
    }
    return c;
  };
  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return {
      x: ((e.clientX - r.left) * e.currentTarget.width) / r.width,
      y: ((e.clientY - r.top) * e.currentTarget.height) / r.height,
    };
  };

  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    setDrawn(false);
  };

  const writeTyped = () => {
    const c = canvas.current;
    const g = ctx();
    if (!c || !g || !typed.trim()) return;
    g.clearRect(0, 0, c.width, c.height);
    g.font = `italic ${Math.round(c.height / 3)}px "Brush Script MT", cursive, serif`;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText(typed.trim(), c.width / 2, c.height / 2, c.width - 20);
    setDrawn(true);
  };

  const save = async () => {
    const c = canvas.current;
    if (!c) return;
    setSaving(true);
    try {
      // White behind the strokes: the PNG reads the same in a dark viewer.
      const out = document.createElement('canvas');
      out.width = c.width;
      out.height = c.height;
      const g = out.getContext('2d');
      if (!g) return;
      g.fillStyle = '#fff';
      g.fillRect(0, 0, out.width, out.height);
      g.drawImage(c, 0, 0);
      const blob = await new Promise<Blob | null>((resolve) => out.toBlob(resolve, 'image/png'));
      if (!blob) return;
      const ref = await photos.addFile(questionKey, 'signature.png', blob);
      onFiles([ref]);
      clear();
      setTyped('');
    } finally {
      setSaving(false);
    }
  };

  if (saved) {
    const src = photoSrc(saved, photos);
    return (
      <div className={classes.row}>
        {src && <img src={src} alt={t('signatureSaved')} className={classes.canvas} />}
        <span className={classes.muted}>{photos.uploadsWaiting.has(saved) ? t('photoWaiting') : t('photoSent')}</span>
        <button type="button" className={classes.linkButton} onClick={() => onFiles([])}>
          {t('signAgain')}
        </button>
      </div>
    );
  }

  return (
    <>
      <canvas
        ref={canvas}
        className={classes.canvas}
        role="img"
        aria-label={t('signatureArea')}
        onPointerDown={(e) => {
          drawing.current = true;
          e.currentTarget.setPointerCapture(e.pointerId);
          const g = ctx();
          const p = point(e);
          g?.beginPath();
          g?.moveTo(p.x, p.y);
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const g = ctx();
          const p = point(e);
          g?.lineTo(p.x, p.y);
          g?.stroke();
          setDrawn(true);
        }}
        onPointerUp={() => {
          drawing.current = false;
        }}
      />
      <div className={classes.row}>
        <label className={classes.row}>
          {t('typeName')}
          <input
            className={classes.input}
            style={{ width: 'auto' }}
            dir="auto"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
        <button type="button" className={classes.secondaryButton} onClick={writeTyped} disabled={!typed.trim()}>
          {t('useTypedName')}
        </button>
      </div>
      <div className={classes.row}>
        <button type="button" className={classes.secondaryButton} onClick={clear} disabled={!drawn}>
          {t('clearSignature')}
        </button>
        <button type="button" className={classes.primaryButton} onClick={() => void save()} disabled={!drawn || saving}>
          {t('saveSignature')}
        </button>
      </div>
    </>
  );
}
