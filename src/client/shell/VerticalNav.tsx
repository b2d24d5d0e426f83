import { GearIcon, SidebarCollapseIcon, SidebarExpandIcon, XIcon } from '@primer/octicons-react';
import { Button, IconButton, NavList, useFocusTrap } from '@primer/react';
import { type MouseEvent, memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { setPreferences } from '../app/preferences.ts';
import { Logo } from '../components/Logo/Logo.tsx';
import { isActive, type ResolvedItem, type ResolvedSection } from './useNavigation.ts';
import classes from './VerticalNav.module.css';

export interface VerticalNavProps {
  sections: ResolvedSection[];
  location: string;
  /** Below the breakpoint: a modal panel over the page with a backdrop. */
  overlay: boolean;
  /** Icons only until hovered or focused (pure CSS, so hovering never re-renders the links). */
  collapsed: boolean;
  /** Dark navigation in the light theme. */
  semiDark: boolean;
  onClose: () => void;
  /** Phones: the customizer opens from the foot of the overlay menu, never from a button floating over the page. */
  onCustomize?: () => void;
}

/** Client-side navigation for plain clicks on real links (new-tab clicks keep the browser's behaviour). */
export function useLinkClick(): (event: MouseEvent<HTMLElement>, href: string) => void {
  const [, navigate] = useLocation();
  return (event, href) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    navigate(href);
  };
}

// Memoised: Primer re-creates each link element when an item re-renders, which would drop focus and clicks.
const Items = memo(function Items({ items, location }: { items: ResolvedItem[]; location: string }) {
  const onLinkClick = useLinkClick();
  return items.map((item) => {
    const active = isActive(item, location);
    if (item.kind === 'link') {
      // A plain href (not `as={Link}`): Primer re-creates a custom `as` element on every render.
      return (
        <NavList.Item
          key={item.key}
          href={item.href}
          aria-current={active ? 'page' : undefined}
          onClick={(event: MouseEvent<HTMLElement>) => onLinkClick(event, item.href)}
        >
          {item.icon && (
            <NavList.LeadingVisual>
              <item.icon />
            </NavList.LeadingVisual>
          )}
          <span className={classes.label}>{item.label}</span>
        </NavList.Item>
      );
    }
    return (
      <NavList.Item key={item.key} defaultOpen={active}>
        {item.icon && (
          <NavList.LeadingVisual>
            <item.icon />
          </NavList.LeadingVisual>
        )}
        <span className={classes.label}>{item.label}</span>
        <NavList.SubNav>
          <Items items={item.children} location={location} />
        </NavList.SubNav>
      </NavList.Item>
    );
  });
});

/** The vertical menu: a `navigation` landmark named "Main navigation", docked or as an overlay. */
export function VerticalNav({
  sections,
  location,
  overlay,
  collapsed,
  semiDark,
  onClose,
  onCustomize,
}: VerticalNavProps) {
  const { t } = useTranslation('shell');
  const panelRef = useRef<HTMLElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useFocusTrap({ containerRef: panelRef, initialFocusRef: closeRef, disabled: !overlay, restoreFocusOnCleanUp: true });

  useEffect(() => {
    if (!overlay) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [overlay, onClose]);

  const theme = semiDark ? { 'data-color-mode': 'dark', 'data-light-theme': 'light', 'data-dark-theme': 'dark' } : {};

  return (
    <>
      {overlay && <div className={classes.backdrop} onClick={onClose} aria-hidden="true" />}
      <div className={classes.slot} data-overlay={overlay || undefined} data-collapsed={collapsed || undefined}>
        <aside
          ref={panelRef}
          aria-label={t('nav.sidebar')}
          className={classes.panel}
          data-semi-dark={semiDark || undefined}
          {...theme}
        >
          <div className={classes.brand}>
            <Link href="/" className={classes.home} aria-label={t('nav.goHome')}>
              <Logo />
            </Link>
            {overlay ? (
              <IconButton
                ref={closeRef}
                icon={XIcon}
                variant="invisible"
                aria-label={t('nav.close')}
                onClick={onClose}
              />
            ) : (
              <IconButton
                icon={collapsed ? SidebarCollapseIcon : SidebarExpandIcon}
                variant="invisible"
                className={classes.collapseToggle}
                aria-label={t('nav.collapse')}
                aria-pressed={collapsed}
                onClick={() => setPreferences({ isVerticalNavCollapsed: !collapsed })}
              />
            )}
          </div>
          <NavList aria-label={t('nav.main')} className={classes.list}>
            {sections.map((section) =>
              section.heading ? (
                <NavList.Group key={section.key} title={section.heading}>
                  <Items items={section.items} location={location} />
                </NavList.Group>
              ) : (
                <Items key={section.key} items={section.items} location={location} />
              ),
            )}
          </NavList>
          {onCustomize && (
            <div className={classes.foot}>
              <Button
                block
                leadingVisual={GearIcon}
                onClick={() => {
                  onClose();
                  onCustomize();
                }}
              >
                {t('customizer.open')}
              </Button>
            </div>
          )}
        </aside>
      </div>
    </>
  );
}
