import { DownloadIcon } from '@primer/octicons-react';
import { Button, Text } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './TaskPdfButton.module.css';

/** The file name the server chose (Content-Disposition), else a plain one. */
function fileNameOf(header: string | null, id: number): string {
  const exact = header && /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (exact) return decodeURIComponent(exact);
  const plain = header && /filename="([^"]+)"/i.exec(header)?.[1];
  return plain || `inspection-${id}.pdf`;
}

/**
 * "Download PDF" for a task: GET /api/tasks/{id}/report.pdf in the current language. The file is
 * fetched first, so a refusal or a failure is said here (role="alert") rather than as a JSON page,
 * and the button shows that it is working meanwhile.
 */
export function TaskPdfButton({ taskId, size = 'medium' }: { taskId: number; size?: 'small' | 'medium' }) {
  const { t, i18n } = useTranslation('workflow');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const lang = i18n.language.slice(0, 2);
      const res = await fetch(`/api/tasks/${taskId}/report.pdf?lang=${encodeURIComponent(lang)}`, {
        credentials: 'same-origin',
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        throw new Error(body?.message ?? res.statusText);
      }
      const blob = await res.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = fileNameOf(res.headers.get('content-disposition'), taskId);
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className={classes.wrap}>
      <Button
        size={size}
        leadingVisual={DownloadIcon}
        loading={busy}
        title={t('tasks.pdf.hint')}
        onClick={() => void download()}
      >
        {busy ? t('tasks.pdf.preparing') : t('tasks.pdf.download')}
      </Button>
      {error && (
        <Text role="alert" size="small" className={classes.error}>
          {t('tasks.pdf.failed')}: {error}
        </Text>
      )}
    </span>
  );
}
