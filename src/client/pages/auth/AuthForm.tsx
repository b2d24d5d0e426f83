import { Banner, Button } from '@primer/react';
import type { FormEvent, ReactNode } from 'react';
import { AuthCard } from '../../components/AuthCard/AuthCard.tsx';
import classes from './AuthForm.module.css';

/** An auth page's form: the server's refusal above it, its fields, and the full-width submit button. */
export function AuthForm({
  error,
  announceError,
  onSubmit,
  submitLabel,
  pending,
  children,
}: {
  /** The server's refusal, translated (null when there is none). */
  error: string | null;
  /** Announce the refusal at once (sign-in), rather than when the reader reaches it. */
  announceError?: boolean;
  onSubmit: (event: FormEvent) => void;
  submitLabel: string;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {error && (
        <Banner
          variant="critical"
          title={error}
          hideTitle={false}
          className={classes.alert}
          aria-live={announceError ? 'assertive' : undefined}
        />
      )}
      <form onSubmit={onSubmit} noValidate className={classes.form}>
        {children}
        <Button type="submit" variant="primary" block loading={pending}>
          {submitLabel}
        </Button>
      </form>
    </>
  );
}

/** An auth page's outcome (link sent, password changed, link invalid) in place of its form. */
export function AuthMessage({
  title,
  footer,
  role = 'status',
  children,
}: {
  title: string;
  footer?: ReactNode;
  /** `alert` for a refusal, `status` for a success. */
  role?: 'status' | 'alert';
  children: ReactNode;
}) {
  return (
    <AuthCard title={title} footer={footer}>
      <div className={classes.success} role={role}>
        {children}
      </div>
    </AuthCard>
  );
}
