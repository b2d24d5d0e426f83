import { Banner, Checkbox, Dialog, FormControl, Link, ProgressBar, Text } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldIssue } from '../../../shared/errors.ts';
import type { TImport, TImportError, TImportKind } from '../../../shared/schemas/imports.ts';
import { useErrorText } from '../../lib/error-text.ts';
import { trpc } from '../../lib/trpc.ts';
import { uploadFile } from '../../lib/upload.ts';
import classes from './ImportDialog.module.css';

/** An import row error in the reader's language (its key), else the server's English. */
export function useImportErrorText(): (error: TImportError) => string {
  const errorText = useErrorText();
  return (error) => {
    if (!error.key) return error.message;
    const params = error.values ?? {};
    const issue: FieldIssue = error.key.startsWith('validation:')
      ? { code: 'custom', key: error.key.slice('validation:'.length), params }
      : { code: 'error', key: error.key, params };
    return errorText.issue(issue);
  };
}

/** Where an import stands, as a progress bar and its words (running imports refresh every second). */
export function ImportProgress({ id }: { id: number }) {
  const { t } = useTranslation('imports');
  const query = trpc.imports.byId.useQuery(
    { id },
    { refetchInterval: (q) => (q.state.data?.status === 'running' ? 1000 : false) },
  );
  const item = query.data;
  if (!item) return null;
  const percent = item.total ? Math.round((100 * item.processed) / item.total) : 0;
  return (
    <div className={classes.progress}>
      <ProgressBar progress={item.status === 'done' ? 100 : percent} aria-label={t('progress')} />
      <Text size="small">
        {item.status === 'running'
          ? t('processed', { processed: item.processed, total: item.total })
          : t(`status.${item.status}`)}
      </Text>
    </div>
  );
}

function Counts({ item, planned }: { item: TImport; planned: boolean }) {
  const { t } = useTranslation('imports');
  const rows = planned
    ? [
        ['create', item.create],
        ['update', item.update],
        ['unchanged', item.unchanged],
        ['refused', item.refused],
      ]
    : [
        ['created', item.created],
        ['updated', item.updated],
        ['unchanged', item.unchanged],
        ['refused', item.refused],
      ];
  return (
    <dl className={classes.counts}>
      {rows.map(([key, value]) => (
        <div key={key}>
          <dt>{t(`counts.${key}`)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Errors({ errors }: { errors: TImportError[] }) {
  const { t } = useTranslation('imports');
  const text = useImportErrorText();
  if (!errors.length) return null;
  return (
    <div className={classes.tableWrap}>
      <table className={classes.table}>
        <caption>{t('errorsTitle', { count: errors.length })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('line')}</th>
            <th scope="col">{t('column')}</th>
            <th scope="col">{t('message')}</th>
          </tr>
        </thead>
        <tbody>
          {errors.slice(0, 100).map((e, i) => (
            <tr key={`${e.line}-${e.column}-${i}`}>
              <td>{e.line}</td>
              <td>
                <code>{e.column}</code>
              </td>
              <td>{text(e)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Samples({ item }: { item: TImport }) {
  const { t } = useTranslation('imports');
  const groups = (['create', 'update'] as const).filter((g) => item.samples[g].length);
  return (
    <>
      {groups.map((group) => {
        const rows = item.samples[group];
        const columns = Object.keys(rows[0]).filter((c) => rows.some((r) => r[c]));
        return (
          <div key={group} className={classes.tableWrap}>
            <table className={classes.table}>
              <caption>{t(`samples.${group}`)}</caption>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, i) => (
                  <tr key={i}>
                    {columns.map((c) => (
                      <td key={c}>{row[c]}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      })}
    </>
  );
}

/** A link to the refused rows of an import, as CSV with their reasons. */
export function RefusedRowsLink({ item }: { item: Pick<TImport, 'id' | 'refused'> }) {
  const { t } = useTranslation('imports');
  if (!item.refused) return null;
  return (
    <Link href={`/api/imports/${item.id}/refused.csv`} download>
      {t('refusedFile', { count: item.refused })}
    </Link>
  );
}

/**
 * Import a CSV or XLSX file into a list: upload, preview (counts, errors by line and column, the first rows
 * to create and change), run as a background job with its progress, result. Closing it while the import
 * runs leaves the job running: Management → Imports shows it.
 */
export function ImportDialog({ kind, onClose }: { kind: TImportKind; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation('imports');
  const errorText = useErrorText();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<TImport | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [running, setRunning] = useState<number | null>(null);
  const previewImport = trpc.imports.preview.useMutation();
  const runImport = trpc.imports.run.useMutation();
  const result = trpc.imports.byId.useQuery(
    { id: running ?? 0 },
    { enabled: running !== null, refetchInterval: (q) => (q.state.data?.status === 'running' ? 1000 : false) },
  );
  const done = result.data && (result.data.status === 'done' || result.data.status === 'failed') ? result.data : null;

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      const uploaded = await uploadFile(file, () => undefined).done;
      setPreview(await previewImport.mutateAsync({ kind, fileId: uploaded.id }));
    } catch (error) {
      setFailure(errorText.error(error));
    } finally {
      setBusy(false);
    }
  };
  const run = async () => {
    if (!preview) return;
    setBusy(true);
    setFailure(null);
    try {
      await runImport.mutateAsync({ id: preview.id, skipInvalid: preview.errors.length ? skipInvalid : undefined });
      setRunning(preview.id);
    } catch (error) {
      setFailure(errorText.error(error));
    } finally {
      setBusy(false);
    }
  };

  const step = done ? 'result' : running !== null ? 'running' : preview ? 'preview' : 'upload';
  const buttons =
    step === 'upload'
      ? [
          { content: t('cancel'), onClick: () => onClose(false) },
          {
            content: t('preview'),
            buttonType: 'primary' as const,
            onClick: () => void upload(),
            disabled: !file,
            loading: busy,
          },
        ]
      : step === 'preview'
        ? [
            { content: t('cancel'), onClick: () => onClose(false) },
            {
              content: t('run'),
              buttonType: 'primary' as const,
              onClick: () => void run(),
              disabled: !!preview?.errors.length && !skipInvalid,
              loading: busy,
            },
          ]
        : [{ content: t('close'), buttonType: 'primary' as const, onClick: () => onClose(step === 'result') }];

  return (
    <Dialog
      title={t(`title.${kind}`)}
      width="xlarge"
      position={{ narrow: 'fullscreen', regular: 'center' }}
      onClose={() => onClose(step === 'result')}
      footerButtons={buttons}
    >
      {failure && (
        <Banner variant="critical" title={t('failed')} description={failure} hideTitle className={classes.banner} />
      )}
      {step === 'upload' && (
        <FormControl>
          <FormControl.Label>{t('file')}</FormControl.Label>
          <input
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <FormControl.Caption>{t('fileHint')}</FormControl.Caption>
        </FormControl>
      )}
      {step === 'preview' && preview && (
        <>
          <Text as="p">{t('previewIntro', { total: preview.total, name: preview.fileName })}</Text>
          <Counts item={preview} planned />
          <Errors errors={preview.errors} />
          {preview.errors.length > 0 && (
            <FormControl>
              <Checkbox checked={skipInvalid} onChange={(e) => setSkipInvalid(e.target.checked)} />
              <FormControl.Label>{t('skipInvalid')}</FormControl.Label>
            </FormControl>
          )}
          <Samples item={preview} />
        </>
      )}
      {step === 'running' && running !== null && (
        <>
          <Text as="p">{t('runningIntro')}</Text>
          <ImportProgress id={running} />
        </>
      )}
      {step === 'result' && done && (
        <>
          <Banner
            variant={done.status === 'done' ? 'success' : 'critical'}
            title={t(`status.${done.status}`)}
            description={done.failure ? errorText.issue({ code: 'error', key: done.failure, params: {} }) : undefined}
            className={classes.banner}
          />
          <Counts item={done} planned={false} />
          <Errors errors={done.errors} />
          <RefusedRowsLink item={done} />
        </>
      )}
    </Dialog>
  );
}
