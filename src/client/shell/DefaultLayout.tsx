// The default layout: vertical navigation (docked, collapsible, semi-dark, or an
// overlay below 976 px) or horizontal navigation, navbar, content (boxed or fluid, fixed height where the
// route says so), footer, scroll-to-top and the customizer. Lazy-loaded: the sign-in pages never load it.
import { GearIcon } from '@primer/octicons-react';
import { IconButton } from '@primer/react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { OVERLAY_NAV_BREAKPOINT } from '../../shared/constants/ui.ts';
import { effectiveTheme, usePreferences } from '../app/preferences.ts';
import type { RouteDef } from '../app/routes.tsx';
import { ScrollToTop } from '../components/ScrollToTop/ScrollToTop.tsx';
import { PHONE_QUERY, useMediaQuery } from '../lib/media.ts';
import { useSession } from '../lib/session.tsx';
import { Footer } from './Footer.tsx';
import { HorizontalNav } from './HorizontalNav.tsx';
import { Navbar } from './Navbar.tsx';
import { TwoFactorGraceBanner } from './TwoFactorGraceBanner.tsx';
import { useDocumentTitle, useNavigation } from './useNavigation.ts';
import { VerticalNav } from './VerticalNav.tsx';
import classes from './DefaultLayout.module.css';

const Customizer = lazy(() => import('./Customizer.tsx'));

export interface DefaultLayoutProps {
  route: RouteDef;
  children: ReactNode;
}

export default function DefaultLayout({ route, children }: DefaultLayoutProps) {
  const { t } = useTranslation('shell');
  const prefs = usePreferences();
  const [location] = useLocation();
  const sections = useNavigation();
  useDocumentTitle(route);
  const overlay = useMediaQuery(`(max-width: ${OVERLAY_NAV_BREAKPOINT - 0.02}px)`);
  const phone = useMediaQuery(PHONE_QUERY);
  const { user } = useSession();
  // Inspectors work on their phones in the field and do not need the look-and-feel drawer (the navbar keeps
  // language and theme). On phones the floating gear would sit over someone's primary action (Save, Submit,
  // scroll to top): there it opens from the foot of the overlay menu instead.
  const customizable = user?.role_name !== 'qualitycontrol';
  const [navOpen, setNavOpen] = useState(false);
  const [customizerOpen, setCustomizerOpen] = useState(false);
  const [customizerLoaded, setCustomizerLoaded] = useState(false);

  // Below the breakpoint the layout is vertical whatever was chosen; the choice itself stays stored,
  // so it comes back above the breakpoint.
  const layout = overlay ? 'vertical' : prefs.appContentLayoutNav;
  const collapsed = layout === 'vertical' && !overlay && prefs.isVerticalNavCollapsed;
  const semiDark = prefs.isVerticalNavSemiDark && effectiveTheme(prefs) === 'light';
  // A hidden navbar would leave no way to open the overlay navigation, so it stays below the breakpoint.
  const navbarType = overlay && prefs.navbarType === 'hidden' ? 'static' : prefs.navbarType;

  useEffect(() => setNavOpen(false), [location, overlay]);

  const openCustomizer = () => {
    setCustomizerLoaded(true);
    setCustomizerOpen(true);
  };

  const horizontalNav =
    layout === 'horizontal' && prefs.horizontalNavType !== 'hidden' ? (
      <HorizontalNav sections={sections} location={location} contentWidth={prefs.appContentWidth} />
    ) : null;
  const stickyHeader = navbarType === 'sticky';
  // A sticky horizontal menu rides in the sticky header; otherwise it has its own row.
  const navInHeader = !!horizontalNav && stickyHeader && prefs.horizontalNavType === 'sticky';

  return (
    <div
      className={classes.DefaultLayout}
      data-nav={layout}
      data-overlay={overlay || undefined}
      data-content-width={prefs.appContentWidth}
      data-fixed-height={route.fixedHeight || undefined}
      data-footer={prefs.footerType}
    >
      <a href="#main-content" className={classes.skipLink}>
        {t('skipToContent')}
      </a>
      {layout === 'vertical' && (!overlay || navOpen) && (
        <VerticalNav
          sections={sections}
          location={location}
          overlay={overlay}
          collapsed={collapsed}
          semiDark={semiDark}
          onClose={() => setNavOpen(false)}
          onCustomize={customizable && phone ? openCustomizer : undefined}
        />
      )}
      <div className={classes.wrapper}>
        {navbarType !== 'hidden' && (
          <header
            className={classes.header}
            data-sticky={stickyHeader || undefined}
            data-blur={(stickyHeader && prefs.isNavbarBlurEnabled) || undefined}
          >
            <Navbar
              overlay={overlay}
              navOpen={navOpen}
              onOpenNav={() => setNavOpen(true)}
              showLogo={layout === 'horizontal'}
              contentWidth={prefs.appContentWidth}
              sticky={stickyHeader}
            />
            {navInHeader && horizontalNav}
          </header>
        )}
        {horizontalNav && !navInHeader && (
          <div className={classes.navRow} data-sticky={prefs.horizontalNavType === 'sticky' || undefined}>
            {horizontalNav}
          </div>
        )}
        <main id="main-content" tabIndex={-1} className={classes.content}>
          <div className={classes.contentInner}>
            {user && <TwoFactorGraceBanner />}
            {children}
          </div>
        </main>
        {prefs.footerType !== 'hidden' && <Footer type={prefs.footerType} contentWidth={prefs.appContentWidth} />}
      </div>
      <ScrollToTop />
      {customizable && !phone && (
        <IconButton
          icon={GearIcon}
          aria-label={t('customizer.open')}
          className={classes.customizerButton}
          variant="primary"
          onClick={openCustomizer}
          onMouseEnter={() => setCustomizerLoaded(true)}
        />
      )}
      {customizerLoaded && (
        <Suspense fallback={null}>
          <Customizer open={customizerOpen} onClose={() => setCustomizerOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
