// /apps/academy/my-course: the course catalogue searched (title or instructor), filtered by tag, with
// completed courses hidden, sorted and paged by the server (apps.academy.courses.list); the filters live in
// the URL so a reload or a shared link shows the same list. Each card links to its course page.
import { SearchIcon } from '@primer/octicons-react';
import { Button, Checkbox, FormControl, Heading, Label, Select, Spinner, Text, TextInput } from '@primer/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { ALL_COURSES_LABEL, COURSE_LABELS, type TCourseSortKey } from '../../../../shared/schemas/academy.ts';
import { pathFor } from '../../../app/routes.tsx';
import { QueryError } from '../../../components/QueryError/index.ts';
import { useFormatters } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { CourseProgress, useDuration } from './academy-ui.tsx';
import classes from './Academy.module.css';

const PAGE_SIZE = 6;
const SORTS = ['courseName.asc', 'courseName.desc', 'progress.asc', 'progress.desc'] as const;
const SORT_LABELS: Record<(typeof SORTS)[number], string> = {
  'courseName.asc': 'sortNameAsc',
  'courseName.desc': 'sortNameDesc',
  'progress.asc': 'sortProgressAsc',
  'progress.desc': 'sortProgressDesc',
};
type Sort = (typeof SORTS)[number];
type Label = (typeof COURSE_LABELS)[number];

export default function MyCoursePage() {
  const { t } = useTranslation('academy');
  const fmt = useFormatters();
  const duration = useDuration();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const label = (COURSE_LABELS as readonly string[]).includes(params.get('label') ?? '')
    ? (params.get('label') as Label)
    : ALL_COURSES_LABEL;
  const hideCompleted = params.get('hideCompleted') === 'true';
  const sort: Sort = (SORTS as readonly string[]).includes(params.get('sort') ?? '')
    ? (params.get('sort') as Sort)
    : 'courseName.asc';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [sortBy, orderBy] = sort.split('.') as [TCourseSortKey, 'asc' | 'desc'];

  // The search box answers as one types, but asks the server once typing pauses.
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  useEffect(() => {
    if (draft === q) return;
    const timer = setTimeout(() => update({ q: draft.trim() }), 300);
    return () => clearTimeout(timer);
  }, [draft]);

  const list = trpc.apps.academy.courses.list.useQuery(
    { q: q || undefined, label, hideCompleted, sortBy, orderBy, page, itemsPerPage: PAGE_SIZE },
    { placeholderData: (previous) => previous },
  );
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const filtered = q !== '' || label !== ALL_COURSES_LABEL || hideCompleted;

  return (
    <div className={classes.page}>
      <header>
        <Heading as="h1" className={classes.title}>
          {t('list.title')}
        </Heading>
        <Text as="p" className={classes.muted}>
          {t('list.description')}
        </Text>
      </header>
      <form
        role="search"
        aria-label={t('list.filters')}
        className={classes.filters}
        onSubmit={(e) => e.preventDefault()}
      >
        <FormControl className={classes.searchField}>
          <FormControl.Label>{t('list.search')}</FormControl.Label>
          <TextInput
            block
            type="search"
            leadingVisual={SearchIcon}
            value={draft}
            placeholder={t('list.searchHint')}
            onChange={(e) => setDraft(e.target.value)}
          />
        </FormControl>
        <FormControl>
          <FormControl.Label>{t('list.tag')}</FormControl.Label>
          <Select
            block
            value={label}
            onChange={(e) => update({ label: e.target.value === ALL_COURSES_LABEL ? null : e.target.value })}
          >
            {COURSE_LABELS.map((l) => (
              <Select.Option key={l} value={l}>
                {l === ALL_COURSES_LABEL ? t('list.allTags') : t(`tag.${l}`)}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <FormControl>
          <FormControl.Label>{t('list.sort')}</FormControl.Label>
          <Select
            block
            value={sort}
            onChange={(e) => update({ sort: e.target.value === 'courseName.asc' ? null : e.target.value })}
          >
            {SORTS.map((s) => (
              <Select.Option key={s} value={s}>
                {t(`list.${SORT_LABELS[s]}`)}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <FormControl className={classes.check}>
          <Checkbox
            checked={hideCompleted}
            onChange={(e) => update({ hideCompleted: e.target.checked ? 'true' : null })}
          />
          <FormControl.Label>{t('list.hideCompleted')}</FormControl.Label>
        </FormControl>
      </form>
      {list.error && <QueryError title={t('loadFailed')} error={list.error} onRetry={list.refetch} />}
      {list.isLoading && <Spinner srText={t('loading')} />}
      <Text as="p" className={classes.muted} aria-live="polite" data-testid="course-count">
        {list.data ? t('list.count', { count: total, formatted: fmt.number(total) }) : ''}
      </Text>
      {list.data && list.data.items.length === 0 && (
        <div className={classes.empty}>
          <Text as="p">{filtered ? t('list.empty') : t('list.emptyAll')}</Text>
          {filtered && (
            <Button
              onClick={() => {
                setDraft('');
                update({ q: null, label: null, hideCompleted: null });
              }}
            >
              {t('list.clear')}
            </Button>
          )}
        </div>
      )}
      {list.data && list.data.items.length > 0 && (
        <ul className={classes.cards} aria-busy={list.isFetching}>
          {list.data.items.map((c) => (
            <li key={c.id} className={classes.courseCard} data-course={c.id}>
              <img className={classes.cover} src={c.image} alt="" loading="lazy" />
              <div className={classes.cardBody}>
                <span className={classes.cardMeta}>
                  <Label>{t(`tag.${c.tags}`)}</Label>
                  {c.completedTasks === c.totalTasks && <Label variant="success">{t('list.completed')}</Label>}
                </span>
                <Heading as="h2" className={classes.cardTitle}>
                  <Link href={pathFor('apps-academy-course-details-id', { id: c.id })} className={classes.cardLink}>
                    <bdi dir="auto">{c.courseTitle}</bdi>
                  </Link>
                </Heading>
                <Text className={classes.muted}>
                  {t('list.by', { name: c.user })} · {duration(c.time)}
                </Text>
                <CourseProgress title={c.courseTitle} done={c.completedTasks} total={c.totalTasks} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {total > PAGE_SIZE && (
        <nav className={classes.pager} aria-label={t('list.pages')}>
          <Text className={classes.muted}>
            {t('list.pageOf', { page: fmt.number(page), pages: fmt.number(pages) })}
          </Text>
          <span className={classes.pagerButtons}>
            <Button disabled={page <= 1} onClick={() => update({ page: page - 1 > 1 ? String(page - 1) : null })}>
              {t('list.previous')}
            </Button>
            <Button disabled={page >= pages} onClick={() => update({ page: String(page + 1) })}>
              {t('list.next')}
            </Button>
          </span>
        </nav>
      )}
    </div>
  );
}
