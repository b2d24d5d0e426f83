// The navigation search (spec section 2 "Shell", app-bar search of section 7): results from
// `apps.search.query` (groups of at most 5 items, roles that may read DemoApp), shown as a keyboard-navigable
// listbox; items whose page does not exist yet or that the caller may not open are left out.
import { FileIcon, SearchIcon } from '@primer/octicons-react';
import { Dialog, Spinner } from '@primer/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { guard } from '../app/guard.ts';
import type { TSearchGroup } from '../../shared/schemas/search.ts';
import { matchPath, NOT_FOUND_ROUTE, routeResolves } from '../app/routes.tsx';
import { useSession } from '../lib/session.tsx';
import { trpc } from '../lib/trpc.ts';
import classes from './SearchDialog.module.css';

const MAX_PER_GROUP = 5;

interface Option {
  id: string;
  title: string;
  href: string;
}

/** Items carry an in-app path; anything else (an external or malformed url) is left out. */
function hrefOf(item: TSearchGroup['children'][number]): string | null {
  return item.url.startsWith('/') && !item.url.startsWith('//') ? item.url : null;
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
  const { t } = useTranslation('shell');
  const [, navigate] = useLocation();
  const { ability, user } = useSession();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [q, setQ] = useState('');
  const [active, setActive] = useState(0);
  const query = useDebounced(q.trim().toLowerCase(), 150);
  const results = trpc.apps.search.query.useQuery({ q: query }, { staleTime: 60_000, placeholderData: keepPreviousData });

  // Only items leading to pages that exist and that the caller may open; at most 5 per group.
  const groups = useMemo(() => {
    const canVisit = (href: string) => {
      const { route } = matchPath(href.split(/[?#]/)[0]);
      if (route === NOT_FOUND_ROUTE || !routeResolves(route)) return false;
      const verdict = guard(route.meta ?? {}, { signedIn: !!user, role: user?.role_name, ability, pathname: href, search: '' });
      return 'allow' in verdict;
    };
    return (results.data ?? [])
      .map((group, g) => ({
        title: group.title,
        options: group.children
          .map((item, i) => ({ id: `${listId}-${g}-${i}`, title: item.title, href: hrefOf(item) }))
          .filter((option): option is Option => !!option.href && canVisit(option.href))
          .slice(0, MAX_PER_GROUP),
      }))
      .filter((group) => group.options.length > 0);
  }, [results.data, ability, user, listId]);
  const options = useMemo(() => groups.flatMap((group) => group.options), [groups]);

  useEffect(() => setActive(0), [query, options.length]);
  useEffect(() => {
    document.getElementById(options[active]?.id ?? '')?.scrollIntoView({ block: 'nearest' });
  }, [active, options]);

  const choose = (option: Option | undefined) => {
    if (!option) return;
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
  let status: string;
  if (results.isError) status = t('search.error');
  else if (results.isLoading || query !== q.trim().toLowerCase()) status = t('search.loading');
  else if (!options.length) status = query ? t('search.noResults', { q: query }) : t('search.noPages');
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
        {results.isFetching && <Spinner size="small" srText={null} />}
      </div>
      <p className={classes.status} role="status" aria-live="polite">
        {status}
      </p>
      <div id={listId} role="listbox" aria-label={t('search.results')} className={classes.listbox}>
        {groups.map((group, g) => (
          <div key={`${group.title}-${g}`} role="group" aria-labelledby={`${listId}-g${g}`} className={classes.group}>
            <div id={`${listId}-g${g}`} className={classes.groupTitle}>
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
                <FileIcon size={16} className={classes.optionIcon} />
                <span>{option.title}</span>
                <span className={classes.path}>{option.href}</span>
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
