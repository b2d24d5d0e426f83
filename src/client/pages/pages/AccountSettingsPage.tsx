// /pages/account-settings/:tab: the signed-in user's own account. Tabs: `account` (name,
// language, avatar), `security` (password, sessions) and `notifications` (the kinds they receive).
// Every signed-in user reaches it; the account.* procedures act on the caller only.
import { BellIcon, PersonIcon, ShieldLockIcon } from '@primer/octicons-react';
import { Heading, Text, UnderlineNav } from '@primer/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { PageLoading } from '../../components/PageLoading/PageLoading.tsx';
import { QueryError } from '../../components/QueryError/index.ts';
import { trpc } from '../../lib/trpc.ts';
import { AccountTab } from './account/AccountTab.tsx';
import { NotificationsTab } from './account/NotificationsTab.tsx';
import { SecurityTab } from './account/SecurityTab.tsx';
import classes from './account/Account.module.css';

const TABS = [
  { key: 'account', icon: PersonIcon },
  { key: 'security', icon: ShieldLockIcon },
  { key: 'notifications', icon: BellIcon },
] as const;
type Tab = (typeof TABS)[number]['key'];

const tabPath = (tab: Tab) => `/pages/account-settings/${tab}`;

export default function AccountSettingsPage() {
  const { t } = useTranslation('account');
  const params = useParams<{ tab: string }>();
  const [, navigate] = useLocation();
  const tab = TABS.find((x) => x.key === params.tab)?.key;
  const account = trpc.account.get.useQuery(undefined, { staleTime: 0 });

  useEffect(() => {
    // An unknown tab (an old link): the first one, without a history entry.
    if (!tab) navigate(tabPath('account'), { replace: true });
  }, [tab, navigate]);

  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <Heading as="h1" className={classes.title}>
          {t('title')}
        </Heading>
        <Text as="p" className={classes.muted}>
          {t('description')}
        </Text>
      </header>
      <UnderlineNav aria-label={t('tabsLabel')}>
        {TABS.map(({ key, icon }) => (
          <UnderlineNav.Item
            key={key}
            href={tabPath(key)}
            icon={icon}
            aria-current={tab === key ? 'page' : undefined}
            onSelect={(event) => {
              event.preventDefault();
              navigate(tabPath(key));
            }}
          >
            {t(`tabs.${key}`)}
          </UnderlineNav.Item>
        ))}
      </UnderlineNav>
      {account.isPending ? (
        <PageLoading />
      ) : account.isError || !account.data ? (
        <QueryError title={t('loadError.title')} error={account.error} onRetry={account.refetch} />
      ) : tab === 'account' ? (
        <AccountTab account={account.data} />
      ) : tab === 'security' ? (
        <SecurityTab />
      ) : tab === 'notifications' ? (
        <NotificationsTab />
      ) : null}
    </div>
  );
}
