// /apps/email (fixed-height content): folders and labels, the list of the folder with search, select-all
// and bulk actions, and the reading pane with the thread and attachments (two screens below 600 px).
// Compose, reply and forward open the composer, a separate chunk loaded only then. Every HTML body is
// sanitised again before it is shown.
import {
  ArchiveIcon,
  ArrowLeftIcon,
  FileIcon,
  InboxIcon,
  MailIcon,
  PaperAirplaneIcon,
  PaperclipIcon,
  PencilIcon,
  ReplyIcon,
  SearchIcon,
  StarFillIcon,
  StarIcon,
  StopIcon,
  TagIcon,
  TrashIcon,
} from '@primer/octicons-react';
import { ActionList, ActionMenu, Button, Checkbox, CounterLabel, IconButton, Spinner, TextInput } from '@primer/react';
import { keepPreviousData } from '@tanstack/react-query';
import {
  type KeyboardEvent,
  lazy,
  Suspense,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_LABELS, type TEmail, type TEmailFilter, type TEmailLabel } from '../../../../shared/schemas/email.ts';
import { NoticeArea, useNotice } from '../../../components/ListPage/index.ts';
import { QueryError } from '../../../components/QueryError/index.ts';
import { useFormatters } from '../../../lib/format.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media.ts';
import { trpc } from '../../../lib/trpc.ts';
import { type ComposeValues, draftValues, EMPTY_COMPOSE, forwardValues, replyValues, safeHtml } from './email-model.ts';
import classes from './EmailPage.module.css';

const Composer = lazy(() => import('./Composer.tsx'));

const FOLDERS: { id: TEmailFilter; icon: typeof InboxIcon; meta?: 'inbox' | 'draft' | 'spam' | 'star' }[] = [
  { id: 'inbox', icon: InboxIcon, meta: 'inbox' },
  { id: 'sent', icon: PaperAirplaneIcon },
  { id: 'draft', icon: FileIcon, meta: 'draft' },
  { id: 'starred', icon: StarIcon, meta: 'star' },
  { id: 'spam', icon: StopIcon, meta: 'spam' },
  { id: 'trashed', icon: TrashIcon },
];

type View = { filter: TEmailFilter; label?: undefined } | { label: TEmailLabel; filter?: undefined };

function Body({ html }: { html: string }) {
  const clean = useMemo(() => safeHtml(html), [html]);
  return <div className={classes.body} dangerouslySetInnerHTML={{ __html: clean }} />;
}

function Message({
  email,
  open,
}: {
  email: Pick<TEmail, 'from' | 'to' | 'time' | 'message' | 'attachments'>;
  open: boolean;
}) {
  const { t } = useTranslation('email');
  const fmt = useFormatters();
  return (
    <article className={classes.message} data-open={open || undefined}>
      <header className={classes.messageHeader}>
        <span className={classes.avatar} aria-hidden="true">
          {email.from.name.slice(0, 1).toUpperCase()}
        </span>
        <div className={classes.messageMeta}>
          <bdi className={classes.strong}>{email.from.name}</bdi>{' '}
          <bdi className={classes.muted} dir="ltr">
            &lt;{email.from.email}&gt;
          </bdi>
          <div className={classes.muted}>
            {t('toList', { list: email.to.map((r) => r.name || r.email).join(', ') })} ·{' '}
            <time dateTime={email.time.toISOString()}>{fmt.dateTime(email.time)}</time>
          </div>
        </div>
      </header>
      <Body html={email.message} />
      {email.attachments.length > 0 && (
        <ul className={classes.attachList} aria-label={t('attachments')}>
          {email.attachments.map((a) => (
            <li key={a.url + a.fileName}>
              <PaperclipIcon size={14} aria-hidden="true" />
              <a href={a.url} target="_blank" rel="noopener noreferrer">
                <bdi>{a.fileName}</bdi>
              </a>
              <span className={classes.muted}>{a.size}</span>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

export default function EmailPage() {
  const { t } = useTranslation('email');
  const fmt = useFormatters();
  const phone = useMediaQuery(PHONE_QUERY);
  const notices = useNotice();
  const utils = trpc.useUtils();
  const searchId = useId();
  const [view, setView] = useState<View>({ filter: 'inbox' });
  const [q, setQ] = useState('');
  const query = useDeferredValue(q.trim());
  const input = { ...(view.label ? { label: view.label } : { filter: view.filter }), ...(query ? { q: query } : {}) };
  const list = trpc.apps.email.list.useQuery(input, { placeholderData: keepPreviousData });
  const update = trpc.apps.email.update.useMutation();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [openId, setOpenId] = useState<number | null>(null);
  const [composing, setComposing] = useState<{ title: string; initial: ComposeValues } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const paneHeading = useRef<HTMLHeadingElement>(null);

  const emails = list.data?.emails ?? [];
  const meta = list.data?.emailsMeta;
  const open = emails.find((e) => e.id === openId) ?? null;
  const trash = view.filter === 'trashed';
  const viewName = view.label ? t(`labels.${view.label}`) : t(`folders.${view.filter}`);

  // A changed folder, label or search starts with nothing selected.
  useEffect(() => setSelected(new Set()), [view.filter, view.label, query]);
  useEffect(() => {
    if (open) paneHeading.current?.focus();
  }, [openId]);

  const run = async (ids: number[], change: Parameters<typeof update.mutateAsync>[0], message: string) => {
    if (!ids.length) return;
    const ok = await notices.run(async () => {
      await update.mutateAsync(change);
      await utils.apps.email.list.invalidate();
    }, message);
    if (ok) setAnnouncement(message);
  };
  const bulk = (
    data: { isRead?: boolean; isStarred?: boolean; isDeleted?: boolean; folder?: 'inbox' | 'spam' },
    message: string,
    ids = [...selected],
  ) =>
    run(ids, { ids, data }, message).then(() => {
      if (data.isDeleted !== undefined || data.folder) {
        setSelected(new Set());
        if (openId !== null && ids.includes(openId)) setOpenId(null);
      }
    });

  const openEmail = (email: TEmail) => {
    if (email.folder === 'draft' && !email.isDeleted) {
      setComposing({ title: t('editDraft'), initial: draftValues(email) });
      return;
    }
    setOpenId(email.id);
    if (!email.isRead)
      void update
        .mutateAsync({ ids: [email.id], data: { isRead: true } })
        .then(() => utils.apps.email.list.invalidate());
  };

  const allChecked = emails.length > 0 && emails.every((e) => selected.has(e.id));
  const someChecked = emails.some((e) => selected.has(e.id));
  const count = selected.size;

  // Arrow keys move between the list's e-mails (Tab walks through them too).
  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-email]')];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? buttons.length - 1
          : index + (event.key === 'ArrowDown' ? 1 : -1);
    if (next >= 0 && next < buttons.length) {
      event.preventDefault();
      buttons[next].focus();
    }
  };

  const screen = phone && open ? 'pane' : 'list';
  const choose = (next: View) => {
    setView(next);
    setOpenId(null);
  };

  return (
    <div className={classes.email} data-screen={screen}>
      <h1 className={classes.visuallyHidden}>{t('title')}</h1>
      <div role="status" aria-live="polite" className={classes.visuallyHidden}>
        {announcement}
      </div>
      <nav className={classes.sidebar} aria-label={t('mailboxes')}>
        <div className={classes.composeButton}>
          <Button
            variant="primary"
            block
            leadingVisual={PencilIcon}
            onClick={() => setComposing({ title: t('compose'), initial: EMPTY_COMPOSE })}
          >
            {t('compose')}
          </Button>
        </div>
        <ul className={classes.folders} aria-label={t('foldersHeading')}>
          {FOLDERS.map((f) => {
            const n = f.meta ? (meta?.[f.meta] ?? 0) : 0;
            return (
              <li key={f.id}>
                <button
                  type="button"
                  className={classes.folder}
                  aria-current={view.filter === f.id ? 'page' : undefined}
                  onClick={() => choose({ filter: f.id })}
                >
                  <f.icon size={16} aria-hidden="true" />
                  <span className={classes.folderName}>{t(`folders.${f.id}`)}</span>
                  {n > 0 && <CounterLabel aria-label={t(`counts.${f.id}`, { count: n })}>{n}</CounterLabel>}
                </button>
              </li>
            );
          })}
        </ul>
        <h2 className={classes.sideHeading}>{t('labelsHeading')}</h2>
        <ul className={classes.folders} aria-label={t('labelsHeading')}>
          {EMAIL_LABELS.map((l) => (
            <li key={l}>
              <button
                type="button"
                className={classes.folder}
                aria-current={view.label === l ? 'page' : undefined}
                onClick={() => choose({ label: l })}
              >
                <span className={classes.labelDot} data-label={l} aria-hidden="true" />
                <span className={classes.folderName}>{t(`labels.${l}`)}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>

      <section className={classes.listPane} aria-label={t('listLabel', { name: viewName })}>
        <div className={classes.search}>
          <label htmlFor={searchId} className={classes.visuallyHidden}>
            {t('search')}
          </label>
          <TextInput
            id={searchId}
            block
            type="search"
            leadingVisual={SearchIcon}
            placeholder={t('search')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
        <div className={classes.bulkBar} role="toolbar" aria-label={t('bulkActions')}>
          <Checkbox
            aria-label={t('selectAll')}
            checked={allChecked}
            indeterminate={someChecked && !allChecked}
            disabled={!emails.length}
            onChange={(e) => setSelected(e.target.checked ? new Set(emails.map((x) => x.id)) : new Set())}
          />
          {count > 0 ? (
            <>
              <span className={classes.muted}>{t('selected', { count })}</span>
              <IconButton
                size="small"
                variant="invisible"
                icon={MailIcon}
                aria-label={t('markRead')}
                onClick={() => void bulk({ isRead: true }, t('markedRead', { count }))}
              />
              <IconButton
                size="small"
                variant="invisible"
                icon={InboxIcon}
                aria-label={t('markUnread')}
                onClick={() => void bulk({ isRead: false }, t('markedUnread', { count }))}
              />
              <IconButton
                size="small"
                variant="invisible"
                icon={StarIcon}
                aria-label={t('star')}
                onClick={() => void bulk({ isStarred: true }, t('starredDone', { count }))}
              />
              <ActionMenu>
                <ActionMenu.Anchor>
                  <IconButton size="small" variant="invisible" icon={ArchiveIcon} aria-label={t('move')} />
                </ActionMenu.Anchor>
                <ActionMenu.Overlay width="small">
                  <ActionList aria-label={t('move')}>
                    {(['inbox', 'spam'] as const).map((folder) => (
                      <ActionList.Item
                        key={folder}
                        onSelect={() =>
                          void bulk({ folder, isDeleted: false }, t('moved', { count, folder: t(`folders.${folder}`) }))
                        }
                      >
                        {t(`folders.${folder}`)}
                      </ActionList.Item>
                    ))}
                  </ActionList>
                </ActionMenu.Overlay>
              </ActionMenu>
              <ActionMenu>
                <ActionMenu.Anchor>
                  <IconButton size="small" variant="invisible" icon={TagIcon} aria-label={t('toggleLabel')} />
                </ActionMenu.Anchor>
                <ActionMenu.Overlay width="small">
                  <ActionList aria-label={t('toggleLabel')}>
                    {EMAIL_LABELS.map((label) => (
                      <ActionList.Item
                        key={label}
                        onSelect={() =>
                          void run(
                            [...selected],
                            { ids: [...selected], label },
                            t('labelToggled', { count, label: t(`labels.${label}`) }),
                          )
                        }
                      >
                        {t(`labels.${label}`)}
                      </ActionList.Item>
                    ))}
                  </ActionList>
                </ActionMenu.Overlay>
              </ActionMenu>
              {trash ? (
                <Button size="small" onClick={() => void bulk({ isDeleted: false }, t('restored', { count }))}>
                  {t('restore')}
                </Button>
              ) : (
                <IconButton
                  size="small"
                  variant="invisible"
                  icon={TrashIcon}
                  aria-label={t('delete')}
                  onClick={() => void bulk({ isDeleted: true }, t('deleted', { count }))}
                />
              )}
            </>
          ) : (
            <span className={classes.muted}>{viewName}</span>
          )}
        </div>
        <NoticeArea notices={notices} />
        <div className={classes.listScroll}>
          {list.error ? (
            <QueryError title={t('loadFailed')} error={list.error} onRetry={list.refetch} />
          ) : list.isPending ? (
            <div className={classes.centered}>
              <Spinner srText={t('loading')} />
            </div>
          ) : emails.length === 0 ? (
            <div className={classes.empty}>
              <MailIcon size={40} aria-hidden="true" />
              <p>{query ? t('noMatch', { q: query }) : t('emptyFolder', { name: viewName })}</p>
            </div>
          ) : (
            <ul className={classes.rows} aria-label={t('emails')} onKeyDown={onListKey}>
              {emails.map((e) => (
                <li
                  key={e.id}
                  className={classes.row}
                  data-unread={!e.isRead || undefined}
                  aria-current={openId === e.id ? 'true' : undefined}
                >
                  <Checkbox
                    aria-label={t('selectOne', { subject: e.subject || t('noSubject') })}
                    checked={selected.has(e.id)}
                    onChange={(ev) =>
                      setSelected((s) => {
                        const next = new Set(s);
                        if (ev.target.checked) next.add(e.id);
                        else next.delete(e.id);
                        return next;
                      })
                    }
                  />
                  <IconButton
                    size="small"
                    variant="invisible"
                    icon={e.isStarred ? StarFillIcon : StarIcon}
                    className={e.isStarred ? classes.starred : undefined}
                    aria-label={
                      e.isStarred ? t('unstarOne', { subject: e.subject }) : t('starOne', { subject: e.subject })
                    }
                    aria-pressed={e.isStarred}
                    onClick={() =>
                      void run(
                        [e.id],
                        { ids: [e.id], data: { isStarred: !e.isStarred } },
                        e.isStarred ? t('unstarred') : t('starredDone', { count: 1 }),
                      )
                    }
                  />
                  <button type="button" className={classes.rowButton} data-email={e.id} onClick={() => openEmail(e)}>
                    <span className={classes.rowTop}>
                      <bdi className={classes.rowFrom}>
                        {e.folder === 'sent' || e.folder === 'draft'
                          ? t('toList', { list: e.to.map((r) => r.name || r.email).join(', ') || '—' })
                          : e.from.name}
                      </bdi>
                      <time dateTime={e.time.toISOString()} className={classes.muted}>
                        {fmt.dateTime(e.time)}
                      </time>
                    </span>
                    <span className={classes.rowSubject}>
                      {!e.isRead && <span className={classes.visuallyHidden}>{t('unread')}: </span>}
                      <bdi>{e.subject || t('noSubject')}</bdi>
                      {e.attachments.length > 0 && <PaperclipIcon size={12} aria-label={t('hasAttachments')} />}
                      {e.folder === 'draft' && <span className={classes.tag}>{t('folders.draft')}</span>}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <section className={classes.pane} aria-label={open ? open.subject || t('noSubject') : t('readingPane')}>
        {!open ? (
          <div className={classes.empty}>
            <MailIcon size={48} aria-hidden="true" />
            <p>{t('pickHint')}</p>
          </div>
        ) : (
          <>
            <header className={classes.paneHeader}>
              {phone && (
                <IconButton
                  icon={ArrowLeftIcon}
                  className={classes.back}
                  variant="invisible"
                  aria-label={t('back')}
                  onClick={() => setOpenId(null)}
                />
              )}
              <h2 ref={paneHeading} tabIndex={-1} className={classes.paneTitle}>
                <bdi>{open.subject || t('noSubject')}</bdi>
              </h2>
              <div className={classes.paneActions}>
                <IconButton
                  variant="invisible"
                  icon={ReplyIcon}
                  aria-label={t('reply')}
                  onClick={() =>
                    setComposing({
                      title: t('reply'),
                      initial: replyValues(open, t('wrote', { name: open.from.name, when: fmt.dateTime(open.time) })),
                    })
                  }
                />
                <IconButton
                  variant="invisible"
                  icon={PaperAirplaneIcon}
                  aria-label={t('forward')}
                  onClick={() =>
                    setComposing({
                      title: t('forward'),
                      initial: forwardValues(
                        open,
                        t('forwarded', { name: open.from.name, when: fmt.dateTime(open.time) }),
                      ),
                    })
                  }
                />
                {!trash && (
                  <IconButton
                    variant="invisible"
                    icon={TrashIcon}
                    aria-label={t('delete')}
                    onClick={() => void bulk({ isDeleted: true }, t('deleted', { count: 1 }), [open.id])}
                  />
                )}
              </div>
            </header>
            <div className={classes.thread} tabIndex={0} role="region" aria-label={t('thread')}>
              {[...open.replies].reverse().map((r) => (
                <Message key={`r${r.id}`} email={r} open={false} />
              ))}
              <Message email={open} open />
            </div>
          </>
        )}
      </section>

      {composing && (
        <Suspense
          fallback={
            <div className={classes.composeLoading} role="status">
              <Spinner srText={t('loading')} />
            </div>
          }
        >
          <Composer
            title={composing.title}
            initial={composing.initial}
            onClose={() => setComposing(null)}
            onSent={() => {
              setComposing(null);
              notices.success(t('sent'));
              setAnnouncement(t('sent'));
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
