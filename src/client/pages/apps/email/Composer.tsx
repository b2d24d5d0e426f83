// The e-mail composer (its own chunk, loaded only when composing): recipients, subject, a rich-text
// editor (Tiptap's StarterKit), attachments uploaded through POST /api/files, an autosaved draft
// (a second after the last change), and Send. Closing keeps the draft; nothing typed is lost.
import {
  BoldIcon,
  ItalicIcon,
  ListOrderedIcon,
  ListUnorderedIcon,
  PaperclipIcon,
  QuoteIcon,
  XIcon,
} from '@primer/octicons-react';
import { Banner, Button, Dialog, FormControl, IconButton, Text, TextInput } from '@primer/react';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { XSRF_COOKIE, XSRF_HEADER } from '../../../../shared/constants/http.ts';
import { type FieldIssue, parseError } from '../../../../shared/errors.ts';
import type { TUploadedFile } from '../../../../shared/schemas/files.ts';
import { useUnsavedChangesGuard } from '../../../components/UnsavedChanges/index.ts';
import { readCookie } from '../../../lib/cookies.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { trpc } from '../../../lib/trpc.ts';
import { type ComposeValues, composeInput } from './email-model.ts';
import classes from './EmailPage.module.css';

async function upload(file: File): Promise<TUploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const xsrf = readCookie(XSRF_COOKIE);
  const res = await fetch('/api/files', {
    method: 'POST',
    body: form,
    headers: xsrf ? { [XSRF_HEADER]: xsrf } : {},
    credentials: 'same-origin',
  });
  if (res.status === 201) return (await res.json()) as TUploadedFile;
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  throw new Error(body?.message ?? res.statusText);
}

const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${Math.round(bytes / 1024)} KB`);

export default function Composer({
  title,
  initial,
  onClose,
  onSent,
}: {
  title: string;
  initial: ComposeValues;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation('email');
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const [values, setValues] = useState<ComposeValues>(initial);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, FieldIssue[]>>({});
  const [saved, setSaved] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const [uploading, setUploading] = useState(0);
  const saveDraft = trpc.apps.email.saveDraft.useMutation();
  const send = trpc.apps.email.send.useMutation();
  const fileRef = useRef<HTMLInputElement>(null);
  const ids = { to: useId(), cc: useId(), subject: useId(), files: useId(), editor: useId() };
  const latest = useRef(values);
  latest.current = values;
  const dirty = useRef(false);
  // Typed but not saved yet (the second before the autosave, or a failed save): leaving the page asks first.
  const [unsaved, setUnsaved] = useState(false);
  useUnsavedChangesGuard(unsaved);

  const editor = useEditor({
    extensions: [StarterKit],
    content: initial.message,
    editorProps: {
      attributes: {
        'aria-labelledby': ids.editor,
        role: 'textbox',
        'aria-multiline': 'true',
        class: classes.editorArea,
      },
    },
    onUpdate: ({ editor: e }) => change({ message: e.getHTML() }),
  });

  const change = (patch: Partial<ComposeValues>) => {
    dirty.current = true;
    setUnsaved(true);
    setValues((v) => ({ ...v, ...patch }));
    setFieldErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([k]) => !(k in patch))));
  };

  const persist = async (): Promise<number | undefined> => {
    if (!dirty.current) return latest.current.id;
    dirty.current = false;
    setSaved('saving');
    try {
      const draft = await saveDraft.mutateAsync(composeInput(latest.current));
      setValues((v) => ({ ...v, id: draft.id }));
      latest.current = { ...latest.current, id: draft.id };
      setSaved('saved');
      if (!dirty.current) setUnsaved(false);
      void utils.apps.email.list.invalidate();
      return draft.id;
    } catch {
      dirty.current = true;
      setSaved('failed');
      return latest.current.id;
    }
  };

  // Autosave a second after the last change (recipients may still be missing).
  useEffect(() => {
    if (!dirty.current) return;
    const timer = window.setTimeout(() => void persist(), 1000);
    return () => window.clearTimeout(timer);
    // persist reads the latest values through refs.
  }, [values]);

  const addFiles = async (files: FileList | null) => {
    if (!files?.length) return;
    setError(null);
    for (const file of [...files]) {
      setUploading((n) => n + 1);
      try {
        const up = await upload(file);
        setValues((v) => ({ ...v, attachments: [...v.attachments, { id: up.id, name: up.name, size: kb(up.size) }] }));
        dirty.current = true;
        setUnsaved(true);
      } catch (e) {
        setError(t('uploadFailed', { name: file.name, message: e instanceof Error ? e.message : String(e) }));
      } finally {
        setUploading((n) => n - 1);
      }
    }
    if (fileRef.current) fileRef.current.value = '';
  };

  const submit = async () => {
    setError(null);
    setFieldErrors({});
    try {
      await send.mutateAsync(composeInput(latest.current));
      dirty.current = false;
      setUnsaved(false);
      await utils.apps.email.list.invalidate();
      onSent();
    } catch (e) {
      setFieldErrors(parseError(e).fieldIssues);
      setError(errorText.error(e));
    }
  };

  const close = async () => {
    await persist();
    onClose();
  };

  const fieldError = (name: string) => {
    const issue = fieldErrors[name]?.[0] ?? Object.entries(fieldErrors).find(([k]) => k.startsWith(`${name}.`))?.[1][0];
    return issue && errorText.issue(issue);
  };
  const tool = (label: string, icon: typeof BoldIcon, active: boolean, run: () => void) => (
    // A mouse press keeps the caret in the editor (keys typed right after the click land there).
    <IconButton
      type="button"
      size="small"
      variant="invisible"
      icon={icon}
      aria-label={label}
      aria-pressed={active}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
    />
  );

  return (
    <Dialog
      title={title}
      width="xlarge"
      position={{ narrow: 'fullscreen', regular: 'center' }}
      onClose={() => void close()}
      renderFooter={() => (
        <Dialog.Footer>
          <Text size="small" className={classes.saveState} aria-live="polite">
            {saved === 'saving'
              ? t('draftSaving')
              : saved === 'saved'
                ? t('draftSaved')
                : saved === 'failed'
                  ? t('draftFailed')
                  : ''}
          </Text>
          <Dialog.Buttons
            buttons={[
              { content: t('closeDraft'), onClick: () => void close() },
              {
                content: t('send'),
                buttonType: 'primary',
                onClick: () => void submit(),
                loading: send.isPending,
                disabled: uploading > 0,
              },
            ]}
          />
        </Dialog.Footer>
      )}
    >
      <div className={classes.compose}>
        {error && <Banner variant="critical" title={t('sendFailed')} description={error} />}
        <FormControl required id={ids.to}>
          <FormControl.Label>{t('to')}</FormControl.Label>
          <TextInput
            block
            type="text"
            inputMode="email"
            autoComplete="email"
            value={values.to}
            onChange={(e) => change({ to: e.target.value })}
            aria-invalid={fieldError('to') ? true : undefined}
          />
          <FormControl.Caption>{t('recipientsHint')}</FormControl.Caption>
          {fieldError('to') && <FormControl.Validation variant="error">{fieldError('to')}</FormControl.Validation>}
        </FormControl>
        <FormControl id={ids.cc}>
          <FormControl.Label>{t('cc')}</FormControl.Label>
          <TextInput
            block
            type="text"
            inputMode="email"
            value={values.cc}
            onChange={(e) => change({ cc: e.target.value })}
            aria-invalid={fieldError('cc') ? true : undefined}
          />
          {fieldError('cc') && <FormControl.Validation variant="error">{fieldError('cc')}</FormControl.Validation>}
        </FormControl>
        <FormControl id={ids.subject}>
          <FormControl.Label>{t('subject')}</FormControl.Label>
          <TextInput block value={values.subject} onChange={(e) => change({ subject: e.target.value })} />
          {fieldError('subject') && (
            <FormControl.Validation variant="error">{fieldError('subject')}</FormControl.Validation>
          )}
        </FormControl>
        <div className={classes.editor}>
          <span id={ids.editor} className={classes.editorLabel}>
            {t('message')}
          </span>
          <div className={classes.toolbar} role="toolbar" aria-label={t('formatting')}>
            {tool(t('bold'), BoldIcon, !!editor?.isActive('bold'), () => editor?.chain().focus().toggleBold().run())}
            {tool(t('italic'), ItalicIcon, !!editor?.isActive('italic'), () =>
              editor?.chain().focus().toggleItalic().run(),
            )}
            {tool(t('bulletList'), ListUnorderedIcon, !!editor?.isActive('bulletList'), () =>
              editor?.chain().focus().toggleBulletList().run(),
            )}
            {tool(t('orderedList'), ListOrderedIcon, !!editor?.isActive('orderedList'), () =>
              editor?.chain().focus().toggleOrderedList().run(),
            )}
            {tool(t('quote'), QuoteIcon, !!editor?.isActive('blockquote'), () =>
              editor?.chain().focus().toggleBlockquote().run(),
            )}
          </div>
          <EditorContent editor={editor} />
        </div>
        <div className={classes.attachRow}>
          <input
            id={ids.files}
            ref={fileRef}
            type="file"
            multiple
            tabIndex={-1}
            aria-label={t('attach')}
            className={classes.visuallyHidden}
            onChange={(e) => void addFiles(e.target.files)}
          />
          <Button
            type="button"
            leadingVisual={PaperclipIcon}
            onClick={() => fileRef.current?.click()}
            loading={uploading > 0}
          >
            {t('attach')}
          </Button>
          {values.attachments.length > 0 && (
            <ul className={classes.attachList} aria-label={t('attachments')}>
              {values.attachments.map((a) => (
                <li key={a.id}>
                  <PaperclipIcon size={14} aria-hidden="true" />
                  <bdi>{a.name}</bdi> <span className={classes.muted}>{a.size}</span>
                  <IconButton
                    type="button"
                    size="small"
                    variant="invisible"
                    icon={XIcon}
                    aria-label={t('removeAttachment', { name: a.name })}
                    onClick={() => change({ attachments: values.attachments.filter((x) => x.id !== a.id) })}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Dialog>
  );
}
