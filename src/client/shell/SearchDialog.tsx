// The navbar search (Ctrl+K, ⌘K or /): the caller's records (`search.records`: people, locations,
// schemes, teams, customers, projects, tasks) first, then actions ("Invite user", "New location") and the product's
// pages; with an empty query, the recently opened results, the actions and the pages (the current
// page's menu group first). Pages come from the caller's own menu in their language, matched here as
// they type, without a request (page-search.ts): a French user finds "Paramètres" by typing
// "parametres", and the English name works too. One keyboard-navigable listbox. Everything offered
// leads to a page that exists and the caller may open (shell/links.ts); actions show only to roles
// that may create the record.
import {
  CheckCircleIcon,
  FileIcon,
  type Icon,
  ListUnorderedIcon,
  LocationIcon,
  OrganizationIcon,
  PeopleIcon,
  PersonIcon,
  ProjectIcon,
  SearchIcon,
  TasklistIcon,
} from '@primer/octicons-react';
import { Dialog, Spinner } from '@primer/react';
import { keepPreviousData } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { MAX_SEARCH_CHILDREN, MIN_RECORD_QUERY, type TRecordType } from '../../shared/schemas/search.ts';
import { Bdi, Ltr, useIsolatedT } from '../components/Bidi/index.ts';
import { useFormatters } from '../lib/format.ts';
import { useSession } from '../lib/session.tsx';
import { trpc } from '../lib/trpc.ts';
import { openableHref, resolveSearchActions, resolveSearchPages } from './links.ts';
import { matchPages } from './page-search.ts';
import { type RecentItem, readRecent, rememberRecent } from './recent.ts';
import classes from './SearchDialog.module.css';

const TYPE_ICONS: Record<TRecordType, Icon> = {
  people: PersonIcon,
  locations: LocationIcon,
  schemes: CheckCircleIcon,
  teams: PeopleIcon,
  customers: OrganizationIcon,
  projects: ProjectIcon,
  tasks: TasklistIcon,
};

interface Option {
  id: string;
  title: string;
  /** A second line (a record's facts) or a page's path. */
  detail?: string;
  /** The detail is a path: shown left to right. */
  path?: boolean;
  href: string;
  icon: Icon;
  /** Remembered among the recent items when chosen. */
  recent?: RecentItem;
}

interface Group {
  key: string;
  title: string;
  options: Option[];
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export interface SearchDialogProps {
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}

export default function SearchDialog({ onClose, returnFocusRef }: SearchDialogProps) {
  const { t, i18n } = useTranslation('shell');
  const isolatedT = useIsolatedT('shell');
  const [location, navigate] = useLocation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { ability, user } = useSession();
  const formatters = useFormatters();
  const role = user?.role_name ?? '';
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [q, setQ] = useState('');
  const [active, setActive] = useState(0);
  const typed = q.trim();
  const query = useDebounced(typed, 150);
  const recordQuery = query.length >= MIN_RECORD_QUERY;
  const records = trpc.search.records.useQuery(
    { q: query },
    { enabled: recordQuery, staleTime: 30_000, placeholderData: keepPreviousData },
  );
  const [recent] = useState(() => (user ? readRecent(user.id) : []));
  // The menu as this caller sees it, in their language and in English (the fallback bundle i18next loads with it).
  const allPages = useMemo(() => {
    const en = i18n.getFixedT('en', 'shell');
    return resolveSearchPages(t, en, ability, role, { title: t('search.pages'), english: en('search.pages') });
  }, [t, i18n, ability, role]);

  const groups = useMemo(() => {
    const open = (href: string) => openableHref(href, ability, role);
    const result: Group[] = [];
    const add = (key: string, title: string, options: Omit<Option, 'id'>[]) => {
      const kept = options.filter((o) => o.href);
      if (kept.length)
        result.push({ key, title, options: kept.map((o, i) => ({ ...o, id: `${listId}-${key}-${i}` })) });
    };
    const pageTitles = new Map(
      allPages.flatMap((group) => group.pages.map((page) => [page.href, page.title] as const)),
    );
    if (!typed) {
      add(
        'recent',
        t('search.recent'),
        recent.flatMap((r) => {
          const href = open(r.href);
          if (!href) return [];
          if (r.kind !== 'page')
            return [{ title: r.title, detail: r.subtitle, href, icon: TYPE_ICONS[r.kind], recent: r }];
          // A page is named in today's language (it was remembered in the language of that day).
          const title = pageTitles.get(href) ?? r.title;
          return [{ title, detail: href, path: true, href, icon: FileIcon, recent: { ...r, title } }];
        }),
      );
    }
    if (recordQuery && typed.length >= MIN_RECORD_QUERY && records.data) {
      for (const group of records.data) {
        const options: Omit<Option, 'id'>[] = group.items.flatMap((hit) => {
          const href = open(hit.url);
          const detail = [hit.subtitle, hit.at && formatters.dateTime(hit.at)].filter(Boolean).join(' · ') || undefined;
          const remembered: RecentItem = { href: hit.url, title: hit.title, subtitle: detail, kind: hit.type };
          return href ? [{ title: hit.title, detail, href, icon: TYPE_ICONS[hit.type], recent: remembered }] : [];
        });
        const all = open(group.listUrl);
        if (all && group.total > group.items.length) {
          options.push({
            title: t('search.showAll', { count: group.total, type: t(`search.types.${group.type}`) }),
            href: all,
            icon: ListUnorderedIcon,
          });
        }
        add(group.type, t(`search.types.${group.type}`), options);
      }
    }
    const needle = typed.toLocaleLowerCase();
    add(
      'actions',
      t('search.actions'),
      resolveSearchActions(t, ability, role, user?.customerId ?? null)
        .filter((a) => !needle || a.title.toLocaleLowerCase().includes(needle))
        .map(({ title, href, icon }) => ({ title, href, icon })),
    );
    for (const group of matchPages(allPages, typed, language, MAX_SEARCH_CHILDREN, location)) {
      add(
        `pages-${group.key}`,
        group.title,
        group.pages.map((page) => ({
          title: page.title,
          detail: page.href,
          path: true,
          href: page.href,
          icon: page.icon ?? FileIcon,
          recent: { href: page.href, title: page.title, kind: 'page' as const },
        })),
      );
    }
    return result;
  }, [
    typed,
    recordQuery,
    records.data,
    allPages,
    language,
    location,
    recent,
    ability,
    role,
    user?.customerId,
    listId,
    t,
    formatters,
  ]);
  const options = useMemo(() => groups.flatMap((group) => group.options), [groups]);

  useEffect(() => setActive(0), [typed, query, options.length]);
  useEffect(() => {
    document.getElementById(options[active]?.id ?? '')?.scrollIntoView({ block: 'nearest' });
  }, [active, options]);

  const choose = (option: Option | undefined) => {
    if (!option) return;
    if (option.recent && user) rememberRecent(user.id, option.recent);
    onClose();
    navigate(option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!options.length) return;
    const last = options.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => (active >= last ? 0 : active + 1),
      ArrowUp: () => (active <= 0 ? last : active - 1),
      Home: () => 0,
      End: () => last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]());
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(options[active]);
    }
  };

  const activeOption = options[active];
  const recordsPending =
    typed.length >= MIN_RECORD_QUERY && (query !== typed || records.isLoading || records.isPlaceholderData);
  let status: ReactNode;
  // Pages answer at once: "searching" only while records may still add to an empty list.
  if (recordsPending && !options.length) status = t('search.loading');
  else if (recordQuery && records.isError && !options.length) status = t('search.error');
  // The text as typed, in its own case and isolated ("No results for “Adrien”").
  else if (!options.length) status = typed ? isolatedT('search.noResults', { q: typed }) : t('search.noPages');
  else status = t('search.resultCount', { count: options.length });

  return (
    <Dialog
      title={t('search.title')}
      onClose={onClose}
      width="large"
      align="top"
      initialFocusRef={inputRef}
      returnFocusRef={returnFocusRef}
      className={classes.dialog}
    >
      <div className={classes.field}>
        <SearchIcon size={16} className={classes.fieldIcon} />
        <input
          ref={inputRef}
          className={classes.input}
          type="text"
          role="combobox"
          aria-label={t('search.input')}
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption?.id}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('search.placeholder')}
          value={q}
          onChange={(event) => setQ(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {(recordsPending || records.isFetching) && <Spinner size="small" srText={null} />}
      </div>
      <p className={classes.status} role="status" aria-live="polite">
        {status}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label={t('search.results')}
        aria-busy={recordsPending}
        className={classes.listbox}
      >
        {groups.map((group) => (
          <div key={group.key} role="group" aria-labelledby={`${listId}-g-${group.key}`} className={classes.group}>
            <div id={`${listId}-g-${group.key}`} className={classes.groupTitle}>
              {group.title}
            </div>
            {group.options.map((option) => (
              <div
                key={option.id}
                id={option.id}
                role="option"
                aria-selected={option === activeOption}
                className={classes.option}
                onMouseMove={() => setActive(options.indexOf(option))}
                onClick={() => choose(option)}
              >
                <option.icon size={16} className={classes.optionIcon} />
                <span className={classes.optionText}>
                  <span className={classes.optionTitle}>
                    <Bdi>{option.title}</Bdi>
                  </span>
                  {option.detail && (
                    <span className={classes.detail}>
                      {option.path ? <Ltr>{option.detail}</Ltr> : <Bdi>{option.detail}</Bdi>}
                    </span>
                  )}
                </span>
              </div>
            ))}
          </div>
        ))}
      </div>
      <p className={classes.hint} aria-hidden="true">
        {t('search.hint')}
      </p>
    </Dialog>
  );
}
