// The `security` tab's passkeys: add one (the browser's own dialog makes it, named here first), rename and
// remove them. A passkey signs in without a password and counts as the second factor the organisation may
// require. The WebAuthn helper loads only when a passkey is added.
import { Button, ConfirmationDialog, Flash } from '@primer/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPasskey } from '../../../../shared/schemas/passkeys.ts';
import { TextField } from '../../../components/TextField/TextField.tsx';
import { useToast } from '../../../components/Toast/index.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useFormatters } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { TableWrap } from './TableWrap.tsx';
import classes from './Account.module.css';

/** A default name that tells devices apart: the browser and the system it runs on. */
function deviceName(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrom/.test(ua) ? 'Chrome' : 'Safari';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : 'Linux';
  return `${browser} · ${system}`;
}

export function PasskeysCard() {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const fmt = useFormatters();
  const toast = useToast();
  const utils = trpc.useUtils();
  const list = trpc.account.passkeys.list.useQuery(undefined, { staleTime: 0 });
  const options = trpc.account.passkeys.registrationOptions.useMutation();
  const register = trpc.account.passkeys.register.useMutation();
  const rename = trpc.account.passkeys.rename.useMutation();
  const remove = trpc.account.passkeys.remove.useMutation();
  const [name, setName] = useState(deviceName);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const [removing, setRemoving] = useState<TPasskey | null>(null);

  const refresh = async () => {
    await utils.account.passkeys.list.invalidate();
    await utils.account.twoFactor.status.invalidate();
  };
  const run = async (action: () => Promise<void>) => {
    setError(null);
    try {
      await action();
    } catch (e) {
      // The person closed the browser's dialog or it timed out: the browser says NotAllowedError.
      setError(e instanceof Error && e.name === 'NotAllowedError' ? t('passkeys.cancelled') : errorText.error(e));
    }
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('passkeys.nameRequired'));
      return;
    }
    setBusy(true);
    void run(async () => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const optionsJSON = (await options.mutateAsync()) as unknown as Parameters<
        typeof startRegistration
      >[0]['optionsJSON'];
      const response = await startRegistration({ optionsJSON });
      const passkey = await register.mutateAsync({ name: name.trim(), response: response as never });
      await refresh();
      setName(deviceName());
      toast.show({ message: t('passkeys.added', { name: passkey.name }), variant: 'success' });
    }).finally(() => setBusy(false));
  };

  const saveName = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    void run(async () => {
      await rename.mutateAsync(editing);
      setEditing(null);
      await refresh();
    });
  };

  const confirmRemove = (passkey: TPasskey) =>
    run(async () => {
      await remove.mutateAsync({ id: passkey.id });
      await refresh();
      toast.show({ message: t('passkeys.removed', { name: passkey.name }), variant: 'success' });
    });

  return (
    <section className={classes.card} aria-labelledby="account-passkeys-title">
      <h2 id="account-passkeys-title" className={classes.cardTitle}>
        {t('passkeys.title')}
      </h2>
      <p className={classes.muted}>{t('passkeys.description')}</p>
      {error && (
        <Flash variant="danger" role="alert">
          {error}
        </Flash>
      )}
      {list.data && list.data.length > 0 && (
        <TableWrap label={t('passkeys.title')}>
          <table className={classes.table}>
            <caption className={classes.srOnly}>{t('passkeys.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('passkeys.name')}</th>
                <th scope="col">{t('passkeys.created')}</th>
                <th scope="col">{t('passkeys.lastUsed')}</th>
                <th scope="col">
                  <span className={classes.srOnly}>{t('sessions.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((p) => (
                <tr key={p.id} data-testid="passkey-row">
                  <th scope="row" data-label={t('passkeys.name')}>
                    {editing?.id === p.id ? (
                      <form className={classes.stack} onSubmit={saveName} noValidate>
                        <TextField
                          label={t('passkeys.newName')}
                          name="passkeyName"
                          value={editing.name}
                          onChange={(value) => setEditing({ id: p.id, name: value })}
                          required
                          autoFocus
                        />
                        <div className={classes.buttons}>
                          <Button type="submit" size="small" variant="primary" loading={rename.isPending}>
                            {t('passkeys.saveName')}
                          </Button>
                          <Button size="small" onClick={() => setEditing(null)}>
                            {t('cancel')}
                          </Button>
                        </div>
                      </form>
                    ) : (
                      <bdi>{p.name}</bdi>
                    )}
                  </th>
                  <td data-label={t('passkeys.created')}>{fmt.dateTime(p.createdAt)}</td>
                  <td data-label={t('passkeys.lastUsed')}>{p.lastUsedAt ? fmt.dateTime(p.lastUsedAt) : '—'}</td>
                  <td>
                    <span className={classes.buttons}>
                      <Button
                        size="small"
                        onClick={() => setEditing({ id: p.id, name: p.name })}
                        aria-label={t('passkeys.renameLabel', { name: p.name })}
                      >
                        {t('passkeys.rename')}
                      </Button>
                      <Button
                        size="small"
                        variant="danger"
                        onClick={() => setRemoving(p)}
                        aria-label={t('passkeys.removeLabel', { name: p.name })}
                      >
                        {t('passkeys.remove')}
                      </Button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      {list.data?.length === 0 && <p className={classes.muted}>{t('passkeys.empty')}</p>}
      <form className={classes.stack} onSubmit={add} noValidate>
        <TextField
          label={t('passkeys.name')}
          name="newPasskeyName"
          value={name}
          onChange={setName}
          caption={t('passkeys.nameHint')}
          required
        />
        <div className={classes.buttons}>
          <Button type="submit" variant="primary" loading={busy}>
            {t('passkeys.add')}
          </Button>
        </div>
      </form>
      {removing && (
        <ConfirmationDialog
          title={t('passkeys.confirmTitle')}
          confirmButtonContent={t('passkeys.remove')}
          cancelButtonContent={t('cancel')}
          confirmButtonType="danger"
          onClose={(gesture) => {
            const passkey = removing;
            setRemoving(null);
            if (gesture === 'confirm') void confirmRemove(passkey);
          }}
        >
          {t('passkeys.confirmBody', { name: removing.name })}
        </ConfirmationDialog>
      )}
    </section>
  );
}
