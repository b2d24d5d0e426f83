// /apps/chat (fixed-height content): chats and contacts on one side, the conversation on the other (two
// screens below 600 px). Sample contacts are the caller's own copy; real colleagues (users of the same
// customer) chat live: new messages, delivered/seen receipts and statuses arrive through the
// apps.chat.live.events subscription (server-sent events), which reconnects by itself.
import {
  ArrowLeftIcon,
  CheckCircleFillIcon,
  CheckCircleIcon,
  CheckIcon,
  CommentDiscussionIcon,
  PaperAirplaneIcon,
  SearchIcon,
} from '@primer/octicons-react';
import { ActionList, ActionMenu, Button, CounterLabel, IconButton, Spinner, Textarea, TextInput } from '@primer/react';
import { type KeyboardEvent, useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_STATUSES, MAX_CHAT_MESSAGE, type TChatEvent, type TChatStatus } from '../../../../shared/schemas/chat.ts';
import { QueryError } from '../../../components/QueryError/index.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { initials } from '../../../lib/initials.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media.ts';
import { trpc } from '../../../lib/trpc.ts';
import {
  avatarUrl,
  byDay,
  type ChatMessage,
  type Entry,
  entriesOf,
  liveMessage,
  withMessage,
  withReceipt,
} from './chat-model.ts';
import classes from './ChatPage.module.css';

interface Conversation {
  entry: Entry;
  messages: ChatMessage[];
  loading: boolean;
  error: string | null;
}

function Avatar({
  name,
  avatar,
  status,
  size = 40,
}: {
  name: string;
  avatar: string | null;
  status?: TChatStatus;
  size?: number;
}) {
  const { t } = useTranslation('chat');
  const url = avatarUrl(avatar);
  return (
    <span className={classes.avatar} style={{ inlineSize: size, blockSize: size }}>
      {url ? (
        <img src={url} alt="" width={size} height={size} />
      ) : (
        <span className={classes.initials} aria-hidden="true">
          {initials(name)}
        </span>
      )}
      {status && (
        <span className={classes.statusDot} data-status={status} role="img" aria-label={t(`status.${status}`)} />
      )}
    </span>
  );
}

function FeedbackFlag({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('chat');
  const state = message.feedback.isSeen ? 'seen' : message.feedback.isDelivered ? 'delivered' : 'sent';
  const Icon = state === 'seen' ? CheckCircleFillIcon : state === 'delivered' ? CheckCircleIcon : CheckIcon;
  return (
    <span className={classes.feedback} data-feedback={state} title={t(`feedback.${state}`)}>
      <Icon size={12} aria-hidden="true" />
      <span className={classes.visuallyHidden}>{t(`feedback.${state}`)}</span>
    </span>
  );
}

function useTimeFormats() {
  const { t, i18n } = useTranslation('chat');
  return useMemo(() => {
    const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' });
    const short = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric' });
    const full = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full' });
    const dayStart = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
    const daysAgo = (d: Date) => Math.round((dayStart(new Date()) - dayStart(d)) / 86_400_000);
    return {
      time: (d: Date) => time.format(d),
      /** A list's time: the hour today, else the day. */
      listTime: (d: Date) => (daysAgo(d) === 0 ? time.format(d) : short.format(d)),
      day: (d: Date) => (daysAgo(d) === 0 ? t('today') : daysAgo(d) === 1 ? t('yesterday') : full.format(d)),
    };
  }, [i18n.language, t]);
}

function EntryList({
  entries,
  openKey,
  onOpen,
  label,
}: {
  entries: Entry[];
  openKey: string | null;
  onOpen: (e: Entry) => void;
  label: string;
}) {
  const { t } = useTranslation('chat');
  const fmt = useTimeFormats();
  // Arrow keys move between entries (Tab still walks through them too).
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-entry]')];
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
  return (
    <ul className={classes.entries} aria-label={label} onKeyDown={onKeyDown}>
      {entries.map((e) => (
        <li key={e.key}>
          <button
            type="button"
            className={classes.entry}
            data-entry={e.key}
            aria-current={openKey === e.key ? 'true' : undefined}
            onClick={() => onOpen(e)}
          >
            <Avatar name={e.fullName} avatar={e.avatar} status={e.status} />
            <span className={classes.entryText}>
              <span className={classes.entryName}>
                <bdi>{e.fullName}</bdi>
                {e.kind === 'user' && <span className={classes.liveTag}>{t('colleague')}</span>}
              </span>
              <span className={classes.entryLast}>
                {e.last ? (
                  <>
                    {e.last.mine && <span className={classes.visuallyHidden}>{t('you')}: </span>}
                    <bdi>{e.last.message}</bdi>
                  </>
                ) : (
                  <bdi>{e.role}</bdi>
                )}
              </span>
            </span>
            <span className={classes.entryMeta}>
              {e.last && <time dateTime={e.last.time.toISOString()}>{fmt.listTime(e.last.time)}</time>}
              {e.unseen > 0 && (
                <CounterLabel scheme="primary" aria-label={t('unread', { count: e.unseen })}>
                  {e.unseen}
                </CounterLabel>
              )}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export default function ChatPage() {
  const { t } = useTranslation('chat');
  const errorText = useErrorText();
  const fmt = useTimeFormats();
  const phone = useMediaQuery(PHONE_QUERY);
  const utils = trpc.useUtils();
  const searchId = useId();
  const composerId = useId();
  const [q, setQ] = useState('');
  const query = useDeferredValue(q.trim());
  const input = query ? { q: query } : undefined;
  const samples = trpc.apps.chat.chatsAndContacts.useQuery(input, { placeholderData: (prev) => prev });
  const live = trpc.apps.chat.live.colleagues.useQuery(input, { placeholderData: (prev) => prev });
  const me = live.data?.me;
  const profileId = samples.data?.profileUser.id;
  const { chats, contacts } = useMemo(() => entriesOf(samples.data, live.data), [samples.data, live.data]);

  const [conversation, setConversation] = useState<Conversation | null>(null);
  const openKey = conversation?.entry.key ?? null;
  const openRef = useRef<Conversation | null>(null);
  openRef.current = conversation;
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [sendError, setSendError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const paneHeadingRef = useRef<HTMLHeadingElement>(null);

  const openSample = trpc.apps.chat.open.useMutation();
  const openLive = trpc.apps.chat.live.open.useMutation();
  const sendSample = trpc.apps.chat.send.useMutation();
  const sendLive = trpc.apps.chat.live.send.useMutation();
  const markSeen = trpc.apps.chat.live.markSeen.useMutation();
  const setStatus = trpc.apps.chat.live.setStatus.useMutation({
    onSuccess: () => utils.apps.chat.live.colleagues.invalidate(),
  });

  const load = useCallback(
    async (entry: Entry) => {
      try {
        let messages: ChatMessage[];
        if (entry.kind === 'sample') {
          const r = await openSample.mutateAsync({ userId: entry.id });
          messages = (r.chat?.messages ?? []).map((m, i) => ({
            key: `s${i}`,
            id: null,
            message: m.message,
            time: m.time,
            mine: m.senderId === profileId,
            feedback: m.feedback,
          }));
          void utils.apps.chat.chatsAndContacts.invalidate();
        } else {
          const r = await openLive.mutateAsync({ userId: entry.id });
          messages = r.messages.map((m) => liveMessage(m, me?.id ?? 0));
          void utils.apps.chat.live.colleagues.invalidate();
        }
        setConversation((c) => (c?.entry.key === entry.key ? { ...c, messages, loading: false, error: null } : c));
      } catch (e) {
        setConversation((c) => (c?.entry.key === entry.key ? { ...c, loading: false, error: errorText.error(e) } : c));
      }
    },
    [openSample, openLive, profileId, me?.id, utils],
  );

  const open = (entry: Entry) => {
    setSendError(null);
    setConversation({ entry: { ...entry, unseen: 0 }, messages: [], loading: true, error: null });
    void load(entry);
  };

  // The open conversation's colleague keeps their latest status and name from the list.
  useEffect(() => {
    const c = openRef.current;
    if (!c) return;
    const fresh = [...chats, ...contacts].find((e) => e.key === c.entry.key);
    if (fresh && (fresh.status !== c.entry.status || fresh.fullName !== c.entry.fullName)) {
      setConversation((x) =>
        x && x.entry.key === fresh.key
          ? { ...x, entry: { ...x.entry, status: fresh.status, fullName: fresh.fullName } }
          : x,
      );
    }
  }, [chats, contacts]);

  // Focus follows the screen: the composer when a conversation opens (the heading on phones), the entry back in the list.
  const lastOpened = useRef<string | null>(null);
  useEffect(() => {
    if (openKey && openKey !== lastOpened.current) (phone ? paneHeadingRef.current : composerRef.current)?.focus();
    if (!openKey && lastOpened.current)
      document.querySelector<HTMLButtonElement>(`button[data-entry="${CSS.escape(lastOpened.current)}"]`)?.focus();
    lastOpened.current = openKey;
  }, [openKey, phone]);

  // The newest message in view.
  const messageCount = conversation?.messages.length ?? 0;
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messageCount, openKey]);

  const [everLive, setEverLive] = useState(false);
  const onEvent = (event: TChatEvent) => {
    const c = openRef.current;
    const myId = me?.id;
    if (event.type === 'ready') {
      setEverLive(true);
      // (Re)connected: catch up on whatever was sent meanwhile.
      void utils.apps.chat.live.colleagues.invalidate();
      if (c?.entry.kind === 'user' && !c.loading) void load(c.entry);
      return;
    }
    if (event.type === 'message' && myId !== undefined) {
      const m = event.message;
      const peer = m.senderId === myId ? m.recipientId : m.senderId;
      const incoming = m.senderId !== myId;
      const inView = c?.entry.kind === 'user' && c.entry.id === peer;
      if (inView) {
        setConversation((x) =>
          x && x.entry.key === c.entry.key ? { ...x, messages: withMessage(x.messages, liveMessage(m, myId)) } : x,
        );
        if (incoming && document.visibilityState === 'visible') markSeen.mutate({ userId: peer });
      }
      // The open conversation's log announces its own new messages; others are announced here.
      if (incoming && !inView) {
        const sender = live.data?.colleagues.find((x) => x.id === m.senderId)?.fullName ?? '';
        setAnnouncement(t('newMessage', { name: sender, message: m.message }));
      }
      void utils.apps.chat.live.colleagues.invalidate();
      return;
    }
    if (event.type === 'receipt') {
      if (c?.entry.kind === 'user' && event.senderId === myId && c.entry.id === event.readerId) {
        setConversation((x) =>
          x && x.entry.key === c.entry.key ? { ...x, messages: withReceipt(x.messages, event) } : x,
        );
      }
      void utils.apps.chat.live.colleagues.invalidate();
      return;
    }
    if (event.type === 'status') void utils.apps.chat.live.colleagues.invalidate();
  };
  const events = trpc.apps.chat.live.events.useSubscription(undefined, { onData: onEvent });
  // Read on every render: the hook re-renders only for the fields read (a short-circuit would untrack it).
  const streamStatus = events.status;
  const reconnecting = everLive && (streamStatus === 'connecting' || streamStatus === 'error');

  const draft = openKey ? (drafts[openKey] ?? '') : '';
  const setDraft = (value: string) => openKey && setDrafts((d) => ({ ...d, [openKey]: value }));

  const send = async () => {
    const c = conversation;
    const text = draft.trim();
    if (!c || !text || c.loading) return;
    const key = c.entry.key;
    setSendError(null);
    setDrafts((d) => ({ ...d, [key]: '' }));
    try {
      let m: ChatMessage;
      if (c.entry.kind === 'sample') {
        if (profileId === undefined) return;
        const r = await sendSample.mutateAsync({ userId: c.entry.id, message: text, senderId: profileId });
        m = {
          key: `s${Date.now()}`,
          id: null,
          message: r.msg.message,
          time: r.msg.time,
          mine: true,
          feedback: r.msg.feedback,
        };
        void utils.apps.chat.chatsAndContacts.invalidate();
      } else {
        m = liveMessage(await sendLive.mutateAsync({ userId: c.entry.id, message: text }), me?.id ?? 0);
        void utils.apps.chat.live.colleagues.invalidate();
      }
      // A receipt may have come first: keep the richer feedback.
      setConversation((x) => {
        if (!x || x.entry.key !== key) return x;
        const known = x.messages.find((y) => y.key === m.key);
        return { ...x, messages: withMessage(x.messages, known ?? m) };
      });
    } catch (e) {
      // Nothing typed is lost: the text goes back into the composer.
      setDrafts((d) => ({ ...d, [key]: d[key] ? d[key] : text }));
      setSendError(errorText.error(e));
    }
  };

  const onComposerKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const listError = samples.error ?? live.error;
  const listLoading = (samples.isPending || live.isPending) && !listError;
  const screen = phone && conversation ? 'pane' : 'list';

  return (
    <div className={classes.chat} data-screen={screen}>
      <h1 className={classes.visuallyHidden}>{t('title')}</h1>
      <div role="status" aria-live="polite" className={classes.visuallyHidden}>
        {announcement}
      </div>
      <aside className={classes.sidebar} aria-label={t('sidebar')}>
        <div className={classes.profile}>
          {me ? (
            <>
              <Avatar name={me.fullName} avatar={me.avatar} status={me.status} size={40} />
              <div className={classes.profileText}>
                <bdi className={classes.profileName}>{me.fullName}</bdi>
                <ActionMenu>
                  <ActionMenu.Button
                    size="small"
                    variant="invisible"
                    aria-label={t('statusLabel', { status: t(`status.${me.status}`) })}
                  >
                    <span className={classes.statusDotInline} data-status={me.status} aria-hidden="true" />
                    {t(`status.${me.status}`)}
                  </ActionMenu.Button>
                  <ActionMenu.Overlay width="small">
                    <ActionList selectionVariant="single" aria-label={t('setStatus')}>
                      {CHAT_STATUSES.map((s) => (
                        <ActionList.Item
                          key={s}
                          selected={me.status === s}
                          onSelect={() => setStatus.mutate({ status: s })}
                        >
                          <ActionList.LeadingVisual>
                            <span className={classes.statusDotInline} data-status={s} aria-hidden="true" />
                          </ActionList.LeadingVisual>
                          {t(`status.${s}`)}
                        </ActionList.Item>
                      ))}
                    </ActionList>
                  </ActionMenu.Overlay>
                </ActionMenu>
              </div>
            </>
          ) : (
            <Spinner size="small" srText={t('loading')} />
          )}
        </div>
        <div className={classes.search}>
          <label htmlFor={searchId} className={classes.visuallyHidden}>
            {t('search')}
          </label>
          <TextInput
            id={searchId}
            block
            leadingVisual={SearchIcon}
            placeholder={t('search')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            type="search"
          />
        </div>
        {reconnecting && (
          <div className={classes.reconnecting} role="status">
            <Spinner size="small" srText={null} /> {t('reconnecting')}
          </div>
        )}
        <div className={classes.lists}>
          {listError ? (
            <QueryError
              title={t('loadFailed')}
              error={listError}
              onRetry={() => Promise.all([samples.refetch(), live.refetch()])}
            />
          ) : listLoading ? (
            <div className={classes.centered}>
              <Spinner srText={t('loading')} />
            </div>
          ) : (
            <>
              <h2 className={classes.listHeading}>{t('chats')}</h2>
              {chats.length ? (
                <EntryList entries={chats} openKey={openKey} onOpen={open} label={t('chats')} />
              ) : (
                <p className={classes.empty}>{query ? t('noMatch', { q: query }) : t('noChats')}</p>
              )}
              <h2 className={classes.listHeading}>{t('contacts')}</h2>
              {contacts.length ? (
                <EntryList entries={contacts} openKey={openKey} onOpen={open} label={t('contacts')} />
              ) : (
                <p className={classes.empty}>{query ? t('noMatch', { q: query }) : t('noContacts')}</p>
              )}
            </>
          )}
        </div>
      </aside>

      <section
        className={classes.pane}
        aria-label={conversation ? t('conversationWith', { name: conversation.entry.fullName }) : t('conversation')}
      >
        {!conversation ? (
          <div className={classes.start}>
            <CommentDiscussionIcon size={48} aria-hidden="true" />
            <p>{t('startHint')}</p>
          </div>
        ) : (
          <>
            <header className={classes.paneHeader}>
              {phone && (
                <IconButton
                  icon={ArrowLeftIcon}
                  className={classes.back}
                  aria-label={t('back')}
                  variant="invisible"
                  onClick={() => setConversation(null)}
                />
              )}
              <Avatar
                name={conversation.entry.fullName}
                avatar={conversation.entry.avatar}
                status={conversation.entry.status}
              />
              <div className={classes.paneTitle}>
                <h2 ref={paneHeadingRef} tabIndex={-1}>
                  <bdi>{conversation.entry.fullName}</bdi>
                </h2>
                <span className={classes.paneRole}>
                  <bdi>{conversation.entry.role}</bdi> · {t(`status.${conversation.entry.status}`)}
                </span>
              </div>
            </header>
            {conversation.error ? (
              <div className={classes.paneBody}>
                <QueryError
                  title={t('openFailed')}
                  error={conversation.error}
                  onRetry={() => open(conversation.entry)}
                />
              </div>
            ) : conversation.loading ? (
              <div className={`${classes.paneBody} ${classes.centered}`}>
                <Spinner srText={t('loading')} />
              </div>
            ) : (
              <div className={classes.log} ref={logRef} role="log" aria-label={t('messages')} tabIndex={0}>
                {conversation.messages.length === 0 && (
                  <p className={classes.empty}>{t('noMessages', { name: conversation.entry.fullName })}</p>
                )}
                <ol className={classes.days}>
                  {byDay(conversation.messages).map((group) => (
                    <li key={group.day} className={classes.dayGroup}>
                      <div className={classes.daySeparator} role="separator" aria-label={fmt.day(group.date)}>
                        <span>{fmt.day(group.date)}</span>
                      </div>
                      <ol className={classes.dayMessages}>
                        {group.messages.map((m) => (
                          <li
                            key={m.key}
                            className={classes.message}
                            data-mine={m.mine || undefined}
                            data-message-id={m.id ?? undefined}
                          >
                            {m.mine ? (
                              me ? (
                                <Avatar name={me.fullName} avatar={me.avatar} size={32} />
                              ) : null
                            ) : (
                              <Avatar name={conversation.entry.fullName} avatar={conversation.entry.avatar} size={32} />
                            )}
                            <div className={classes.bubble}>
                              <span className={classes.visuallyHidden}>
                                {m.mine ? t('you') : conversation.entry.fullName}:{' '}
                              </span>
                              <bdi className={classes.text}>{m.message}</bdi>
                              <span className={classes.messageMeta}>
                                <time dateTime={m.time.toISOString()}>{fmt.time(m.time)}</time>
                                {m.mine && <FeedbackFlag message={m} />}
                              </span>
                            </div>
                          </li>
                        ))}
                      </ol>
                    </li>
                  ))}
                </ol>
              </div>
            )}
            <form
              className={classes.composer}
              onSubmit={(e) => {
                e.preventDefault();
                void send();
              }}
            >
              <label htmlFor={composerId} className={classes.visuallyHidden}>
                {t('messageLabel', { name: conversation.entry.fullName })}
              </label>
              <Textarea
                id={composerId}
                ref={composerRef}
                block
                rows={1}
                resize="none"
                className={classes.textarea}
                value={draft}
                maxLength={MAX_CHAT_MESSAGE}
                placeholder={t('placeholder')}
                aria-describedby={`${composerId}-hint`}
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={onComposerKey}
              />
              <span id={`${composerId}-hint`} className={classes.visuallyHidden}>
                {t('composerHint')}
              </span>
              <Button
                type="submit"
                variant="primary"
                leadingVisual={PaperAirplaneIcon}
                disabled={!draft.trim() || conversation.loading}
              >
                {t('send')}
              </Button>
            </form>
            {sendError && (
              <p className={classes.sendError} role="alert">
                {t('sendFailed', { reason: sendError })}
              </p>
            )}
          </>
        )}
      </section>
    </div>
  );
}
