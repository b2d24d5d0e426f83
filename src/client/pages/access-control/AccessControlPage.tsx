import { CheckCircleFillIcon, XCircleFillIcon } from '@primer/octicons-react';
import { Heading, Text } from '@primer/react';
import { useTranslation } from 'react-i18next';
import type { Action } from '../../../shared/abilities/index.ts';
import { useSession } from '../../lib/session.tsx';
import classes from './AccessControlPage.module.css';

const ACTIONS: Action[] = ['read', 'create', 'update', 'delete', 'manage'];

/** The access-control demo (needs read on AclDemo): what the caller's ability allows on AclDemo. */
export default function AccessControlPage() {
  const { t } = useTranslation('shell');
  const { user, ability } = useSession();
  if (!user) return null;
  return (
    <div className={classes.page}>
      <Heading as="h1" className={classes.title}>
        {t('acl.title')}
      </Heading>
      <Text as="p" className={classes.lead}>
        {t('acl.lead', { role: t(`roles.${user.role_name}`) })}
      </Text>
      <section className={classes.card} aria-labelledby="acl-subject">
        <h2 id="acl-subject" className={classes.cardTitle}>
          {t('acl.subject')}
        </h2>
        <table className={classes.table}>
          <caption className={classes.caption}>{t('acl.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('acl.action')}</th>
              <th scope="col">{t('acl.allowed')}</th>
            </tr>
          </thead>
          <tbody>
            {ACTIONS.map((action) => {
              const allowed = ability.can(action, 'AclDemo');
              return (
                <tr key={action} data-allowed={allowed || undefined}>
                  <th scope="row">{t(`acl.actions.${action}`)}</th>
                  <td>
                    <span className={classes.verdict}>
                      {allowed ? <CheckCircleFillIcon size={16} /> : <XCircleFillIcon size={16} />}
                      {allowed ? t('acl.yes') : t('acl.no')}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      <Text as="p" className={classes.note}>
        {t('acl.note')}
      </Text>
    </div>
  );
}
