// The search dialog's page results: the caller's own menu, named in their
// language, found without accents or case, in English too, grouped as the menu groups them, and only
// pages the role may open.
import { describe, expect, it } from 'vitest';
import { abilityFor } from '../../shared/abilities/index.ts';
import type { Role } from '../../shared/constants/roles.ts';
import ar from '../i18n/locales/ar/shell.json' with { type: 'json' };
import de from '../i18n/locales/de/shell.json' with { type: 'json' };
import en from '../i18n/locales/en/shell.json' with { type: 'json' };
import fr from '../i18n/locales/fr/shell.json' with { type: 'json' };
import { type ResolvedItem, resolveNavigation, resolveSearchPages } from './links.ts';
import { foldText, matchPages, type SearchPageGroup } from './page-search.ts';

const bundles = { en, fr, de, ar } as Record<string, Record<string, unknown>>;
const translate = (language: string) => (key: string) => {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundles[language]);
  return typeof value === 'string' ? value : key;
};

function pagesFor(role: Role, language: string): SearchPageGroup[] {
  const t = translate(language);
  const ability = abilityFor({ id: 1, role, customerId: role === 'superadmin' ? null : 1 });
  return resolveSearchPages(t, translate('en'), ability, role, {
    title: t('search.pages'),
    english: translate('en')('search.pages'),
  });
}

const find = (role: Role, language: string, query: string) => matchPages(pagesFor(role, language), query, language, 5);
const first = (groups: SearchPageGroup[]) => groups[0]?.pages[0];
const hrefs = (groups: SearchPageGroup[]) => groups.flatMap((group) => group.pages.map((page) => page.href));

describe('folding', () => {
  it('drops case, accents, ß, hyphens and Arabic diacritics', () => {
    expect(foldText('Paramètres du compte', 'fr')).toBe('parametres du compte');
    expect(foldText('Übersicht', 'de')).toBe('ubersicht');
    expect(foldText('Korrekturmaßnahmen', 'de')).toBe('korrekturmassnahmen');
    expect(foldText('E-Mail', 'de')).toBe('email');
    expect(foldText('إعدادات  الحساب', 'ar')).toBe(foldText('اعدادات الحساب', 'ar'));
  });
});

describe('page results from the menu', () => {
  it('are every page of the menu the role may open (its own menu and the rest), none more', () => {
    const links = (items: ResolvedItem[]): string[] =>
      items.flatMap((item) => (item.kind === 'link' ? [item.href] : links(item.children)));
    for (const role of ['admin', 'client', 'analyst'] as const) {
      const ability = abilityFor({ id: 1, role, customerId: 1 });
      const menu = resolveNavigation(translate('en'), ability, role, 'all').flatMap((section) => links(section.items));
      expect(new Set(hrefs(pagesFor(role, 'en')))).toEqual(new Set(menu));
    }
  });

  it('finds a French page by its French name typed without accents', () => {
    const found = find('admin', 'fr', 'parametres du compte');
    expect(first(found)).toMatchObject({
      title: 'Pages › Paramètres du compte',
      href: '/pages/account-settings/account',
    });
    expect(found[0].title).toBe('Applications et pages');
    expect(hrefs(find('admin', 'fr', 'PARAMETRES'))).toContain('/management/location-setting');
  });

  it('finds a German page by its German name, umlaut typed or not, and by its English name', () => {
    for (const query of ['prufschemata', 'Prüfschemata']) {
      expect(first(find('admin', 'de', query))).toMatchObject({ title: 'Prüfschemata', href: '/management/schemes' });
    }
    expect(first(find('admin', 'de', 'schemes'))).toMatchObject({ title: 'Prüfschemata', english: 'Schemes' });
    expect(find('admin', 'de', 'Verwaltung benutzer')[0]).toMatchObject({ title: 'Verwaltung' });
  });

  it('finds an Arabic page without its hamza, shown in Arabic', () => {
    expect(first(find('admin', 'ar', 'اعدادات المواقع'))).toMatchObject({
      title: 'إعدادات المواقع',
      href: '/management/location-setting',
    });
  });

  it('names a page with its sub-menus and ranks a name that starts with the query first', () => {
    const groups = find('admin', 'en', 'list');
    expect(groups.flatMap((group) => group.pages.map((page) => page.title))).toContain('Invoice › List');
    expect(first(find('admin', 'en', 'team'))).toMatchObject({ title: 'Teams', href: '/management/teams' });
  });

  it('keeps management pages from a client', () => {
    expect(hrefs(pagesFor('client', 'fr')).filter((href) => href.startsWith('/management'))).toEqual([]);
    expect(hrefs(find('client', 'fr', 'utilisateurs')).filter((href) => href.startsWith('/management'))).toEqual([]);
    expect(hrefs(find('admin', 'fr', 'utilisateurs'))).toContain('/management/users');
  });

  it('with no query, lists every group, at most 5 pages each, the current page’s group first', () => {
    const groups = matchPages(pagesFor('admin', 'en'), '  ', 'en', 5, '/management/teams');
    expect(groups[0].title).toBe('Management');
    expect(groups.length).toBe(pagesFor('admin', 'en').length);
    for (const group of groups) expect(group.pages.length).toBeLessThanOrEqual(5);
  });

  it('finds nothing for a name no page has', () => {
    expect(find('superadmin', 'fr', 'zzzz-nothing')).toEqual([]);
  });
});
