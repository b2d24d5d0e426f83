// The `account` tab: name, language and avatar, saved together (account.update with the version).
// The avatar is uploaded at once through POST /api/files and kept on the form until Save.
// The language field shows the language the interface is in on this device (the language menu's choice,
// which wins on screen); the account keeps one too, for e-mails. Saving stores the field's language in the
// account and switches the interface to it, so both agree again.
import { TrashIcon, UploadIcon } from '@primer/octicons-react';
import { Button, Flash, Spinner } from '@primer/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_DATA_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../../../../shared/constants/http.ts';
import type { LanguageCode } from '../../../../shared/constants/ui.ts';
import { type TAccount, ZUpdateAccountInput } from '../../../../shared/schemas/account.ts';
import { setPreferences, usePreferences } from '../../../app/preferences.ts';
import { SelectField, TextField, useZodForm } from '../../../components/FormDialog/index.ts';
import { useToast } from '../../../components/Toast/index.ts';
import { useUnsavedChangesGuard } from '../../../components/UnsavedChanges/index.ts';
import { LANGUAGES, languageName } from '../../../i18n/index.ts';
import { deleteCookie, readCookie } from '../../../lib/cookies.ts';
import { initials } from '../../../lib/initials.ts';
import { trpc } from '../../../lib/trpc.ts';
import classes from './Account.module.css';

/** The image types the files API makes a thumbnail of. */
const AVATAR_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

interface Values extends Record<string, unknown> {
  fullName: string;
  language: LanguageCode;
  avatarFileId: number | null;
  version: number;
}

/** The form's values for `a`, its language the one the interface is in (`shown`). */
const valuesOf = (a: TAccount, shown: LanguageCode): Values => ({
  fullName: a.fullName,
  language: shown,
  avatarFileId: a.avatarFileId,
  version: a.version,
});

/** Send one image to POST /api/files; resolves with its id, or rejects with the server's message. */
async function uploadAvatar(file: File): Promise<number> {
  const form = new FormData();
  form.append('file', file, file.name);
  const xsrf = readCookie(XSRF_COOKIE);
  const response = await fetch('/api/files', {
    method: 'POST',
    body: form,
    headers: xsrf ? { [XSRF_HEADER]: xsrf } : {},
  });
  const body = (await response.json().catch(() => null)) as { id?: number; message?: string } | null;
  if (response.status === 401) {
    deleteCookie(USER_DATA_COOKIE);
    window.location.assign('/login');
  }
  if (response.status !== 201 || typeof body?.id !== 'number') throw new Error(body?.message ?? response.statusText);
  return body.id;
}

export function AccountTab({ account }: { account: TAccount }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const utils = trpc.useUtils();
  const update = trpc.account.update.useMutation();
  const { language: shown } = usePreferences();
  const form = useZodForm(ZUpdateAccountInput, () => valuesOf(account, shown));
  useUnsavedChangesGuard(form.dirty);
  const { dirty, reset } = form;
  // The interface's language changed elsewhere (the language menu): an untouched form follows it.
  useEffect(() => {
    if (!dirty) reset(valuesOf(account, shown));
    // Only a change of language (or of the account read) starts this; `dirty` is read as it is then.
  }, [shown, account, reset]);
  const picker = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const onPick = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    if (!file.type.startsWith('image/')) {
      setUploadError(t('avatar.notImage'));
      return;
    }
    setUploading(true);
    try {
      form.set('avatarFileId', await uploadAvatar(file));
    } catch (error) {
      setUploadError(
        t('avatar.failed', { reason: error instanceof Error && error.message ? error.message : t('avatar.network') }),
      );
    } finally {
      setUploading(false);
      if (picker.current) picker.current.value = '';
    }
  };

  const submit = form.handleSubmit(async (data) => {
    const saved = await update.mutateAsync(data);
    form.reset(valuesOf(saved, saved.language));
    utils.account.get.setData(undefined, saved);
    // The shell's user menu (name, avatar) reads auth.me.
    await utils.auth.me.invalidate();
    if (saved.language !== shown) setPreferences({ language: saved.language });
    toast.show({ message: t('saved'), variant: 'success' });
  });

  const avatarId = form.values.avatarFileId;
  return (
    <form className={classes.card} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="account-profile-title">
      <h2 id="account-profile-title" className={classes.cardTitle}>
        {t('profile.title')}
      </h2>
      <div className={classes.avatarRow}>
        {avatarId ? (
          <img
            className={classes.avatar}
            src={`/api/files/${avatarId}?thumbnail=1`}
            alt={t('avatar.preview')}
            data-testid="avatar-preview"
          />
        ) : (
          <span
            className={classes.avatar}
            data-initials={initials(form.values.fullName || account.email)}
            aria-hidden="true"
          />
        )}
        <div className={classes.avatarActions}>
          <div className={classes.buttons}>
            <Button
              leadingVisual={uploading ? Spinner : UploadIcon}
              disabled={uploading}
              onClick={() => picker.current?.click()}
            >
              {avatarId ? t('avatar.change') : t('avatar.upload')}
            </Button>
            {avatarId && (
              <Button variant="danger" leadingVisual={TrashIcon} onClick={() => form.set('avatarFileId', null)}>
                {t('avatar.remove')}
              </Button>
            )}
          </div>
          <input
            ref={picker}
            className={classes.picker}
            type="file"
            accept={AVATAR_TYPES}
            aria-label={t('avatar.upload')}
            tabIndex={-1}
            onChange={(e) => void onPick(e.target.files?.[0])}
          />
          <span className={classes.muted}>{t('avatar.hint')}</span>
          {uploadError && (
            <span className={classes.error} role="alert">
              {uploadError}
            </span>
          )}
          {form.error('avatarFileId') && (
            <span className={classes.error} role="alert">
              {form.error('avatarFileId')}
            </span>
          )}
        </div>
      </div>
      <div className={classes.fields}>
        <TextField form={form} name="fullName" label={t('profile.fullName')} required autoComplete="name" />
        <div>
          <span className={classes.label}>{t('profile.email')}</span>
          <span className={classes.readonly}>
            <bdi dir="ltr">{account.email}</bdi>
          </span>
        </div>
        <SelectField
          form={form}
          name="language"
          label={t('profile.language')}
          caption={
            account.language === shown
              ? t('profile.languageHint')
              : t('profile.languageDiffers', { saved: languageName(account.language), shown: languageName(shown) })
          }
          options={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
        />
      </div>
      {form.formError && (
        <Flash variant="danger" role="alert">
          {form.formError}
        </Flash>
      )}
      <div className={classes.buttons}>
        <Button type="submit" variant="primary" disabled={form.submitting || uploading}>
          {t('save')}
        </Button>
        <Button disabled={!form.dirty || form.submitting} onClick={() => form.reset(valuesOf(account, shown))}>
          {t('discard')}
        </Button>
      </div>
    </form>
  );
}
