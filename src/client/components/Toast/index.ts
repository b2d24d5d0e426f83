// The toast system: one provider in App, `useToast()` everywhere else.
export { TOAST_DURATION, ToastProvider, useToast, type ToastApi, type ToastOptions, type ToastVariant } from './Toast.tsx';
