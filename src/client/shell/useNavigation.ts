// The navigation config as the caller may see it (shell/links.ts decides what is offered), as hooks.
import { type Icon } from '@primer/octicons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { pageExists, type RouteDef } from '../app/routes.tsx';
import { useSession } from '../lib/session.tsx';
import {
  type ResolvedItem,
  type ResolvedSection,
  type ResolvedShortcut,
  resolveNavigation,
  resolveShortcuts,
  resolveUserMenu,
} from './links.ts';
import { NAVIGATION, type NavItem } from './navigation.ts';

export type { ResolvedGroup, ResolvedItem, ResolvedLink, ResolvedSection, ResolvedShortcut } from './links.ts';
export { canOpen } from './links.ts';

export function useNavigation(): ResolvedSection[] {
  const { t } = useTranslation('shell');
  const { ability, user } = useSession();
  const role = user?.role_name ?? '';
  return useMemo(() => resolveNavigation(t, ability, role), [t, ability, role]);
}

export function useShortcuts(): ResolvedShortcut[] {
  const { t } = useTranslation('shell');
  const { ability, user } = useSession();
  const role = user?.role_name ?? '';
  return useMemo(() => resolveShortcuts(t, ability, role), [t, ability, role]);
}

export function useUserMenuLinks(): { key: string; label: string; href: string; icon: Icon }[] {
  const { t } = useTranslation('shell');
  const { ability, user } = useSession();
  const role = user?.role_name ?? '';
  return useMemo(() => resolveUserMenu(t, ability, role), [t, ability, role]);
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
