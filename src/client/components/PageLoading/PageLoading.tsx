import { useTranslation } from 'react-i18next';
import classes from './PageLoading.module.css';

export interface PageLoadingProps {
  /** Fill the viewport (before any layout is shown) instead of the content area. */
  fullScreen?: boolean;
  /** The shape of the page that is coming: a list (title, toolbar, table header and rows) or any page. */
  variant?: 'list' | 'page';
}

const ROWS = 8;

/**
 * The skeleton shown while a page must wait on its first load (a navigation keeps the previous page
 * instead): grey blocks in the shape of the page, announced once as "Loading…".
 */
export function PageLoading({ fullScreen = false, variant = 'page' }: PageLoadingProps) {
  const { t } = useTranslation();
  return (
    <div
      className={classes.PageLoading}
      data-full-screen={fullScreen || undefined}
      data-variant={variant}
      role="status"
    >
      <span className={classes.visuallyHidden}>{t('loading')}</span>
      <div className={classes.skeleton} aria-hidden="true">
        <div className={classes.heading}>
          <span className={classes.title} />
          <span className={classes.line} />
        </div>
        <div className={classes.card}>
          {variant === 'list' ? (
            <>
              <div className={classes.toolbar}>
                <span className={classes.search} />
                <span className={classes.button} />
              </div>
              <div className={classes.tableHeader}>
                <span />
                <span />
                <span />
                <span />
              </div>
              {Array.from({ length: ROWS }, (_, i) => (
                <div key={i} className={classes.row}>
                  <span />
                  <span />
                  <span />
                  <span />
                </div>
              ))}
            </>
          ) : (
            <>
              <span className={classes.line} />
              <span className={classes.line} />
              <span className={classes.short} />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
