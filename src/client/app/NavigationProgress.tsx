import { useTranslation } from 'react-i18next';
import classes from './NavigationProgress.module.css';

/**
 * The thin bar at the top of the window while a navigation waits for its page (the previous page stays
 * on screen meanwhile). It appears only after a short delay, so quick navigations do not flash it.
 */
export function NavigationProgress({ active }: { active: boolean }) {
  const { t } = useTranslation();
  if (!active) return null;
  return (
    <div className={classes.NavigationProgress} role="progressbar" aria-label={t('loading')}>
      <span className={classes.bar} />
    </div>
  );
}
