// The toast system: one provider in App, `useToast()` everywhere else.
export {
  TOAST_DURATION,
  type ToastApi,
  type ToastOptions,
  ToastProvider,
  type ToastVariant,
  useToast,
} from './Toast.tsx';
