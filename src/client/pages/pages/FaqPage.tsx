// /pages/faq: the FAQ groups of apps.pages.faq (GET /api/pages/faq), searched on the server
// by question text. The search and the open category live in the URL (?q=, ?category=), so a reload
// or a shared link keeps them.
import {
  ChecklistIcon,
  CreditCardIcon,
  GiftIcon,
  type Icon,
  PackageIcon,
  QuestionIcon,
  SearchIcon,
  SyncIcon,
  XCircleFillIcon,
} from '@primer/octicons-react';
import { Button, Heading, Text, TextInput } from '@primer/react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { PageLoading } from '../../components/PageLoading/PageLoading.tsx';
import { QueryError } from '../../components/QueryError/index.ts';
import { trpc } from '../../lib/trpc.ts';
import classes from './Faq.module.css';

/** The groups' icons (octicon names stored with the content); a question mark for any other. */
const ICONS: Record<string, Icon> = {
  'credit-card': CreditCardIcon,
  package: PackageIcon,
  sync: SyncIcon,
  checklist: ChecklistIcon,
  gift: GiftIcon,
};

const SEARCH_DELAY_MS = 250;

export default function FaqPage() {
  const { t } = useTranslation('pages');
  const searchId = useId();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const q = params.get('q') ?? '';
  const category = params.get('category');
  const [typed, setTyped] = useState(q);

  const setParams = (next: { q?: string; category?: string | null }) => {
    const out = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) out.set(key, value);
      else out.delete(key);
    }
    const query = out.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };

  // What is typed reaches the URL (and the server) after a short pause.
  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => setParams({ q: typed.trim() }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  });

  const faq = trpc.apps.pages.faq.useQuery(q ? { q } : undefined, { placeholderData: (previous) => previous });
  const groups = faq.data ?? [];
  const open = groups.find((g) => g.faqTitle === category) ?? groups[0];

  return (
    <div className={classes.page}>
      <section className={classes.hero}>
        <Heading as="h1" className={classes.title}>
          {t('faq.title')}
        </Heading>
        <Text as="p" className={classes.muted}>
          {t('faq.subtitle')}
        </Text>
        <form role="search" className={classes.search} onSubmit={(e) => e.preventDefault()}>
          <label htmlFor={searchId} className={classes.srOnly}>
            {t('faq.search')}
          </label>
          <TextInput
            id={searchId}
            type="search"
            block
            size="large"
            leadingVisual={SearchIcon}
            placeholder={t('faq.searchPlaceholder')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            trailingAction={
              typed ? (
                <TextInput.Action
                  onClick={() => {
                    setTyped('');
                    setParams({ q: '' });
                  }}
                  icon={XCircleFillIcon}
                  aria-label={t('faq.clear')}
                />
              ) : undefined
            }
          />
        </form>
      </section>

      {faq.isPending ? (
        <PageLoading />
      ) : faq.isError ? (
        <QueryError title={t('loadError.title')} error={faq.error} onRetry={faq.refetch} />
      ) : !open ? (
        <section className={classes.card} role="status">
          <h2 className={classes.cardTitle}>{q ? t('faq.noMatch', { q }) : t('faq.empty')}</h2>
          {q && (
            <div>
              <Button
                onClick={() => {
                  setTyped('');
                  setParams({ q: '' });
                }}
              >
                {t('faq.clear')}
              </Button>
            </div>
          )}
        </section>
      ) : (
        <div className={classes.layout}>
          <nav aria-label={t('faq.categories')} className={classes.categories}>
            <ul>
              {groups.map((g) => {
                const GroupIcon = ICONS[g.faqIcon] ?? QuestionIcon;
                const current = g === open;
                return (
                  <li key={g.faqTitle}>
                    <button
                      type="button"
                      className={classes.category}
                      aria-current={current ? 'true' : undefined}
                      onClick={() => setParams({ category: g.faqTitle })}
                    >
                      <GroupIcon size={16} />
                      <span className={classes.categoryText}>
                        <bdi>{g.faqTitle}</bdi>
                        <span className={classes.count}>{t('faq.count', { count: g.faqs.length })}</span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
          <section className={classes.card} aria-labelledby="faq-group-title" data-testid="faq-group">
            <div className={classes.groupHead}>
              <h2 id="faq-group-title" className={classes.cardTitle} dir="auto">
                {open.faqTitle}
              </h2>
              <Text as="p" className={classes.muted} dir="auto">
                {open.faqSubtitle}
              </Text>
            </div>
            <div className={classes.questions}>
              {open.faqs.map((f) => (
                <details key={f.question} className={classes.question}>
                  <summary dir="auto">{f.question}</summary>
                  <p dir="auto">{f.answer}</p>
                </details>
              ))}
            </div>
          </section>
        </div>
      )}
      {faq.isFetching && !faq.isPending && (
        <span role="status" className={classes.srOnly}>
          {t('loading')}
        </span>
      )}
    </div>
  );
}
