import { ThreeBarsIcon } from '@primer/octicons-react';
import { IconButton, PortalContext } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ContentWidth } from '../app/preferences.ts';
import { Logo } from '../components/Logo/Logo.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { NavSearch } from './NavSearch.tsx';
import { Notifications } from './Notifications.tsx';
import { Shortcuts } from './Shortcuts.tsx';
import { ThemeSwitcher } from './ThemeSwitcher.tsx';
import { UserMenu } from './UserMenu.tsx';
import { useStickyPortal } from './useStickyPortal.ts';
import classes from './Navbar.module.css';

export interface NavbarProps {
  /** Below the breakpoint: show the button that opens the overlay navigation. */
  overlay: boolean;
  navOpen: boolean;
  onOpenNav: () => void;
  /** Horizontal layout: the brand sits in the navbar. */
  showLogo: boolean;
  contentWidth: ContentWidth;
  /** The navbar stays at the window's top while the page scrolls (its menus open in a fixed layer). */
  sticky: boolean;
}

/** The top bar: navigation search, language, theme, shortcuts, notifications and the profile menu. */
export function Navbar({ overlay, navOpen, onOpenNav, showLogo, contentWidth, sticky }: NavbarProps) {
  const { t } = useTranslation('shell');
  const portalContainerName = useStickyPortal(sticky);
  return (
    <div className={classes.Navbar} data-content-width={contentWidth}>
      <div className={classes.inner}>
        {overlay && (
          <IconButton
            icon={ThreeBarsIcon}
            variant="invisible"
            aria-label={t('nav.open')}
            aria-expanded={navOpen}
            onClick={onOpenNav}
          />
        )}
        {showLogo && (
          <Link href="/" className={classes.brand} aria-label={t('nav.goHome')}>
            <Logo />
          </Link>
        )}
        {/* Every signed-in role: its pages come from its own menu, its records from search.records (tenant-scoped). */}
        <NavSearch />
        <PortalContext.Provider value={{ portalContainerName }}>
          <div className={classes.actions}>
            <LanguageSwitcher />
            <ThemeSwitcher />
            <Shortcuts />
            <Notifications />
            <UserMenu />
          </div>
        </PortalContext.Provider>
      </div>
    </div>
  );
}
