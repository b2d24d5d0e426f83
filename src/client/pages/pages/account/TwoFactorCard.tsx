// The `security` tab's second factor: set it up (a QR code drawn by the server, the key as text for apps
// that cannot scan, confirmed by a code), its recovery codes shown once, renewing them, turning it off.
import { Button, Flash, Label } from '@primer/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTwoFactorSetup } from '../../../../shared/schemas/two-factor.ts';
import { TextField } from '../../../components/TextField/TextField.tsx';
import { useToast } from '../../../components/Toast/index.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useFormatters } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import classes from './Account.module.css';

type Mode = 'idle' | 'renew' | 'disable';

export function TwoFactorCard() {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const fmt = useFormatters();
  const toast = useToast();
  const utils = trpc.useUtils();
  const status = trpc.account.twoFactor.status.useQuery(undefined, { staleTime: 0 });
  const setup = trpc.account.twoFactor.setup.useMutation();
  const enable = trpc.account.twoFactor.enable.useMutation();
  const disable = trpc.account.twoFactor.disable.useMutation();
  const renew = trpc.account.twoFactor.regenerateRecoveryCodes.useMutation();
  const [pending, setPending] = useState<TTwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [mode, setMode] = useState<Mode>('idle');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const refresh = async () => {
    await utils.account.twoFactor.status.invalidate();
    await utils.account.sessions.invalidate();
  };
  const run = async (action: () => Promise<void>) => {
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorText.error(e));
    }
  };

  const start = () =>
    run(async () => {
      setPending(await setup.mutateAsync());
      setCode('');
    });
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const result = await enable.mutateAsync({ code });
      setPending(null);
      setCode('');
      setCodes(result.recoveryCodes);
      await refresh();
      toast.show({ message: t('twoFactor.enabled'), variant: 'success' });
    });
  };
  const submitMode = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (mode === 'renew') {
        setCodes((await renew.mutateAsync({ code })).recoveryCodes);
      } else {
        await disable.mutateAsync({ password, code });
        toast.show({ message: t('twoFactor.disabled'), variant: 'success' });
      }
      setMode('idle');
      setCode('');
      setPassword('');
      await refresh();
    });
  };

  const data = status.data;
  return (
    <section className={classes.card} aria-labelledby="account-2fa-title">
      <h2 id="account-2fa-title" className={classes.cardTitle}>
        {t('twoFactor.title')}{' '}
        {data && (
          <Label variant={data.enabled ? 'success' : 'secondary'}>
            {data.enabled ? t('twoFactor.on') : t('twoFactor.off')}
          </Label>
        )}
      </h2>
      <p className={classes.muted}>{t('twoFactor.description')}</p>
      {data?.required && !data.enabled && data.passkeys === 0 && (
        <Flash variant="warning">
          {data.graceEndsAt && data.graceEndsAt.getTime() > Date.now()
            ? t('twoFactor.requiredBy', { date: fmt.dateTime(data.graceEndsAt) })
            : t('twoFactor.requiredNow')}
        </Flash>
      )}
      {error && (
        <Flash variant="danger" role="alert">
          {error}
        </Flash>
      )}
      {codes && (
        <div className={classes.stack} role="region" aria-labelledby="account-2fa-codes">
          <h3 id="account-2fa-codes" className={classes.cardTitle}>
            {t('twoFactor.recoveryTitle')}
          </h3>
          <p>{t('twoFactor.recoveryHint')}</p>
          <ul className={classes.codes} aria-label={t('twoFactor.recoveryTitle')}>
            {codes.map((c) => (
              <li key={c}>
                <code dir="ltr">{c}</code>
              </li>
            ))}
          </ul>
          <div className={classes.buttons}>
            <Button onClick={() => setCodes(null)}>{t('twoFactor.saved')}</Button>
          </div>
        </div>
      )}
      {data && !data.enabled && !pending && (
        <div className={classes.buttons}>
          <Button variant="primary" onClick={() => void start()} loading={setup.isPending}>
            {t('twoFactor.setUp')}
          </Button>
        </div>
      )}
      {data && !data.enabled && pending && (
        <form className={classes.stack} onSubmit={confirm} noValidate>
          <p>{t('twoFactor.scan')}</p>
          <img
            className={classes.qr}
            src={`data:image/svg+xml;utf8,${encodeURIComponent(pending.qrSvg)}`}
            alt={t('twoFactor.qrAlt')}
            width={192}
            height={192}
          />
          <p>
            {t('twoFactor.keyText')}{' '}
            <code dir="ltr" className={classes.key}>
              {pending.secret}
            </code>
          </p>
          <TextField
            label={t('twoFactor.code')}
            name="code"
            autoComplete="one-time-code"
            value={code}
            onChange={setCode}
            required
          />
          <div className={classes.buttons}>
            <Button type="submit" variant="primary" loading={enable.isPending}>
              {t('twoFactor.turnOn')}
            </Button>
            <Button onClick={() => setPending(null)}>{t('cancel')}</Button>
          </div>
        </form>
      )}
      {data?.enabled && mode === 'idle' && (
        <>
          <p>{t('twoFactor.codesLeft', { count: data.recoveryCodesLeft })}</p>
          <div className={classes.buttons}>
            <Button onClick={() => setMode('renew')}>{t('twoFactor.renew')}</Button>
            <Button variant="danger" onClick={() => setMode('disable')}>
              {t('twoFactor.turnOff')}
            </Button>
          </div>
        </>
      )}
      {data?.enabled && mode !== 'idle' && (
        <form className={classes.stack} onSubmit={submitMode} noValidate>
          {mode === 'disable' && (
            <TextField
              label={t('password.current')}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
              required
            />
          )}
          <TextField
            label={t('twoFactor.code')}
            name="code"
            autoComplete="one-time-code"
            value={code}
            onChange={setCode}
            required
          />
          <div className={classes.buttons}>
            <Button type="submit" variant={mode === 'disable' ? 'danger' : 'primary'}>
              {mode === 'disable' ? t('twoFactor.turnOff') : t('twoFactor.renew')}
            </Button>
            <Button onClick={() => setMode('idle')}>{t('cancel')}</Button>
          </div>
        </form>
      )}
    </section>
  );
}
