// The scheme section by section, with progress, what still waits to be sent, and Submit (enabled only
// when every required visible question, evidence rule and the signature are satisfied and nothing waits).
import { Banner, Button, ProgressBar } from '@primer/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSchemeDetail } from '../../../../shared/schemas/schemes.ts';
import type { TTaskDetail } from '../../../../shared/schemas/tasks.ts';
import { Bdi } from '../../../components/Bidi/index.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { trpc } from '../../../lib/trpc.ts';
import { hasSignatureQuestion, performView, signatureRef } from './perform-state.ts';
import { QuestionField } from './QuestionField.tsx';
import { SignaturePad } from './SignaturePad.tsx';
import { type PerformSync, SUBMIT_ID } from './usePerformSync.ts';
import classes from './Perform.module.css';

/** Questions still missing listed by name (the rest counted). */
const MISSING_SHOWN = 5;

export function Checklist({
  task,
  scheme,
  sync,
  flagged,
}: {
  task: TTaskDetail;
  scheme: TSchemeDetail;
  sync: PerformSync;
  flagged: ReadonlyMap<string, string | null>;
}) {
  const { t } = useTranslation('perform');
  const errorText = useErrorText();
  const [index, setIndex] = useState(0);
  const top = useRef<HTMLHeadingElement>(null);
  const signature = signatureRef(scheme, sync.answers, sync.signatureAside);
  const view = useMemo(() => performView(scheme, sync.answers, signature), [scheme, sync.answers, signature]);
  const utils = trpc.useUtils();
  const submit = trpc.tasks.submit.useMutation({
    onSuccess: async () => {
      await sync.outbox?.setMeta(SUBMIT_ID, null);
      await utils.tasks.bySlot.invalidate();
    },
  });
  const sections = scheme.sections;
  const section = sections[Math.min(index, sections.length - 1)];
  const questionsByKey = new Map(sections.flatMap((s) => s.questions.map((q) => [q.key, q] as const)));
  const missing = [
    ...view.problems.missing,
    ...view.problems.evidence.filter((k) => !view.problems.missing.includes(k)),
  ];
  // Online, Submit waits until every change went; offline it is kept on the device, after them.
  const ready = missing.length === 0 && !view.problems.signature && (sync.waiting === 0 || !sync.online) && sync.ready;

  useEffect(() => {
    if (index > 0) top.current?.focus();
  }, [index]);

  const goTo = (key: string) => {
    const at = sections.findIndex((s) => s.questions.some((q) => q.key === key));
    if (at >= 0) setIndex(at);
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-question="${key}"] input, [data-question="${key}"] textarea`)?.focus(),
    );
  };

  const send = async () => {
    if (!navigator.onLine) {
      await sync.submitOffline(signature);
      return;
    }
    // A retried submit reuses the id it was first sent with: the server answers it once.
    const clientMutationId = (await sync.outbox?.meta<string | null>(SUBMIT_ID)) ?? crypto.randomUUID();
    await sync.outbox?.setMeta(SUBMIT_ID, clientMutationId);
    const signatureFileId = signature === null ? undefined : (sync.resolve(signature) ?? undefined);
    submit.mutate(
      { id: task.id, clientMutationId, signatureFileId },
      {
        // The connection dropped on the way: kept on the device and sent once it is back.
        onError: (error) => {
          if (!(error.data as { httpStatus?: number } | undefined)?.httpStatus) void sync.submitOffline(signature);
        },
      },
    );
  };

  const photoProps = {
    addFile: sync.addFile,
    resolve: sync.resolve,
    localUrl: sync.localUrl,
    uploadsWaiting: sync.uploadsWaiting,
  };
  const sectionCount = (s: (typeof sections)[number]) => {
    const keys = s.questions.filter((q) => view.visible.has(q.key));
    return { done: keys.filter((q) => view.done.has(q.key)).length, total: keys.length };
  };

  return (
    <>
      <div className={classes.card}>
        <p className={classes.status}>{t('progress', { answered: view.answered, total: view.total })}</p>
        <ProgressBar progress={view.total ? (100 * view.answered) / view.total : 0} aria-label={t('progressLabel')} />
        <p role="status" className={`${classes.status} ${sync.waiting ? classes.statusWaiting : classes.statusSaved}`}>
          {sync.waiting ? t('waiting', { count: sync.waiting }) : t('allSaved')}
          {!sync.online && ` · ${t('offline')}`}
        </p>
        {sync.refused && <Banner variant="critical" title={t('refused')} description={sync.refused} />}
        {sync.storageFull && <Banner variant="critical" title={t('offline.full')} />}
      </div>

      <nav aria-label={t('sections')}>
        <ol className={classes.sectionNav}>
          {sections.map((s, i) => {
            const c = sectionCount(s);
            return (
              <li key={s.id}>
                <Button
                  size="small"
                  variant={i === index ? 'primary' : 'default'}
                  aria-current={i === index ? 'step' : undefined}
                  onClick={() => setIndex(i)}
                >
                  <Bdi>{s.title}</Bdi> <span className={classes.ltr}>{`${c.done}/${c.total}`}</span>
                </Button>
              </li>
            );
          })}
        </ol>
      </nav>

      <section className={classes.card} aria-labelledby="perform-section-title">
        <h2 id="perform-section-title" ref={top} tabIndex={-1} className={classes.sectionTitle}>
          <Bdi>{section.title}</Bdi>
        </h2>
        <p className={classes.muted}>{t('sectionOf', { n: index + 1, total: sections.length })}</p>
        {section.questions
          .filter((q) => view.visible.has(q.key))
          .map((q) => (
            <QuestionField
              key={q.key}
              question={q}
              answer={sync.answers[q.key]}
              onChange={(patch) => sync.change(q.key, patch)}
              evidenceNeeded={view.evidence.get(q.key) ?? 0}
              flagged={flagged.has(q.key)}
              reviewComment={flagged.get(q.key) ?? null}
              photos={photoProps}
            />
          ))}
        <div className={classes.footer}>
          <Button onClick={() => setIndex(index - 1)} disabled={index === 0}>
            {t('previous')}
          </Button>
          <Button onClick={() => setIndex(index + 1)} disabled={index >= sections.length - 1}>
            {t('next')}
          </Button>
        </div>
      </section>

      {scheme.requireSignature && !hasSignatureQuestion(scheme) && (
        <fieldset className={classes.question}>
          <legend className={classes.legend}>{t('signature')}</legend>
          <SignaturePad
            questionKey=""
            files={sync.signatureAside ? [sync.signatureAside] : []}
            onFiles={(f) => sync.setSignatureAside(f[0] ?? null)}
            photos={photoProps}
          />
        </fieldset>
      )}

      <section className={classes.card} aria-labelledby="perform-submit-title">
        <h2 id="perform-submit-title" className={classes.sectionTitle}>
          {t('submitTitle')}
        </h2>
        {missing.length > 0 && (
          <>
            <p className={classes.muted}>{t('missing', { count: missing.length })}</p>
            <ul className={classes.missing}>
              {missing.slice(0, MISSING_SHOWN).map((key) => (
                <li key={key}>
                  <button type="button" className={classes.linkButton} onClick={() => goTo(key)}>
                    <Bdi>{questionsByKey.get(key)?.text ?? key}</Bdi>
                    {view.problems.evidence.includes(key) && ` · ${t('needsPhotos')}`}
                  </button>
                </li>
              ))}
            </ul>
            {missing.length > MISSING_SHOWN && (
              <p className={classes.muted}>{t('moreMissing', { count: missing.length - MISSING_SHOWN })}</p>
            )}
          </>
        )}
        {view.problems.signature && <p className={classes.muted}>{t('needsSignature')}</p>}
        {sync.waiting > 0 && sync.online && <p className={classes.muted}>{t('submitWaits')}</p>}
        {!sync.online && <p className={classes.muted}>{t('offline.submitOffline')}</p>}
        {submit.error && (
          <Banner variant="critical" title={t('submitFailed')} description={errorText.error(submit.error)} />
        )}
        <Button
          variant="primary"
          size="large"
          block
          disabled={!ready || submit.isPending}
          loading={submit.isPending}
          onClick={() => void send()}
        >
          {t('submit')}
        </Button>
      </section>
    </>
  );
}
