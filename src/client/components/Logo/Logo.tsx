import { useTranslation } from 'react-i18next';
import classes from './Logo.module.css';

export interface LogoProps {
  /** Hide the product name (collapsed navigation); it stays available to assistive technology. */
  compact?: boolean;
  className?: string;
}

/** The Opsdesk mark (a desk with a check) and name, in the primary colour. */
export function Logo({ compact = false, className }: LogoProps) {
  const { t } = useTranslation();
  return (
    <span className={[classes.Logo, className].filter(Boolean).join(' ')} data-compact={compact || undefined}>
      <svg className={classes.mark} viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
        <rect x="2" y="4" width="28" height="20" rx="6" fill="currentColor" />
        <path
          d="M10 14.5l4 4 8-8"
          fill="none"
          stroke="var(--fgColor-onEmphasis)"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <rect x="8" y="26" width="16" height="3" rx="1.5" fill="currentColor" opacity="0.55" />
      </svg>
      <span className={classes.name} data-logo-name>
        {t('appName')}
      </span>
    </span>
  );
}
