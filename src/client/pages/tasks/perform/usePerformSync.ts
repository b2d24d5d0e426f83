// The perform page's answers and their way to the server: local answers (the server's, with the
// outbox's waiting changes on top), every change written to the task's outbox on the device first
// (encrypted, offline/outbox-store.ts), then sent (debounced, in order), again when the connection
// returns and with a growing pause after a failure (offline/sync.ts, shared with the background). A
// check-in or a submit made without a connection waits in the same outbox, in its place in the order.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TAnswer } from '../../../../shared/schemas/tasks.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useSession } from '../../../lib/session.tsx';
import { type ConflictNotice, loadOffline, type OfflineLayer, useOnline } from '../../../offline/index.ts';
import type { AnswerPatch, FileRef, Outbox, StartOp } from './outbox.ts';
import { applyPatch, type LocalAnswers, localAnswers } from './perform-state.ts';

/** Pause after the last change before sending (autosave). */
const DEBOUNCE_MS = 600;
const SIGNATURE_ASIDE = 'signature';
export const SUBMIT_ID = 'submitId';

export type CheckInRecord = Omit<StartOp, 'kind' | 'id' | 'taskId' | 'seq'>;

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
  /** The device could not keep the last change (its storage is full). */
  storageFull: boolean;
  /** The server refused the work because the task changed: handed in with the task, said here. */
  conflict: ConflictNotice | null;
  /** A check-in made offline, waiting to be sent. */
  startWaiting: StartOp | null;
  /** A submit made on the device, waiting to be sent. */
  submitWaiting: boolean;
  /** A signature kept aside (schemes requiring one without a signature question). */
  signatureAside: FileRef | null;
  change: (questionKey: string, patch: AnswerPatch) => void;
  addFile: (questionKey: string, name: string, blob: Blob) => Promise<FileRef>;
  setSignatureAside: (ref: FileRef | null) => void;
  /** Keep a check-in made without a connection (sent first once online). */
  checkInOffline: (record: CheckInRecord) => Promise<void>;
  /** Keep the submit on the device (sent after every change before it). */
  submitOffline: (signature: FileRef | null) => Promise<void>;
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
  const errorText = useErrorText();
  const { user } = useSession();
  const userId = user?.id ?? null;
  const online = useOnline();
  const [layer, setLayer] = useState<OfflineLayer | null>(null);
  const [outbox, setOutbox] = useState<Outbox | null>(null);
  const [answers, setAnswers] = useState<LocalAnswers>({});
  const [version, setVersion] = useState(0);
  const [refused, setRefused] = useState<{ error: unknown } | null>(null);
  const [storageFull, setStorageFull] = useState(false);
  const [conflict, setConflict] = useState<ConflictNotice | null>(null);
  const [signatureAside, setAside] = useState<FileRef | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const urls = useRef(new Map<string, string>());
  const flushRef = useRef<() => Promise<boolean>>(() => Promise.resolve(true));

  // Open the task's outbox once the server's (or the device's) answers are in, and merge its waiting
  // changes over them.
  const loaded = serverAnswers !== undefined;
  useEffect(() => {
    if (!loaded || !active || userId === null) return;
    let cancelled = false;
    void (async () => {
      const offline = await loadOffline();
      offline.startOffline(userId);
      const opened = await offline.outboxFor(taskId);
      const aside = (await opened.meta<FileRef>(SIGNATURE_ASIDE)) ?? null;
      if (cancelled) return;
      setAnswers(localAnswers(serverAnswers ?? [], opened.pending()));
      setAside(aside);
      setLayer(offline);
      setOutbox(opened);
    })();
    return () => {
      cancelled = true;
    };
    // Only the first answers seed the page; later ones never overwrite what the inspector did.
  }, [taskId, loaded, active, userId]);

  // Work of this task the server refused while the device was offline: said whatever the task's state now.
  useEffect(() => {
    if (userId === null) return;
    let cancelled = false;
    void loadOffline().then(async (offline) => {
      offline.startOffline(userId);
      const found = await offline.conflictOf(taskId).catch(() => null);
      if (!cancelled) setConflict(found);
    });
    return () => {
      cancelled = true;
    };
  }, [taskId, userId]);

  useEffect(() => outbox?.subscribe(() => setVersion((v) => v + 1)), [outbox]);

  const flushNow = useCallback(async (): Promise<boolean> => {
    if (!outbox || !layer) return false;
    clearTimeout(timer.current);
    const result = await layer.flushTask(taskId);
    if (result.ok) return true;
    if ('conflict' in result) {
      setConflict(await layer.conflictOf(taskId));
      return false;
    }
    if (result.permanent) {
      const { error } = result;
      setRefused({ error: error instanceof Error && error.cause ? error.cause : error });
      // What follows the refused change may still go.
      timer.current = setTimeout(() => void flushRef.current(), 0);
    }
    // A transient failure: the offline layer tries again after a growing pause, and when back online.
    return false;
  }, [outbox, layer, taskId]);
  flushRef.current = flushNow;

  const schedule = useCallback((delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flushRef.current(), delay);
  }, []);

  // Send what a previous visit left, and again whenever the connection comes back.
  useEffect(() => {
    if (outbox && online && outbox.size > 0) schedule(0);
  }, [outbox, online, schedule]);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(
    () => () => {
      for (const url of urls.current.values()) URL.revokeObjectURL(url);
    },
    [],
  );

  // A write the device refused (full storage) is said, never silent; the change stays on screen.
  const kept = useCallback(
    async (write: () => Promise<unknown>) => {
      try {
        await write();
        setStorageFull(false);
        return true;
      } catch (error) {
        layer?.noteWriteError(error);
        if (error instanceof Error && error.name === 'StorageFullError') setStorageFull(true);
        else throw error;
        return false;
      }
    },
    [layer],
  );

  const change = useCallback(
    (questionKey: string, patch: AnswerPatch) => {
      setAnswers((all) => ({ ...all, [questionKey]: applyPatch(all[questionKey], patch) }));
      if (!outbox) return;
      void kept(() => outbox.answer(questionKey, patch)).then((ok) => ok && schedule(DEBOUNCE_MS));
    },
    [outbox, schedule, kept],
  );

  const addFile = useCallback(
    async (questionKey: string, name: string, blob: Blob) => {
      if (!outbox) throw new Error('The outbox is not open yet');
      let ref: FileRef = '';
      const ok = await kept(async () => {
        ref = await outbox.upload(questionKey, name, blob);
      });
      if (!ok) throw new Error('The device storage is full');
      urls.current.set(ref, URL.createObjectURL(blob));
      schedule(DEBOUNCE_MS);
      return ref;
    },
    [outbox, schedule, kept],
  );

  const setSignatureAside = useCallback(
    (ref: FileRef | null) => {
      setAside(ref);
      if (outbox) void kept(() => outbox.setMeta(SIGNATURE_ASIDE, ref));
    },
    [outbox, kept],
  );

  const checkInOffline = useCallback(
    async (record: CheckInRecord) => {
      if (!outbox) throw new Error('The outbox is not open yet');
      await kept(() => outbox.start(record));
      schedule(0);
    },
    [outbox, schedule, kept],
  );

  const submitOffline = useCallback(
    async (signature: FileRef | null) => {
      if (!outbox) throw new Error('The outbox is not open yet');
      // The same id as a submit tried online before: the server answers it once.
      const id = (await outbox.meta<string | null>(SUBMIT_ID)) ?? crypto.randomUUID();
      await kept(async () => {
        await outbox.setMeta(SUBMIT_ID, id);
        await outbox.submit(signature, id);
      });
      schedule(0);
    },
    [outbox, schedule, kept],
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
    storageFull,
    conflict,
    startWaiting: outbox?.startWaiting ?? null,
    submitWaiting: !!outbox?.submitWaiting,
    signatureAside,
    change,
    addFile,
    setSignatureAside,
    checkInOffline,
    submitOffline,
    resolve: (ref) => outbox?.resolve(ref) ?? null,
    localUrl,
    flushNow,
    outbox,
  };
}
