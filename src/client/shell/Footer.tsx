import { useTranslation } from 'react-i18next';
import type { BarType, ContentWidth } from '../app/preferences.ts';
import classes from './Footer.module.css';

export interface FooterProps {
  /** `sticky` keeps it at the bottom of the viewport; `static` at the end of the page. */
  type: Exclude<BarType, 'hidden'>;
  contentWidth: ContentWidth;
}

export function Footer({ type, contentWidth }: FooterProps) {
  const { t } = useTranslation('shell');
  return (
    <footer className={classes.Footer} data-type={type} data-content-width={contentWidth}>
      <div className={classes.inner}>
        <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
        <span className={classes.tagline}>{t('footer.tagline')}</span>
      </div>
    </footer>
  );
}
