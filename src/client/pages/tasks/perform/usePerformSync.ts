// The perform page's answers and their way to the server: local answers (the server's, with the
// outbox's waiting changes on top), every change written to the outbox first, then sent (debounced,
// in order), again when the connection returns and with a growing pause after a failure.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { TAnswer } from '../../../../shared/schemas/tasks.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { trpc } from '../../../lib/trpc.ts';
import { type AnswerPatch, backoffMs, type FileRef, Outbox, PermanentError } from './outbox.ts';
import { outboxStore } from './outbox-idb.ts';
import { applyPatch, type LocalAnswers, localAnswers } from './perform-state.ts';
import { performTransport } from './transport.ts';

/** Pause after the last change before sending (autosave). */
const DEBOUNCE_MS = 600;
const SIGNATURE_ASIDE = 'signature';

function subscribeOnline(notify: () => void) {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

export interface PerformSync {
  ready: boolean;
  answers: LocalAnswers;
  /** Changes not yet confirmed by the server. */
  waiting: number;
  /** Client ids of the uploads not yet stored. */
  uploadsWaiting: ReadonlySet<string>;
  online: boolean;
  /** The last change the server refused for good (dropped from the outbox), and why. */
  refused: string | null;
  /** A signature kept aside (schemes requiring one without a signature question). */
  signatureAside: FileRef | null;
  change: (questionKey: string, patch: AnswerPatch) => void;
  addFile: (questionKey: string, name: string, blob: Blob) => Promise<FileRef>;
  setSignatureAside: (ref: FileRef | null) => void;
  /** The stored id of a file ref, once uploaded. */
  resolve: (ref: FileRef) => number | null;
  /** An object URL for a ref still waiting (its blob), else null. */
  localUrl: (ref: FileRef) => string | null;
  /** Send now (e.g. before submitting); resolves when nothing waits or sending failed. */
  flushNow: () => Promise<boolean>;
  outbox: Outbox | null;
}

export function usePerformSync(
  taskId: number,
  serverAnswers: readonly TAnswer[] | undefined,
  active: boolean,
): PerformSync {
  const utils = trpc.useUtils();
  const errorText = useErrorText();
  const online = useOnline();
  const [outbox, setOutbox] = useState<Outbox | null>(null);
  const [answers, setAnswers] = useState<LocalAnswers>({});
  const [version, setVersion] = useState(0);
  const [refused, setRefused] = useState<{ error: unknown } | null>(null);
  const [signatureAside, setAside] = useState<FileRef | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const attempt = useRef(0);
  const urls = useRef(new Map<string, string>());
  const flushRef = useRef<() => Promise<boolean>>(() => Promise.resolve(true));

  // Open the task's outbox once the server's answers are in, and merge its waiting changes over them.
  const loaded = serverAnswers !== undefined;
  useEffect(() => {
    if (!loaded || !active) return;
    let cancelled = false;
    void (async () => {
      const opened = await Outbox.open(await outboxStore(), taskId);
      const aside = (await opened.meta<FileRef>(SIGNATURE_ASIDE)) ?? null;
      if (cancelled) return;
      setAnswers(localAnswers(serverAnswers ?? [], opened.pending()));
      setAside(aside);
      setOutbox(opened);
    })();
    return () => {
      cancelled = true;
    };
    // Only the first server answers seed the page; later ones never overwrite what the inspector did.
  }, [taskId, loaded, active]);

  useEffect(() => outbox?.subscribe(() => setVersion((v) => v + 1)), [outbox]);

  const flushNow = useCallback(async (): Promise<boolean> => {
    if (!outbox) return false;
    clearTimeout(timer.current);
    const transport = performTransport((input) => utils.client.tasks.saveAnswers.mutate(input));
    const result = await outbox.flush(transport);
    if (result.ok) {
      attempt.current = 0;
      if (result.sent > 0) void utils.tasks.bySlot.invalidate();
      return true;
    }
    if (result.permanent) {
      const { error } = result;
      setRefused({ error: error instanceof PermanentError && error.cause ? error.cause : error });
      // What follows the refused change may still go.
      timer.current = setTimeout(() => void flushRef.current(), 0);
      return false;
    }
    attempt.current += 1;
    if (navigator.onLine) timer.current = setTimeout(() => void flushRef.current(), backoffMs(attempt.current));
    return false;
  }, [outbox, utils]);
  flushRef.current = flushNow;

  const schedule = useCallback((delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flushRef.current(), delay);
  }, []);

  // Send what a previous visit left, and again whenever the connection comes back.
  useEffect(() => {
    if (outbox && online && outbox.size > 0) {
      attempt.current = 0;
      schedule(0);
    }
  }, [outbox, online, schedule]);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(
    () => () => {
      for (const url of urls.current.values()) URL.revokeObjectURL(url);
    },
    [],
  );

  const change = useCallback(
    (questionKey: string, patch: AnswerPatch) => {
      setAnswers((all) => ({ ...all, [questionKey]: applyPatch(all[questionKey], patch) }));
      if (!outbox) return;
      void outbox.answer(questionKey, patch).then(() => schedule(DEBOUNCE_MS));
    },
    [outbox, schedule],
  );

  const addFile = useCallback(
    async (questionKey: string, name: string, blob: Blob) => {
      if (!outbox) throw new Error('The outbox is not open yet');
      const ref = await outbox.upload(questionKey, name, blob);
      urls.current.set(ref, URL.createObjectURL(blob));
      schedule(DEBOUNCE_MS);
      return ref;
    },
    [outbox, schedule],
  );

  const setSignatureAside = useCallback(
    (ref: FileRef | null) => {
      setAside(ref);
      void outbox?.setMeta(SIGNATURE_ASIDE, ref);
    },
    [outbox],
  );

  const pending = outbox?.pending() ?? [];
  const uploadsWaiting = new Set(pending.filter((op) => op.kind === 'upload').map((op) => op.id));
  const localUrl = (ref: FileRef): string | null => {
    const known = urls.current.get(ref);
    if (known) return known;
    const op = pending.find((o) => o.kind === 'upload' && o.id === ref);
    if (!op || op.kind !== 'upload') return null;
    const url = URL.createObjectURL(op.blob);
    urls.current.set(ref, url);
    return url;
  };
  void version;

  return {
    ready: outbox !== null,
    answers,
    waiting: pending.length,
    uploadsWaiting,
    online,
    refused: refused && errorText.error(refused.error),
    signatureAside,
    change,
    addFile,
    setSignatureAside,
    resolve: (ref) => outbox?.resolve(ref) ?? null,
    localUrl,
    flushNow,
    outbox,
  };
}
