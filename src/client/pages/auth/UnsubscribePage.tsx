import { Button, Spinner } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { TUnsubscribeInfo } from '../../../shared/schemas/notifications.ts';
import { AuthCard } from '../../components/AuthCard/AuthCard.tsx';
import { useIsolatedT } from '../../components/Bidi/index.ts';
import { useErrorText } from '../../lib/error-text.ts';
import { trpc } from '../../lib/trpc.ts';
import { AuthMessage } from './AuthForm.tsx';
import classes from './AuthForm.module.css';

const PREFERENCES = '/pages/account-settings/notifications';

/**
 * /unsubscribe?token=…: an e-mail's "Stop e-mails like this one" link. Opening the page changes nothing
 * (mail scanners open links); it says what the link is about, then one button turns that e-mail off and
 * another every optional e-mail. No sign-in: the signed token is the check. Security e-mail always goes.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation('mail');
  const ti = useIsolatedT('mail');
  const errorText = useErrorText();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const info = trpc.notifications.unsubscribeInfo.useQuery({ token }, { enabled: token.length > 0, retry: false });
  const stop = trpc.notifications.unsubscribe.useMutation();
  const settings = <Link href={PREFERENCES}>{t('unsubscribe.settings')}</Link>;
  const topicName = (topic: TUnsubscribeInfo['topic']) =>
    topic === 'digest' ? t('kinds.digest') : t(`kinds.notices.${topic}`);

  if (stop.isSuccess) {
    const done = stop.data;
    const scope = stop.variables.scope;
    return (
      <AuthMessage title={t('unsubscribe.title')} footer={settings}>
        <p>
          {scope === 'all'
            ? t('unsubscribe.doneAll')
            : done.topic === 'digest'
              ? t('unsubscribe.doneDigest')
              : t('unsubscribe.doneTopic', { topic: topicName(done.topic) })}
        </p>
        {scope !== 'all' && done.emailed.length === 0 && <p>{t('unsubscribe.nothingLeft')}</p>}
      </AuthMessage>
    );
  }
  if (token && info.isLoading) {
    return (
      <AuthCard title={t('unsubscribe.title')}>
        <Spinner srText={t('unsubscribe.checking')} />
      </AuthCard>
    );
  }
  if (!token || info.isError || !info.data) {
    return (
      <AuthMessage
        title={t('unsubscribe.title')}
        role="alert"
        footer={<Link href="/login">{t('unsubscribe.signIn')}</Link>}
      >
        <p>{info.error ? errorText.error(info.error) : t('unsubscribe.invalid')}</p>
      </AuthMessage>
    );
  }
  const { topic, email } = info.data;
  return (
    <AuthCard title={t('unsubscribe.title')} footer={settings}>
      <div className={classes.form}>
        <p>{ti('unsubscribe.for', { email })}</p>
        <p>
          {topic === 'digest'
            ? t('unsubscribe.digestQuestion')
            : t('unsubscribe.topicQuestion', { topic: topicName(topic) })}
        </p>
        {stop.isError && (
          <p role="alert" className={classes.alert}>
            {t('unsubscribe.failed', { reason: errorText.error(stop.error) })}
          </p>
        )}
        <Button
          variant="primary"
          block
          loading={stop.isPending && stop.variables?.scope === 'topic'}
          onClick={() => stop.mutate({ token, scope: 'topic' })}
        >
          {t('unsubscribe.stopTopic')}
        </Button>
        <Button
          block
          loading={stop.isPending && stop.variables?.scope === 'all'}
          onClick={() => stop.mutate({ token, scope: 'all' })}
        >
          {t('unsubscribe.stopAll')}
        </Button>
      </div>
    </AuthCard>
  );
}
