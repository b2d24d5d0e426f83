import {
  ArrowDownIcon,
  ArrowLeftIcon,
  ArrowUpIcon,
  ChevronDownIcon,
  ChevronRightIcon,
  HistoryIcon,
  KebabHorizontalIcon,
  PlusIcon,
  TrashIcon,
} from '@primer/octicons-react';
import {
  ActionList,
  ActionMenu,
  Banner,
  Button,
  Checkbox,
  FormControl,
  Heading,
  IconButton,
  Label,
  SegmentedControl,
  Spinner,
  Text,
  TextInput,
  Textarea,
} from '@primer/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZUpdateSchemeInput, type TSchemeDetail, type TSchemeStatus } from '../../../shared/schemas/schemes.ts';
import { Field, NumberInput, useZodForm } from '../../components/FormDialog/index.ts';
import { hasErrorsUnder } from '../../components/FormDialog/form-errors.ts';
import { NoticeArea, useConfirmDialog, type NoticeApi } from '../../components/ListPage/index.ts';
import { useCan } from '../../lib/can.ts';
import { useFormatters } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import {
  earlierQuestions,
  fromDetail,
  move,
  moveQuestionAcross,
  newQuestion,
  newSection,
  questionCount,
  sameDraft,
  sectionShares,
  toUpdateInput,
  type QuestionDraft,
  type SchemeDraft,
  type SectionDraft,
} from './scheme-draft.ts';
import { SchemePreview } from './SchemePreview.tsx';
import { SchemeQuestionEditor } from './SchemeQuestionEditor.tsx';
import classes from './SchemeEditor.module.css';

export const SCHEME_STATUS_VARIANT: Record<TSchemeStatus, 'attention' | 'success' | 'secondary'> = {
  draft: 'attention',
  published: 'success',
  archived: 'secondary',
};

export interface SchemeEditorProps {
  id: number;
  /** Back to the list. */
  onBack: () => void;
  /** Open another version (or the new version an edit created). */
  onOpen: (id: number) => void;
  notices: NoticeApi;
}

/** Loads one scheme version and shows its editor (or read-only view). */
export function SchemeEditor({ id, onBack, onOpen, notices }: SchemeEditorProps) {
  const { t } = useTranslation('business');
  const detail = trpc.schemes.byId.useQuery({ id });
  if (detail.error) {
    return (
      <div className={classes.editor}>
        <Button leadingVisual={ArrowLeftIcon} variant="invisible" onClick={onBack} className={classes.back}>
          {t('schemes.backToList')}
        </Button>
        <Banner variant="critical" title={t('loadFailed')} description={detail.error.message} />
      </div>
    );
  }
  if (!detail.data) {
    return (
      <div className={classes.loading}>
        <Spinner srText={t('loading')} />
      </div>
    );
  }
  return <SchemeEditorForm key={`${detail.data.id}:${String(detail.data.updatedAt)}`} detail={detail.data} onBack={onBack} onOpen={onOpen} notices={notices} />;
}

function SchemeEditorForm({ detail, onBack, onOpen, notices }: Omit<SchemeEditorProps, 'id'> & { detail: TSchemeDetail }) {
  const { t } = useTranslation('business');
  const can = useCan();
  const fmt = useFormatters();
  const utils = trpc.useUtils();
  const update = trpc.schemes.update.useMutation();
  const publish = trpc.schemes.publish.useMutation();
  const archive = trpc.schemes.archive.useMutation();
  const restore = trpc.schemes.restore.useMutation();
  const remove = trpc.schemes.delete.useMutation();
  const { confirm, dialog } = useConfirmDialog();
  const record = { customerId: detail.customerId };
  const canUpdate = can('update', 'Scheme', record);
  const canDelete = can('delete', 'Scheme', record);
  const readOnly = !canUpdate || detail.status === 'archived' || !detail.isLatest;
  const initial = useMemo(() => fromDetail(detail), [detail]);
  const form = useZodForm(ZUpdateSchemeInput, initial, (v: SchemeDraft) => toUpdateInput(detail.id, v));
  const draft = form.values;
  const dirty = !sameDraft(draft, initial);
  const [tab, setTab] = useState<'edit' | 'preview'>(readOnly ? 'preview' : 'edit');
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const latest = detail.versions[0];

  useEffect(() => {
    if (!focusTarget) return;
    // Candidates in order ("a|b"): the first one present and enabled gets focus.
    for (const candidate of focusTarget.split('|')) {
      const element = root.current?.querySelector<HTMLElement>(`[data-focus="${candidate}"]`);
      if (element && !(element as HTMLButtonElement).disabled) {
        element.focus();
        break;
      }
    }
    setFocusTarget(null);
  }, [focusTarget]);

  useEffect(() => {
    if (!form.failedSubmits) return;
    setTab('edit');
    requestAnimationFrame(() => root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }, [form.failedSubmits]);

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const setSections = (sections: SectionDraft[], touched: string[] = ['sections']) => form.patch({ sections }, touched);
  const setSection = (si: number, patch: Partial<SectionDraft>, touched: string[]) =>
    setSections(draft.sections.map((s, i) => (i === si ? { ...s, ...patch } : s)), touched);
  const setQuestion = (si: number, qi: number, patch: Partial<QuestionDraft>, touched: string[]) =>
    setSection(si, { questions: draft.sections[si].questions.map((q, j) => (j === qi ? { ...q, ...patch } : q)) }, touched);
  const toggle = (uid: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(uid)) next.delete(uid);
      else next.add(uid);
      return next;
    });

  async function back() {
    if (dirty && !(await confirm({ title: t('schemes.discardTitle'), content: t('schemes.discardBody'), confirmLabel: t('schemes.discard') }))) return;
    onBack();
  }

  const save = form.handleSubmit(async (data) => {
    const saved = await update.mutateAsync(data);
    await utils.schemes.invalidate();
    if (saved.id !== detail.id) {
      notices.success(t('schemes.versionCreated', { version: saved.version }));
      onOpen(saved.id);
    } else {
      notices.success(t('notices.saved', { name: saved.name }));
    }
  });

  async function doPublish() {
    const ok = await confirm({
      title: t('schemes.publishTitle', { name: detail.name, version: detail.version }),
      content: t('schemes.publishBody'),
      confirmLabel: t('schemes.publish'),
      danger: false,
    });
    if (!ok) return;
    await notices.run(async () => {
      await publish.mutateAsync({ id: detail.id });
      await utils.schemes.invalidate();
    }, t('schemes.published', { name: detail.name, version: detail.version }));
  }

  async function doArchive(archived: boolean) {
    await notices.run(
      async () => {
        await (archived ? restore : archive).mutateAsync({ id: detail.id });
        await utils.schemes.invalidate();
      },
      t(archived ? 'notices.restored' : 'notices.archived', { name: detail.name }),
    );
  }

  async function doDelete() {
    const ok = await confirm({ title: t('confirmDelete.title', { name: detail.name }), content: t('schemes.deleteHint'), confirmLabel: t('actions.delete') });
    if (!ok) return;
    const done = await notices.run(async () => {
      await remove.mutateAsync({ id: detail.id });
      await utils.schemes.invalidate();
    }, t('notices.deleted', { name: detail.name }));
    if (done) onBack();
  }

  const shares = sectionShares(draft.sections);
  const questions = questionCount(draft);

  return (
    <div className={classes.editor} ref={root}>
      <Button leadingVisual={ArrowLeftIcon} variant="invisible" onClick={() => void back()} className={classes.back}>
        {t('schemes.backToList')}
      </Button>
      <header className={classes.header}>
        <div className={classes.titleBlock}>
          <Heading as="h1" className={classes.title}>
            {detail.name}
          </Heading>
          <span className={classes.meta}>
            <Label variant={SCHEME_STATUS_VARIANT[detail.status]}>{t(`schemes.status.${detail.status}`)}</Label>
            <Text>{t('schemes.versionN', { version: detail.version })}</Text>
            {detail.publishedAt && <Text className={classes.muted}>{t('schemes.publishedOn', { date: fmt.date(detail.publishedAt) })}</Text>}
            <Text className={classes.muted}>{t('schemes.counts', { sections: draft.sections.length, questions })}</Text>
          </span>
        </div>
        <div className={classes.toolbar}>
          <ActionMenu>
            <ActionMenu.Button leadingVisual={HistoryIcon}>{t('schemes.versions', { n: detail.versions.length })}</ActionMenu.Button>
            <ActionMenu.Overlay>
              <ActionList selectionVariant="single" aria-label={t('schemes.versionsLabel')}>
                {detail.versions.map((v) => (
                  <ActionList.Item key={v.id} selected={v.id === detail.id} onSelect={() => v.id !== detail.id && onOpen(v.id)}>
                    {t('schemes.versionN', { version: v.version })}
                    <ActionList.Description>
                      {t(`schemes.status.${v.status}`)}
                      {v.publishedAt ? ` · ${fmt.date(v.publishedAt)}` : ''}
                    </ActionList.Description>
                  </ActionList.Item>
                ))}
              </ActionList>
            </ActionMenu.Overlay>
          </ActionMenu>
          {!readOnly && (
            <Button variant="primary" onClick={() => void save()} loading={form.submitting} disabled={!dirty}>
              {detail.status === 'published' ? t('schemes.saveAsNewVersion') : t('schemes.saveDraft')}
            </Button>
          )}
          {canUpdate && detail.status === 'draft' && (
            <Button onClick={() => void doPublish()} disabled={dirty || questions === 0} loading={publish.isPending}>
              {t('schemes.publish')}
            </Button>
          )}
          {(canUpdate || canDelete) && (
            <ActionMenu>
              <ActionMenu.Anchor>
                <IconButton icon={KebabHorizontalIcon} aria-label={t('schemes.moreActions')} />
              </ActionMenu.Anchor>
              <ActionMenu.Overlay align="end">
                <ActionList>
                  {canUpdate && detail.status === 'published' && (
                    <ActionList.Item onSelect={() => void doArchive(false)}>{t('actions.archive')}</ActionList.Item>
                  )}
                  {canUpdate && detail.status === 'archived' && (
                    <ActionList.Item onSelect={() => void doArchive(true)}>{t('actions.restore')}</ActionList.Item>
                  )}
                  {canDelete && detail.status === 'draft' && (
                    <ActionList.Item variant="danger" onSelect={() => void doDelete()}>
                      {t('schemes.deleteDraft')}
                    </ActionList.Item>
                  )}
                </ActionList>
              </ActionMenu.Overlay>
            </ActionMenu>
          )}
        </div>
      </header>
      <NoticeArea notices={notices} />

      {detail.status === 'published' && !readOnly && <Banner variant="info" title={t('schemes.publishedNote', { next: detail.version + 1 })} hideTitle={false} />}
      {detail.status === 'draft' && dirty && <Text className={classes.muted}>{t('schemes.publishNeedsSave')}</Text>}
      {!detail.isLatest && latest && (
        <Banner
          variant="warning"
          title={t('schemes.olderVersion', { version: latest.version })}
          hideTitle={false}
          primaryAction={<Banner.PrimaryAction onClick={() => onOpen(latest.id)}>{t('schemes.openLatest')}</Banner.PrimaryAction>}
        />
      )}
      {form.formError && <Banner variant="critical" title={form.formError} hideTitle={false} aria-live="assertive" />}

      <SegmentedControl aria-label={t('schemes.view')} onChange={(i) => setTab(i === 0 ? 'edit' : 'preview')}>
        <SegmentedControl.Button selected={tab === 'edit'}>{readOnly ? t('schemes.structure') : t('schemes.edit')}</SegmentedControl.Button>
        <SegmentedControl.Button selected={tab === 'preview'}>{t('schemes.preview')}</SegmentedControl.Button>
      </SegmentedControl>

      {tab === 'preview' ? (
        <SchemePreview draft={draft} />
      ) : (
        <form
          className={classes.form}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <fieldset className={classes.card} disabled={readOnly}>
            <legend className={classes.legend}>{t('schemes.general')}</legend>
            <Field label={t('fields.name')} required error={form.error('name')}>
              <TextInput block value={draft.name} onChange={(e) => form.set('name', e.target.value)} />
            </Field>
            <Field label={t('fields.description')} error={form.error('description')}>
              <Textarea block rows={2} resize="vertical" value={draft.description} onChange={(e) => form.set('description', e.target.value)} />
            </Field>
            <div className={classes.grid2}>
              <Field label={t('schemes.passingScore')} required error={form.error('passingScore')} caption={t('schemes.passingScoreHint')}>
                <NumberInput readOnly={readOnly} value={draft.passingScore} min={0} max={100} step={1} onChange={(v) => form.set('passingScore', v)} />
              </Field>
              <FormControl>
                <Checkbox checked={draft.requireSignature} onChange={(e) => form.set('requireSignature', e.target.checked)} />
                <FormControl.Label>{t('schemes.requireSignature')}</FormControl.Label>
                <FormControl.Caption>{t('schemes.requireSignatureHint')}</FormControl.Caption>
              </FormControl>
            </div>
          </fieldset>

          {draft.sections.map((section, si) => {
            const sectionPath = `sections.${si}`;
            return (
              <fieldset key={section.uid} className={classes.card} aria-labelledby={`legend-${section.uid}`}>
                <legend className={classes.legend} id={`legend-${section.uid}`}>
                  {t('schemes.sectionN', { n: si + 1, title: section.title || t('schemes.untitledSection') })}
                </legend>
                <div className={classes.sectionHeader}>
                  <Field label={t('schemes.sectionTitle')} required error={form.error(`${sectionPath}.title`)} className={classes.grow}>
                    <TextInput
                      block
                      readOnly={readOnly}
                      value={section.title}
                      data-focus={`title-${section.uid}`}
                      onChange={(e) => setSection(si, { title: e.target.value }, [`${sectionPath}.title`])}
                    />
                  </Field>
                  <Field label={t('schemes.weight')} error={form.error(`${sectionPath}.weight`)} caption={t('schemes.shareOfScore', { share: shares[si] })}>
                    <NumberInput readOnly={readOnly} value={section.weight} min={0} step="any" onChange={(v) => setSection(si, { weight: v }, [`${sectionPath}.weight`])} />
                  </Field>
                  {!readOnly && (
                    <div className={classes.rowButtons}>
                      <IconButton
                        icon={ArrowUpIcon}
                        size="small"
                        aria-label={t('schemes.moveSectionUp', { n: si + 1 })}
                        disabled={si === 0}
                        data-focus={`sup-${section.uid}`}
                        onClick={() => {
                          setSections(move(draft.sections, si, -1));
                          setFocusTarget(`sup-${section.uid}|sdown-${section.uid}`);
                        }}
                      />
                      <IconButton
                        icon={ArrowDownIcon}
                        size="small"
                        aria-label={t('schemes.moveSectionDown', { n: si + 1 })}
                        disabled={si === draft.sections.length - 1}
                        data-focus={`sdown-${section.uid}`}
                        onClick={() => {
                          setSections(move(draft.sections, si, 1));
                          setFocusTarget(`sdown-${section.uid}|sup-${section.uid}`);
                        }}
                      />
                      <IconButton
                        icon={TrashIcon}
                        size="small"
                        variant="danger"
                        aria-label={t('schemes.removeSection', { n: si + 1 })}
                        onClick={() => {
                          setSections(draft.sections.filter((_, i) => i !== si));
                          setFocusTarget('add-section');
                        }}
                      />
                    </div>
                  )}
                </div>
                {form.error(`${sectionPath}.questions`) && <p className={classes.error}>{form.error(`${sectionPath}.questions`)}</p>}
                {section.questions.length === 0 ? (
                  <Text as="p" className={classes.muted}>
                    {t('schemes.noQuestions')}
                  </Text>
                ) : (
                  <ol className={classes.questions}>
                    {section.questions.map((q, qi) => {
                      const path = `${sectionPath}.questions.${qi}`;
                      const invalid = hasErrorsUnder(form.errors, path);
                      const open = expanded.has(q.uid) || invalid;
                      const panelId = `panel-${q.uid}`;
                      return (
                        <li key={q.uid} className={classes.question} data-invalid={invalid || undefined}>
                          <div className={classes.questionSummary}>
                            <Button
                              variant="invisible"
                              size="small"
                              leadingVisual={open ? ChevronDownIcon : ChevronRightIcon}
                              aria-expanded={open}
                              aria-controls={panelId}
                              onClick={() => toggle(q.uid)}
                              className={classes.questionToggle}
                              data-focus={`toggle-${q.uid}`}
                            >
                              <span className={classes.questionText}>
                                {qi + 1}. {q.text || t('schemes.untitledQuestion')}
                              </span>
                            </Button>
                            <span className={classes.badges}>
                              <Label>{t(`schemes.type.${q.type}`)}</Label>
                              {q.critical && <Label variant="danger">{t('schemes.critical')}</Label>}
                              {invalid && <Label variant="danger">{t('schemes.hasErrors')}</Label>}
                            </span>
                            {!readOnly && (
                              <span className={classes.rowButtons}>
                                <IconButton
                                  icon={ArrowUpIcon}
                                  size="small"
                                  variant="invisible"
                                  aria-label={t('schemes.moveQuestionUp', { n: qi + 1 })}
                                  disabled={qi === 0 && si === 0}
                                  data-focus={`up-${q.uid}`}
                                  onClick={() => {
                                    setFocusTarget(`up-${q.uid}|toggle-${q.uid}`);
                                    setSections(qi === 0 ? moveQuestionAcross(draft.sections, si, qi, -1) : draft.sections.map((s, i) => (i === si ? { ...s, questions: move(s.questions, qi, -1) } : s)));
                                  }}
                                />
                                <IconButton
                                  icon={ArrowDownIcon}
                                  size="small"
                                  variant="invisible"
                                  aria-label={t('schemes.moveQuestionDown', { n: qi + 1 })}
                                  disabled={qi === section.questions.length - 1 && si === draft.sections.length - 1}
                                  data-focus={`down-${q.uid}`}
                                  onClick={() => {
                                    setSections(
                                      qi === section.questions.length - 1
                                        ? moveQuestionAcross(draft.sections, si, qi, 1)
                                        : draft.sections.map((s, i) => (i === si ? { ...s, questions: move(s.questions, qi, 1) } : s)),
                                    );
                                    setFocusTarget(`down-${q.uid}|toggle-${q.uid}`);
                                  }}
                                />
                                <IconButton
                                  icon={TrashIcon}
                                  size="small"
                                  variant="invisible"
                                  aria-label={t('schemes.removeQuestion', { n: qi + 1 })}
                                  onClick={() => {
                                    setSection(si, { questions: section.questions.filter((_, j) => j !== qi) }, ['sections']);
                                    setFocusTarget(`add-${section.uid}`);
                                  }}
                                />
                              </span>
                            )}
                          </div>
                          {open && (
                            <div id={panelId} className={classes.questionPanel}>
                              <SchemeQuestionEditor
                                question={q}
                                path={path}
                                readOnly={readOnly}
                                error={form.error}
                                earlier={earlierQuestions(draft.sections, q.key)}
                                onChange={(patch, touched) => setQuestion(si, qi, patch, touched)}
                              />
                            </div>
                          )}
                        </li>
                      );
                    })}
                  </ol>
                )}
                {!readOnly && (
                  <Button
                    leadingVisual={PlusIcon}
                    size="small"
                    className={classes.addButton}
                    data-focus={`add-${section.uid}`}
                    onClick={() => {
                      const question = newQuestion();
                      setSection(si, { questions: [...section.questions, question] }, [`${sectionPath}.questions`]);
                      setExpanded((current) => new Set(current).add(question.uid));
                      setFocusTarget(`qtext-${question.uid}`);
                    }}
                  >
                    {t('schemes.addQuestion')}
                  </Button>
                )}
              </fieldset>
            );
          })}
          {form.error('sections') && <p className={classes.error}>{form.error('sections')}</p>}
          {!readOnly && (
            <Button
              leadingVisual={PlusIcon}
              className={classes.addButton}
              data-focus="add-section"
              onClick={() => {
                const section = newSection();
                setSections([...draft.sections, section], ['sections']);
                setFocusTarget(`title-${section.uid}`);
              }}
            >
              {t('schemes.addSection')}
            </Button>
          )}
        </form>
      )}
      {dialog}
    </div>
  );
}
