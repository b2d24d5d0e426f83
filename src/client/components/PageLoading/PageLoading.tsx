import { Spinner } from '@primer/react';
import { useTranslation } from 'react-i18next';
import classes from './PageLoading.module.css';

export interface PageLoadingProps {
  /** Fill the viewport (before any layout is shown) instead of the content area. */
  fullScreen?: boolean;
}

/** The placeholder shown while a page or layout chunk loads. */
export function PageLoading({ fullScreen = false }: PageLoadingProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.PageLoading} data-full-screen={fullScreen || undefined} role="status">
      <Spinner size="large" srText={t('loading')} />
    </div>
  );
}
