// Turns the navigation config into what the caller may see: existing pages their ability allows,
// with translated labels and resolved paths.
import { HomeIcon, type Icon } from '@primer/octicons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../shared/abilities/index.ts';
import { landingPathFor } from '../../shared/constants/roles.ts';
import { guard } from '../app/guard.ts';
import { matchPath, pageExists, pathFor, routeByName, type RouteDef } from '../app/routes.tsx';
import { useSession } from '../lib/session.tsx';
import { NAVIGATION, SHORTCUTS, USER_MENU, type NavItem } from './navigation.ts';

export interface ResolvedLink {
  kind: 'link';
  key: string;
  label: string;
  href: string;
  icon?: Icon;
}
export interface ResolvedGroup {
  kind: 'group';
  key: string;
  label: string;
  icon?: Icon;
  children: ResolvedItem[];
}
export type ResolvedItem = ResolvedLink | ResolvedGroup;
export interface ResolvedSection {
  key: string;
  heading?: string;
  icon?: Icon;
  items: ResolvedItem[];
}

/** Whether a signed-in caller can open the named route: its page exists and the guard lets them in. */
export function canOpen(name: string, ability: AppAbility, role: string): boolean {
  const route = routeByName(name);
  if (!route || !pageExists(route) || route.meta?.unauthenticatedOnly) return false;
  const verdict = guard(route.meta ?? {}, { signedIn: true, role, ability, pathname: route.path, search: '' });
  return 'allow' in verdict;
}

/** The caller's landing path when it still shows the signed-in home page (its own page not built yet). */
function homePath(role: string): string | null {
  const landing = landingPathFor(role);
  if (!landing) return null;
  const { route } = matchPath(landing);
  return route.fallbackPage && !pageExists(route) ? landing : null;
}

export function useNavigation(): ResolvedSection[] {
  const { t } = useTranslation('shell');
  const { ability, user } = useSession();
  const role = user?.role_name ?? '';
  return useMemo(() => {
    const resolve = (item: NavItem, key: string): ResolvedItem | null => {
      const label = t(`nav.${item.label}`);
      if (item.kind === 'home') {
        const href = homePath(role);
        return href ? { kind: 'link', key, label, href, icon: item.icon } : null;
      }
      if (item.kind === 'link') {
        return canOpen(item.route, ability, role)
          ? { kind: 'link', key, label, href: pathFor(item.route, item.params), icon: item.icon }
          : null;
      }
      const children = item.children
        .map((child, i) => resolve(child, `${key}.${i}`))
        .filter((child): child is ResolvedItem => child !== null);
      return children.length ? { kind: 'group', key, label, icon: item.icon, children } : null;
    };
    return NAVIGATION.map((section, s) => ({
      key: `s${s}`,
      heading: section.heading ? t(`nav.${section.heading}`) : undefined,
      icon: section.icon,
      items: section.items.map((item, i) => resolve(item, `s${s}.${i}`)).filter((item): item is ResolvedItem => item !== null),
    })).filter((section) => section.items.length > 0);
  }, [t, ability, role]);
}

export interface ResolvedShortcut {
  key: string;
  label: string;
  subtitle: string;
  href: string;
  icon: Icon;
}

export function useShortcuts(): ResolvedShortcut[] {
  const { t } = useTranslation('shell');
  const { ability, user } = useSession();
  const role = user?.role_name ?? '';
  return useMemo(() => {
    const home = homePath(role);
    const items: ResolvedShortcut[] = home ? [{ key: 'home', label: t('nav.home'), subtitle: t('shortcuts.home'), href: home, icon: HomeIcon }] : [];
    for (const shortcut of SHORTCUTS) {
      if (!canOpen(shortcut.route, ability, role)) continue;
      items.push({
        key: shortcut.route,
        label: t(`nav.${shortcut.label}`),
        subtitle: t(`shortcuts.${shortcut.subtitle}`),
        href: pathFor(shortcut.route, shortcut.params),
        icon: shortcut.icon,
      });
    }
    return items;
  }, [t, ability, role]);
}

export function useUserMenuLinks(): { key: string; label: string; href: string; icon: Icon }[] {
  const { t } = useTranslation('shell');
  const { ability, user } = useSession();
  const role = user?.role_name ?? '';
  return useMemo(
    () =>
      USER_MENU.filter((item) => canOpen(item.route, ability, role)).map((item) => ({
        key: item.route,
        label: t(`nav.${item.label}`),
        href: pathFor(item.route, item.params),
        icon: item.icon,
      })),
    [t, ability, role],
  );
}

/** Whether `href` is the current page or (for a group) contains it. */
export function isActive(item: ResolvedItem, location: string): boolean {
  if (item.kind === 'link') return item.href.toLowerCase() === location.toLowerCase();
  return item.children.some((child) => isActive(child, location));
}

function labelOf(items: NavItem[], route: string): string | null {
  for (const item of items) {
    if (item.kind === 'link' && item.route === route) return item.label;
    if (item.kind === 'group') {
      const found = labelOf(item.children, route);
      if (found) return found;
    }
  }
  return null;
}

/** Sets the document title to the route's menu label ("Customers · Opsdesk"), or the product name. */
export function useDocumentTitle(route: RouteDef): void {
  const { t } = useTranslation('shell');
  const home = !!route.fallbackPage && !pageExists(route);
  const key = home ? 'home' : NAVIGATION.map((section) => labelOf(section.items, route.name)).find(Boolean);
  const title = key ? `${t(`nav.${key}`)} · ${t('appName', { ns: 'common' })}` : t('appName', { ns: 'common' });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
