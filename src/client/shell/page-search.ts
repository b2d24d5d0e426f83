// The search dialog's page results: the caller's own menu (links.ts's
// resolveSearchPages, so only pages that exist and the role may open), matched on the client in the
// user's language and in English, without a request. Matching ignores case, accents and the small
// marks people skip when typing ("parametres" finds "Paramètres", "prufschemata" "Prüfschemata",
// "email" "E-Mail"); every word typed must appear in the page's name, its menu group, or their English.
import type { Icon } from '@primer/octicons-react';

export interface SearchPage {
  key: string;
  /** The page's name as the menu shows it, with its sub-menus ("Invoice › List"), in the user's language. */
  title: string;
  /** The same in English. */
  english: string;
  href: string;
  icon?: Icon;
}

export interface SearchPageGroup {
  key: string;
  /** The menu group's title (translated), and in English. */
  title: string;
  english: string;
  pages: SearchPage[];
}

/** Text as compared: lower case, no accents or diacritics, ß as ss, Arabic letter variants folded, no hyphens or apostrophes. */
export function foldText(text: string, language: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/[\u0640\-‐‑'’.]/g, '')
    .toLocaleLowerCase(language)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * How well `page` matches the folded query, lower is better, or null when it does not: 0 its name
 * starts with the query, 1 a word of its name (or of its sub-menus) does, 2 its name contains it,
 * 3 its English name does, 4 every word is found across its name, group and their English.
 */
function rank(page: SearchPage, group: SearchPageGroup, q: string, language: string): number | null {
  const title = foldText(page.title, language);
  const last = foldText(page.title.split(' › ').pop() ?? page.title, language);
  if (last.startsWith(q)) return 0;
  if (title.split(' ').some((word) => word.startsWith(q))) return 1;
  if (title.includes(q)) return 2;
  if (foldText(page.english, 'en').includes(q)) return 3;
  const haystack = [
    title,
    foldText(group.title, language),
    foldText(page.english, 'en'),
    foldText(group.english, 'en'),
  ].join(' ');
  return q.split(' ').every((word) => haystack.includes(word)) ? 4 : null;
}

/**
 * The groups and pages that match `query` (as typed), best first: within a group by rank then menu
 * order, groups by their best page then menu order; at most `perGroup` pages each. An empty query
 * keeps every page, the group holding `currentPath` first.
 */
export function matchPages(
  groups: SearchPageGroup[],
  query: string,
  language: string,
  perGroup: number,
  currentPath = '',
): SearchPageGroup[] {
  const q = foldText(query, language);
  if (!q) {
    const here = (group: SearchPageGroup) =>
      group.pages.some((page) => page.href.toLowerCase() === currentPath.toLowerCase());
    const ordered = [...groups.filter(here), ...groups.filter((group) => !here(group))];
    return ordered.map((group) => ({ ...group, pages: group.pages.slice(0, perGroup) }));
  }
  const ranked = groups.flatMap((group, g) => {
    const pages = group.pages
      .map((page, i) => ({ page, i, score: rank(page, group, q, language) }))
      .filter((entry): entry is { page: SearchPage; i: number; score: number } => entry.score !== null)
      .sort((a, b) => a.score - b.score || a.i - b.i);
    return pages.length
      ? [{ group: { ...group, pages: pages.slice(0, perGroup).map((entry) => entry.page) }, g, best: pages[0].score }]
      : [];
  });
  return ranked.sort((a, b) => a.best - b.best || a.g - b.g).map((entry) => entry.group);
}
