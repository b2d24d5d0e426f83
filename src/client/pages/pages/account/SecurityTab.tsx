// The `security` tab: change the password (the shared rules, field messages from the server), and the
// live sessions with device, IP and last use, each revocable; ending this device's session signs out.
import { Button, ConfirmationDialog, Flash, Label } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_DATA_COOKIE } from '../../../../shared/constants/http.ts';
import { type TAccountSession, ZChangePasswordInput } from '../../../../shared/schemas/account.ts';
import { TextField, useZodForm } from '../../../components/FormDialog/index.ts';
import { PasswordRules } from '../../../components/PasswordRules/PasswordRules.tsx';
import { QueryError } from '../../../components/QueryError/index.ts';
import { useToast } from '../../../components/Toast/index.ts';
import { useUnsavedChangesGuard } from '../../../components/UnsavedChanges/index.ts';
import { deleteCookie } from '../../../lib/cookies.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useFormatters } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { PasskeysCard } from './PasskeysCard.tsx';
import { TableWrap } from './TableWrap.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';
import classes from './Account.module.css';

export function SecurityTab() {
  return (
    <>
      <PasswordForm />
      <TwoFactorCard />
      <PasskeysCard />
      <Sessions />
    </>
  );
}

const EMPTY = { currentPassword: '', newPassword: '' };

function PasswordForm() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const utils = trpc.useUtils();
  const change = trpc.account.changePassword.useMutation();
  const form = useZodForm(ZChangePasswordInput, EMPTY);
  const me = trpc.account.get.useQuery().data;
  useUnsavedChangesGuard(form.dirty);

  const submit = form.handleSubmit(async (data) => {
    const result = await change.mutateAsync(data);
    form.reset(EMPTY);
    await utils.account.sessions.invalidate();
    toast.show({ message: t('password.changed', { count: result.otherSessionsEnded }), variant: 'success' });
  });

  return (
    <form className={classes.card} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="account-password-title">
      <h2 id="account-password-title" className={classes.cardTitle}>
        {t('password.title')}
      </h2>
      <p className={classes.muted}>{t('password.description')}</p>
      <div className={classes.fields}>
        <TextField
          form={form}
          name="currentPassword"
          type="password"
          label={t('password.current')}
          required
          autoComplete="current-password"
        />
        <div className={classes.stack}>
          <TextField
            form={form}
            name="newPassword"
            type="password"
            label={t('password.new')}
            required
            autoComplete="new-password"
          />
          <PasswordRules password={form.values.newPassword} userInputs={[me?.email ?? '', me?.fullName ?? '']} />
        </div>
      </div>
      {form.formError && (
        <Flash variant="danger" role="alert">
          {form.formError}
        </Flash>
      )}
      <div className={classes.buttons}>
        <Button type="submit" variant="primary" disabled={form.submitting}>
          {t('password.submit')}
        </Button>
      </div>
    </form>
  );
}

function Sessions() {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const fmt = useFormatters();
  const toast = useToast();
  const utils = trpc.useUtils();
  const sessions = trpc.account.sessions.useQuery(undefined, { staleTime: 0 });
  const revoke = trpc.account.revokeSession.useMutation();
  const revokeOthers = trpc.account.revokeOtherSessions.useMutation();
  const [asking, setAsking] = useState<TAccountSession | null>(null);
  const [error, setError] = useState<string | null>(null);

  const device = (s: TAccountSession) => s.device ?? t('sessions.unknownDevice');
  const confirmRevoke = async (session: TAccountSession) => {
    setError(null);
    try {
      const result = await revoke.mutateAsync({ id: session.id });
      if (result.current) {
        // This device's session is gone: the server no longer knows us.
        deleteCookie(USER_DATA_COOKIE);
        window.location.assign('/login');
        return;
      }
      await utils.account.sessions.invalidate();
      toast.show({ message: t('sessions.revoked', { device: device(session) }), variant: 'success' });
    } catch (e) {
      setError(errorText.error(e));
    }
  };

  const signOutOthers = async () => {
    setError(null);
    try {
      const result = await revokeOthers.mutateAsync();
      await utils.account.sessions.invalidate();
      toast.show({ message: t('sessions.othersRevoked', { count: result.revoked }), variant: 'success' });
    } catch (e) {
      setError(errorText.error(e));
    }
  };

  return (
    <section className={classes.card} aria-labelledby="account-sessions-title">
      <h2 id="account-sessions-title" className={classes.cardTitle}>
        {t('sessions.title')}
      </h2>
      <p className={classes.muted}>{t('sessions.description')}</p>
      {sessions.data && sessions.data.some((s) => !s.current) && (
        <div className={classes.buttons}>
          <Button variant="danger" onClick={() => void signOutOthers()} loading={revokeOthers.isPending}>
            {t('sessions.revokeOthers')}
          </Button>
        </div>
      )}
      {error && (
        <Flash variant="danger" role="alert">
          {t('sessions.revokeFailed', { reason: error })}
        </Flash>
      )}
      {sessions.isPending ? (
        <p role="status" className={classes.muted}>
          {t('loading')}
        </p>
      ) : sessions.isError ? (
        <QueryError title={t('sessions.loadError')} error={sessions.error} onRetry={sessions.refetch} />
      ) : sessions.data.length === 0 ? (
        <p className={classes.muted}>{t('sessions.empty')}</p>
      ) : (
        <TableWrap label={t('sessions.title')}>
          <table className={classes.table}>
            <caption className={classes.srOnly}>{t('sessions.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('sessions.device')}</th>
                <th scope="col">{t('sessions.ip')}</th>
                <th scope="col">{t('sessions.lastSeen')}</th>
                <th scope="col">{t('sessions.signedIn')}</th>
                <th scope="col">
                  <span className={classes.srOnly}>{t('sessions.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.map((s) => (
                <tr key={s.id} data-testid="session-row" data-current={s.current || undefined}>
                  <th scope="row" data-label={t('sessions.device')}>
                    <span className={classes.deviceCell}>
                      <bdi>{device(s)}</bdi>
                      {s.current && <Label variant="success">{t('sessions.thisDevice')}</Label>}
                    </span>
                  </th>
                  <td data-label={t('sessions.ip')}>
                    <bdi dir="ltr">{s.ip ?? '—'}</bdi>
                  </td>
                  <td data-label={t('sessions.lastSeen')}>{fmt.dateTime(s.lastSeenAt ?? s.signedInAt)}</td>
                  <td data-label={t('sessions.signedIn')}>{fmt.dateTime(s.signedInAt)}</td>
                  <td>
                    <Button
                      size="small"
                      variant="danger"
                      onClick={() => setAsking(s)}
                      aria-label={t('sessions.actionLabel', {
                        action: s.current ? t('sessions.signOut') : t('sessions.revoke'),
                        device: device(s),
                        ip: s.ip ?? '—',
                      })}
                    >
                      {s.current ? t('sessions.signOut') : t('sessions.revoke')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      {asking && (
        <ConfirmationDialog
          title={asking.current ? t('sessions.confirmCurrentTitle') : t('sessions.confirmTitle')}
          confirmButtonContent={asking.current ? t('sessions.signOut') : t('sessions.revoke')}
          cancelButtonContent={t('cancel')}
          confirmButtonType="danger"
          onClose={(gesture) => {
            const session = asking;
            setAsking(null);
            if (gesture === 'confirm') void confirmRevoke(session);
          }}
        >
          {asking.current
            ? t('sessions.confirmCurrentBody')
            : t('sessions.confirmBody', { device: device(asking), ip: asking.ip ?? '—' })}
        </ConfirmationDialog>
      )}
    </section>
  );
}
