import { ArrowUpIcon } from '@primer/octicons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCROLL_TOP_THRESHOLD } from '../../../shared/constants/ui.ts';
import classes from './ScrollToTop.module.css';

/**
 * A floating button, present only once the page is scrolled past 200 px, that scrolls smoothly to the
 * top. A plain button styled like Primer's, so it costs the login page almost nothing.
 */
export function ScrollToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
    // Read at the next frame, not while the page mounts: reading the scroll position there made the
    // browser lay out the whole first page at once, inside the mount's task.
    const frame = requestAnimationFrame(update);
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
    };
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className={classes.ScrollToTop}
      aria-label={t('scrollToTop')}
      title={t('scrollToTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <ArrowUpIcon size={16} />
    </button>
  );
}
