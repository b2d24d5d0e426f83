// The app's one feedback system for outcomes: toasts in a polite live region,
// stacked at the bottom inline-end corner (bottom, full width, on phones), dismissed after ~5 s
// unless the pointer or focus is on them, each with a dismiss button and, where the action can be
// undone, an Undo button. F8 moves focus to the newest toast. Errors that need action stay inline.
import { AlertIcon, CheckCircleIcon, InfoIcon, XIcon } from '@primer/octicons-react';
import { Button, IconButton, Spinner } from '@primer/react';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './Toast.module.css';

export type ToastVariant = 'success' | 'info' | 'critical' | 'progress';

export interface ToastOptions {
  message: ReactNode;
  variant?: ToastVariant;
  /** One action (Undo). Choosing it dismisses the toast first. */
  action?: { label: string; onAction: () => unknown };
  /** Milliseconds before it goes by itself; null keeps it (progress) until updated or dismissed. */
  duration?: number | null;
}

export interface ToastApi {
  show: (options: ToastOptions) => number;
  update: (id: number, options: Partial<ToastOptions>) => void;
  dismiss: (id: number) => void;
}

interface Toast extends ToastOptions {
  id: number;
  /** Changes with every update, restarting the toast's timer. */
  revision: number;
}

/** How long a toast stays: long enough to read a sentence and reach Undo. */
export const TOAST_DURATION = 5000;
/** At most this many toasts at once; older ones go first. */
const MAX_TOASTS = 4;

const ToastContext = createContext<ToastApi | null>(null);

/** The toasts of the app; `App` mounts the provider once. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() needs <ToastProvider> (mounted in App)');
  return api;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const api = useMemo<ToastApi>(
    () => ({
      show(options) {
        const id = next.current++;
        setToasts((list) => [...list, { ...options, id, revision: 0 }].slice(-MAX_TOASTS));
        return id;
      },
      update(id, options) {
        setToasts((list) =>
          list.map((toast) => (toast.id === id ? { ...toast, ...options, revision: toast.revision + 1 } : toast)),
        );
      },
      dismiss(id) {
        setToasts((list) => list.filter((toast) => toast.id !== id));
      },
    }),
    [],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastViewport toasts={toasts} api={api} />
    </ToastContext.Provider>
  );
}

function ToastViewport({ toasts, api }: { toasts: Toast[]; api: ToastApi }) {
  const { t } = useTranslation();
  const region = useRef<HTMLElement>(null);
  // Hover or focus anywhere on the toasts pauses every timer (so a stack can be read and reached).
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      const buttons = region.current?.querySelectorAll<HTMLButtonElement>('li:last-child button');
      if (!buttons?.length) return;
      event.preventDefault();
      buttons[0].focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section
      ref={region}
      className={classes.viewport}
      aria-label={t('toast.region')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      {/* The live region holds the list (a role on the <ol> itself would take its list semantics away). */}
      <div role="status" aria-live="polite">
        <ol className={classes.list}>
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} paused={paused} onDismiss={() => api.dismiss(toast.id)} />
          ))}
        </ol>
      </div>
    </section>
  );
}

const ICONS = { success: CheckCircleIcon, info: InfoIcon, critical: AlertIcon } as const;

function ToastItem({ toast, paused, onDismiss }: { toast: Toast; paused: boolean; onDismiss: () => void }) {
  const { t } = useTranslation();
  const variant = toast.variant ?? 'success';
  const duration = toast.duration === undefined ? TOAST_DURATION : toast.duration;
  const remaining = useRef(duration);
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;

  // An update (progress → summary) starts the full time again.
  useEffect(() => {
    remaining.current = duration;
  }, [toast.revision, duration]);

  useEffect(() => {
    if (paused || remaining.current === null) return;
    const started = Date.now();
    const timer = setTimeout(() => dismiss.current(), remaining.current);
    return () => {
      clearTimeout(timer);
      if (remaining.current !== null) remaining.current = Math.max(1000, remaining.current - (Date.now() - started));
    };
  }, [paused, toast.revision, duration]);

  const Icon = variant === 'progress' ? null : ICONS[variant];
  return (
    <li className={classes.toast} data-variant={variant}>
      <span className={classes.icon} aria-hidden="true">
        {Icon ? <Icon size={16} /> : <Spinner size="small" srText={null} />}
      </span>
      <span className={classes.message}>{toast.message}</span>
      {toast.action && (
        <Button
          size="small"
          variant="invisible"
          className={classes.action}
          onClick={() => {
            onDismiss();
            void toast.action?.onAction();
          }}
        >
          {toast.action.label}
        </Button>
      )}
      <IconButton icon={XIcon} size="small" variant="invisible" aria-label={t('toast.dismiss')} onClick={onDismiss} />
    </li>
  );
}
