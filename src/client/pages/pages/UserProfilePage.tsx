// /pages/user-profile/:tab: the signed-in user's profile. Who they are (header, about, contacts), their teams,
// the projects they take part in and the tasks they completed come from account.profile; the connections are
// the sample profile's (apps.pages.profile, GET /api/pages/profile?tab=…). One tab per section (profile/):
// `profile` (facts, figures, connections, teams and projects in short), `teams`, `projects` and `connections`.
// The tab is the URL (links, so a reload or a shared link keeps it). Sample content is user text: isolated
// with dir="auto".
import { type Icon, PeopleIcon, PersonIcon, ProjectIcon } from '@primer/octicons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { PROFILE_TABS, type TProfileConnectionCard, type TProfileTab } from '../../../shared/schemas/pages.ts';
import { PageLoading } from '../../components/PageLoading/PageLoading.tsx';
import { QueryError } from '../../components/QueryError/index.ts';
import { SectionNav } from '../../components/SectionNav/index.ts';
import { trpc } from '../../lib/trpc.ts';
import { ConnectionsTab } from './profile/ConnectionsTab.tsx';
import { OverviewTab } from './profile/OverviewTab.tsx';
import { ProfileHeaderCard } from './profile/ProfileHeaderCard.tsx';
import { ProjectsTab } from './profile/ProjectsTab.tsx';
import { tabPath } from './profile/profile-parts.tsx';
import { TeamsTab } from './profile/TeamsTab.tsx';
import classes from './profile/Profile.module.css';

const TAB_ICONS: Record<TProfileTab, Icon> = {
  profile: PersonIcon,
  teams: PeopleIcon,
  projects: ProjectIcon,
  connections: PeopleIcon,
};

const isTab = (value: string | undefined): value is TProfileTab =>
  (PROFILE_TABS as readonly string[]).includes(value ?? '');

export default function UserProfilePage() {
  const { t } = useTranslation('pages');
  const params = useParams<{ tab: string }>();
  const [, navigate] = useLocation();
  const tab = isTab(params.tab) ? params.tab : undefined;
  const profile = trpc.account.profile.useQuery();
  // The sample profile gives the connections (and the overview's count of them); teams and projects are the user's.
  const sampleTab = tab === 'connections' ? 'connections' : 'profile';
  const needsSample = tab === 'profile' || tab === 'connections';
  const section = trpc.apps.pages.profile.useQuery({ tab: sampleTab }, { enabled: needsSample });

  useEffect(() => {
    // An unknown tab (an old link): the first one, without a history entry.
    if (!tab) navigate(tabPath('profile'), { replace: true });
  }, [tab, navigate]);

  const data = section.data;
  return (
    <div className={classes.page}>
      <ProfileHeaderCard profile={profile.data} />
      <SectionNav aria-label={t('profile.tabsLabel')}>
        {PROFILE_TABS.map((key) => (
          <SectionNav.Item
            key={key}
            href={tabPath(key)}
            icon={TAB_ICONS[key]}
            aria-current={tab === key ? 'page' : undefined}
            onSelect={(event) => {
              event.preventDefault();
              navigate(tabPath(key));
            }}
          >
            {t(`profile.tabs.${key}`)}
          </SectionNav.Item>
        ))}
      </SectionNav>
      {(needsSample && section.isError) || profile.isError ? (
        <QueryError
          title={t('loadError.title')}
          error={profile.error ?? section.error}
          onRetry={() => Promise.all([needsSample ? section.refetch() : undefined, profile.refetch()])}
        />
      ) : profile.isPending || !tab || (needsSample && (section.isPending || !data)) ? (
        <PageLoading />
      ) : tab === 'profile' && data && !Array.isArray(data) ? (
        <OverviewTab data={data} profile={profile.data} />
      ) : tab === 'teams' ? (
        <TeamsTab teams={profile.data.teams} />
      ) : tab === 'projects' ? (
        <ProjectsTab projects={profile.data.projects} />
      ) : tab === 'connections' && Array.isArray(data) ? (
        <ConnectionsTab connections={data as TProfileConnectionCard[]} />
      ) : null}
    </div>
  );
}
