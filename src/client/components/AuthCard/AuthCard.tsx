import { Heading, Text } from '@primer/react';
import type { ReactNode } from 'react';
import { Logo } from '../Logo/Logo.tsx';
import classes from './AuthCard.module.css';

export interface AuthCardProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
  /** Content under the card body (links to other auth pages). */
  footer?: ReactNode;
  /** Inside the shell's content area (an error page for a signed-in user), not filling the window. */
  inline?: boolean;
}

/** The centred card of the blank-layout pages: sign-in, register, password reset, messages. */
export function AuthCard({ title, subtitle, children, footer, inline = false }: AuthCardProps) {
  return (
    <div className={classes.AuthCard} data-inline={inline || undefined}>
      <div className={classes.card}>
        <Logo className={classes.logo} />
        <Heading as="h1" className={classes.title}>
          {title}
        </Heading>
        {subtitle && (
          <Text as="p" className={classes.subtitle}>
            {subtitle}
          </Text>
        )}
        {children}
        {footer && <div className={classes.footer}>{footer}</div>}
      </div>
    </div>
  );
}
