import type { ReactNode } from 'react';
import { ScrollToTop } from '../components/ScrollToTop/ScrollToTop.tsx';

/** The blank layout (auth and message pages): the page alone, full width. */
export function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <main id="main-content">{children}</main>
      <ScrollToTop />
    </>
  );
}
