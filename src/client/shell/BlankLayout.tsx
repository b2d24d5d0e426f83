import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollToTop } from '../components/ScrollToTop/ScrollToTop.tsx';

/** The blank layout (auth and message pages): the page alone, full width. */
export function BlankLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const title = t('appName');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <>
      <main id="main-content">{children}</main>
      <ScrollToTop />
    </>
  );
}
