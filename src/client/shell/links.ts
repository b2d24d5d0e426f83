// What the shell may link to, without React: a link is offered only when it leads to a page that
// exists (its module is built, app/routes.tsx) and that the caller's role may open (the one guard).
// The navigation, the shortcuts, the user menu, the search dialog and the notifications all ask here,
// and shell-links.test.ts checks every one of them for every demo role.
import { subject as asSubject } from '@casl/ability';
import type { Icon } from '@primer/octicons-react';
import { HomeIcon, PersonAddIcon, PlusIcon } from '@primer/octicons-react';
import type { AppAbility, Subject } from '../../shared/abilities/index.ts';
import { landingPathFor } from '../../shared/constants/roles.ts';
import { guard } from '../app/guard.ts';
import { matchPath, NOT_FOUND_ROUTE, pageExists, pathFor, routeByName } from '../app/routes.tsx';
import { NAVIGATION, type NavItem, ROLE_MENUS, SHORTCUTS, USER_MENU } from './navigation.ts';
import type { SearchPage, SearchPageGroup } from './page-search.ts';

/** Whether a signed-in caller can open the named route: its page exists and the guard lets them in. */
export function canOpen(name: string, ability: AppAbility, role: string): boolean {
  const route = routeByName(name);
  if (!route || !pageExists(route) || route.meta?.unauthenticatedOnly) return false;
  const verdict = guard(route.meta ?? {}, { signedIn: true, role, ability, pathname: route.path, search: '' });
  return 'allow' in verdict;
}

/** The caller's landing path when it still shows the signed-in home page (its own page not built yet). */
export function homePath(role: string): string | null {
  const landing = landingPathFor(role);
  if (!landing) return null;
  const { route } = matchPath(landing);
  return route.fallbackPage && !pageExists(route) ? landing : null;
}

/**
 * An in-app path (`/management/users?q=…`) when it leads to a page that exists and the caller may
 * open, else null: an external or malformed address, a page not built yet (also one that only shows
 * a placeholder in its place), or one the role is refused. The caller's own home counts.
 */
export function openableHref(href: string | null | undefined, ability: AppAbility, role: string): string | null {
  if (!href || !href.startsWith('/') || href.startsWith('//') || href.startsWith('/\\')) return null;
  const pathname = href.split(/[?#]/)[0];
  const { route } = matchPath(pathname);
  if (route === NOT_FOUND_ROUTE) return null;
  if (!pageExists(route)) return pathname.toLowerCase() === homePath(role)?.toLowerCase() ? href : null;
  if (route.meta?.unauthenticatedOnly) return null;
  const verdict = guard(route.meta ?? {}, { signedIn: true, role, ability, pathname, search: '' });
  return 'allow' in verdict ? href : null;
}

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

type Translate = (key: string) => string;

/**
 * The menu the caller sees: existing pages their ability allows, labels translated, paths resolved.
 * `scope` 'menu' keeps the role's own menu (navigation.ts's ROLE_MENUS); 'all' every page the role may
 * open (what the search dialog offers), under the same keys.
 */
export function resolveNavigation(
  t: Translate,
  ability: AppAbility,
  role: string,
  scope: 'menu' | 'all' = 'menu',
): ResolvedSection[] {
  const own = scope === 'menu' ? ROLE_MENUS[role] : undefined;
  const resolve = (item: NavItem, key: string): ResolvedItem | null => {
    const label = t(`nav.${item.label}`);
    if (item.kind === 'home') {
      const href = homePath(role);
      return href ? { kind: 'link', key, label, href, icon: item.icon } : null;
    }
    if (item.kind === 'link') {
      return (!own || own.includes(item.route)) && canOpen(item.route, ability, role)
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
    items: section.items
      .map((item, i) => resolve(item, `s${s}.${i}`))
      .filter((item): item is ResolvedItem => item !== null),
  })).filter((section) => section.items.length > 0);
}

/**
 * The search dialog's pages: every page of the menu the caller may open (resolveNavigation 'all', more than
 * the role's own menu shows), grouped as the menu groups
 * them: a section with a heading is one group, a section without one gives a group per top-level
 * sub-menu ("Dashboards") and one titled `pagesTitle` for its top-level links. A page nested deeper
 * is named with its sub-menus ("Invoice › List"). Names in the user's language (`t`) and in English (`en`).
 */
export function resolveSearchPages(
  t: Translate,
  en: Translate,
  ability: AppAbility,
  role: string,
  pagesTitle: { title: string; english: string },
): SearchPageGroup[] {
  const english = new Map<string, string>();
  const remember = (items: ResolvedItem[]): void =>
    items.forEach((item) => {
      english.set(item.key, item.label);
      if (item.kind === 'group') remember(item.children);
    });
  const sectionsEn = resolveNavigation(en, ability, role, 'all');
  sectionsEn.forEach((section) => {
    english.set(section.key, section.heading ?? '');
    remember(section.items);
  });
  const flatten = (items: ResolvedItem[], path: string[], pathEn: string[], icon: Icon | undefined): SearchPage[] =>
    items.flatMap((item) => {
      const title = [...path, item.label];
      const titleEn = [...pathEn, english.get(item.key) ?? item.label];
      if (item.kind === 'group') return flatten(item.children, title, titleEn, icon ?? item.icon);
      return [
        {
          key: item.key,
          title: title.join(' › '),
          english: titleEn.join(' › '),
          href: item.href,
          icon: item.icon ?? icon,
        },
      ];
    });
  const groups: SearchPageGroup[] = [];
  const push = (key: string, title: string, englishTitle: string, pages: SearchPage[]) => {
    if (pages.length) groups.push({ key, title, english: englishTitle, pages });
  };
  for (const section of resolveNavigation(t, ability, role, 'all')) {
    if (section.heading) {
      push(
        section.key,
        section.heading,
        english.get(section.key) ?? section.heading,
        flatten(section.items, [], [], section.icon),
      );
      continue;
    }
    push(
      section.key,
      pagesTitle.title,
      pagesTitle.english,
      flatten(
        section.items.filter((item) => item.kind === 'link'),
        [],
        [],
        undefined,
      ),
    );
    for (const item of section.items) {
      if (item.kind === 'group')
        push(item.key, item.label, english.get(item.key) ?? item.label, flatten(item.children, [], [], item.icon));
    }
  }
  return groups;
}

export interface ResolvedShortcut {
  key: string;
  label: string;
  subtitle: string;
  href: string;
  icon: Icon;
}

/** The shortcut tiles the caller may open (their home first while it is the signed-in home). */
export function resolveShortcuts(t: Translate, ability: AppAbility, role: string): ResolvedShortcut[] {
  const home = homePath(role);
  const items: ResolvedShortcut[] = home
    ? [{ key: 'home', label: t('nav.home'), subtitle: t('shortcuts.home'), href: home, icon: HomeIcon }]
    : [];
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
}

/** The user menu's page items the caller may open. */
export function resolveUserMenu(
  t: Translate,
  ability: AppAbility,
  role: string,
): { key: string; label: string; href: string; icon: Icon }[] {
  return USER_MENU.filter((item) => canOpen(item.route, ability, role)).map((item) => ({
    // A route may show twice (account settings, and its notifications tab).
    key: `${item.route}:${item.label}`,
    label: t(`nav.${item.label}`),
    href: pathFor(item.route, item.params),
    icon: item.icon,
  }));
}

/** The search dialog's create actions: each opens its list page's create dialog (`?new=1`). */
/** `query`: what opens the create form on the route's page (a list's `?new=1` dialog by default). */
const SEARCH_ACTIONS: {
  key: string;
  label: string;
  route: string;
  query?: string;
  subject: Exclude<Subject, 'all'>;
  icon: Icon;
}[] = [
  {
    key: 'inviteUser',
    label: 'search.actionList.inviteUser',
    route: 'management-users',
    subject: 'User',
    icon: PersonAddIcon,
  },
  {
    key: 'newLocation',
    label: 'search.actionList.newLocation',
    route: 'management-location-setting',
    subject: 'Location',
    icon: PlusIcon,
  },
  {
    key: 'newProject',
    label: 'search.actionList.newProject',
    route: 'projects-createProject',
    query: '',
    subject: 'Project',
    icon: PlusIcon,
  },
];

/** The create actions the caller may take (a new record of their own customer) on a page they may open. */
export function resolveSearchActions(
  t: Translate,
  ability: AppAbility,
  role: string,
  customerId: number | null,
): { key: string; title: string; href: string; icon: Icon }[] {
  return SEARCH_ACTIONS.filter(
    (action) =>
      ability.can('create', asSubject(action.subject, { customerId }) as never) && canOpen(action.route, ability, role),
  ).map((action) => ({
    key: action.key,
    title: t(action.label),
    href: `${pathFor(action.route)}${action.query ?? '?new=1'}`,
    icon: action.icon,
  }));
}
