// /pages/account-settings/:tab: the signed-in user's own account. Tabs: `account` (name,
// language, avatar), `security` (password, second factor, passkeys, sessions), `notifications` (the kinds
// they receive) and, for superadmin and admins, `organization` (single sign-on of the customer).
// Every signed-in user reaches it; the account.* procedures act on the caller only.
import { BellIcon, OrganizationIcon, PersonIcon, ShieldLockIcon } from '@primer/octicons-react';
import { Heading, Text } from '@primer/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { PageLoading } from '../../components/PageLoading/PageLoading.tsx';
import { QueryError } from '../../components/QueryError/index.ts';
import { SectionNav } from '../../components/SectionNav/index.ts';
import { trpc } from '../../lib/trpc.ts';
import { AccountTab } from './account/AccountTab.tsx';
import { NotificationsTab } from './account/NotificationsTab.tsx';
import { OrganizationTab } from './account/OrganizationTab.tsx';
import { SecurityTab } from './account/SecurityTab.tsx';
import classes from './account/Account.module.css';

const TABS = [
  { key: 'account', icon: PersonIcon },
  { key: 'security', icon: ShieldLockIcon },
  { key: 'notifications', icon: BellIcon },
  { key: 'organization', icon: OrganizationIcon },
] as const;
/** The organisation's sign-in settings are its admin's (and the platform operator's). */
const ORGANIZATION_ROLES = ['superadmin', 'admin'];
type Tab = (typeof TABS)[number]['key'];

const tabPath = (tab: Tab) => `/pages/account-settings/${tab}`;

export default function AccountSettingsPage() {
  const { t } = useTranslation('account');
  const params = useParams<{ tab: string }>();
  const [, navigate] = useLocation();
  const account = trpc.account.get.useQuery(undefined, { staleTime: 0 });
  const manager = ORGANIZATION_ROLES.includes(account.data?.role ?? '');
  const tabs = TABS.filter((x) => x.key !== 'organization' || manager);
  const tab = (account.isPending ? TABS : tabs).find((x) => x.key === params.tab)?.key;

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
      <SectionNav aria-label={t('tabsLabel')}>
        {tabs.map(({ key, icon }) => (
          <SectionNav.Item
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
          </SectionNav.Item>
        ))}
      </SectionNav>
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
      ) : tab === 'organization' ? (
        <OrganizationTab superadmin={account.data.role === 'superadmin'} />
      ) : null}
    </div>
  );
}
