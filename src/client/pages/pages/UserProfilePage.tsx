// /pages/user-profile/:tab (issue 16): the profile page over apps.pages.profileHeader and
// apps.pages.profile (GET /api/pages/profile?tab=…), one tab per section of the sample profile:
// `profile` (about, contacts, teams, overview, connections, teams and projects), `teams`, `projects`
// and `connections`. The tab is the URL (links, so a reload or a shared link keeps it). The header
// shows the signed-in user (name, avatar, role) over the sample profile's cover, place and start date;
// "Edit profile" opens their account settings. On `connections`, Connect / Disconnect is the caller's
// own answer (apps.pages.setProfileConnection, kept per user on the server). Sample content is user text: isolated with dir="auto".
import {
  BriefcaseIcon,
  CalendarIcon,
  CheckCircleIcon,
  CheckIcon,
  CommentIcon,
  DeviceMobileIcon,
  DotFillIcon,
  GearIcon,
  GlobeIcon,
  type Icon,
  LocationIcon,
  MailIcon,
  PencilIcon,
  PeopleIcon,
  PersonAddIcon,
  PersonIcon,
  ProjectIcon,
  ShieldCheckIcon,
  StarIcon,
} from '@primer/octicons-react';
import { Button, Heading, Label, LinkButton, ProgressBar, UnderlineNav } from '@primer/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import {
  PROFILE_TABS,
  type TProfileConnectionCard,
  type TProfileHeader,
  type TProfileOverviewTab,
  type TProfileProjectCard,
  type TProfileTab,
  type TProfileTeamCard,
} from '../../../shared/schemas/pages.ts';
import { PageLoading } from '../../components/PageLoading/PageLoading.tsx';
import { QueryError } from '../../components/QueryError/index.ts';
import { useToast } from '../../components/Toast/index.ts';
import { useFormatters } from '../../lib/format.ts';
import { initials } from '../../lib/initials.ts';
import { useRoleName } from '../../lib/roles.ts';
import { useSession } from '../../lib/session.tsx';
import { trpc } from '../../lib/trpc.ts';
import { CardHead, Chips, ProfileCard, Stats, SummaryCard, variantOf } from './ProfileCards.tsx';
import classes from './Profile.module.css';

const TAB_ICONS: Record<TProfileTab, Icon> = {
  profile: PersonIcon,
  teams: PeopleIcon,
  projects: ProjectIcon,
  connections: PeopleIcon,
};

/** The overview items' icons (octicon names stored with the content); a dot for any other. */
const ICONS: Record<string, Icon> = {
  person: PersonIcon,
  'check-circle': CheckCircleIcon,
  star: StarIcon,
  location: LocationIcon,
  globe: GlobeIcon,
  'device-mobile': DeviceMobileIcon,
  mail: MailIcon,
  'shield-check': ShieldCheckIcon,
  gear: GearIcon,
  check: CheckIcon,
  people: PeopleIcon,
  project: ProjectIcon,
};

const tabPath = (tab: TProfileTab) => `/pages/user-profile/${tab}`;
const isTab = (value: string | undefined): value is TProfileTab =>
  (PROFILE_TABS as readonly string[]).includes(value ?? '');

/** The signed-in user's picture (its thumbnail from the files API) when set, else their initials. */
function UserPicture({ fullName, avatar }: { fullName: string; avatar: string | null | undefined }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (avatar && failed !== avatar) {
    return (
      <img
        className={classes.userAvatar}
        src={`${avatar}?thumbnail=1`}
        alt=""
        data-testid="profile-avatar"
        onError={() => setFailed(avatar)}
      />
    );
  }
  return (
    <span className={classes.userAvatar} aria-hidden="true" data-testid="profile-initials">
      {initials(fullName)}
    </span>
  );
}

/** A row of small portraits; the names are read out once (the pictures are decorative). */
function AvatarGroup({ people, extra = 0 }: { people: { avatar: string; name: string }[]; extra?: number }) {
  const { t } = useTranslation('pages');
  const names = people.map((p) => p.name);
  return (
    <div className={classes.avatarGroup}>
      <span className={classes.srOnly}>{t('profile.members', { names: names.join(', ') })}</span>
      {people.map((p) => (
        <img key={p.name} className={classes.smallAvatar} src={p.avatar} alt="" title={p.name} aria-hidden="true" />
      ))}
      {extra > 0 && <span className={classes.extra}>{t('profile.extraMembers', { n: extra })}</span>}
    </div>
  );
}

function Facts({ title, items, testId }: { title: string; items: TProfileOverviewTab['about']; testId: string }) {
  return (
    <div className={classes.factGroup}>
      <h3 className={classes.factTitle}>{title}</h3>
      <dl className={classes.facts} data-testid={testId}>
        {items.map((item) => {
          const ItemIcon = ICONS[item.icon] ?? DotFillIcon;
          return (
            <div key={item.property} className={classes.fact}>
              <dt>
                <ItemIcon size={16} className={classes.factIcon} />
                <bdi>{item.property}</bdi>
              </dt>
              <dd dir="auto">
                {item.color ? <Label variant={variantOf(item.color)}>{item.value}</Label> : item.value}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

function ProfileHeaderCard({ header }: { header: TProfileHeader | undefined }) {
  const { t } = useTranslation('pages');
  const { user } = useSession();
  const roleName = useRoleName();
  if (!user) return null;
  return (
    <section className={classes.headerCard} aria-labelledby="profile-name">
      {header && <img className={classes.cover} src={header.coverImg} alt="" aria-hidden="true" />}
      {!header && <div className={classes.cover} aria-hidden="true" />}
      <div className={classes.headerBody}>
        <UserPicture fullName={user.fullName} avatar={user.avatar} />
        <div className={classes.headerText}>
          <Heading as="h1" id="profile-name" className={classes.name}>
            <bdi>{user.fullName}</bdi>
          </Heading>
          <ul className={classes.headerFacts}>
            <li>
              <BriefcaseIcon size={16} />
              <span>{roleName(user.role)}</span>
            </li>
            {header && (
              <>
                <li>
                  <StarIcon size={16} />
                  <bdi>{header.designation}</bdi>
                </li>
                <li>
                  <LocationIcon size={16} />
                  <bdi>{header.location}</bdi>
                </li>
                <li>
                  <CalendarIcon size={16} />
                  <span>{t('profile.joined', { date: header.joiningDate })}</span>
                </li>
              </>
            )}
          </ul>
        </div>
        <Link href="/pages/account-settings/account" asChild>
          <LinkButton leadingVisual={PencilIcon} className={classes.headerAction}>
            {t('profile.edit')}
          </LinkButton>
        </Link>
      </div>
    </section>
  );
}

function OverviewTab({ data, ownerName }: { data: TProfileOverviewTab; ownerName: string | undefined }) {
  const { t } = useTranslation('pages');
  const { user } = useSession();
  const fmt = useFormatters();
  // "The user" of the sample profile is the signed-in user: their name replaces the sample owner's.
  const about = data.about.map((item) =>
    user && ownerName && item.value === ownerName ? { ...item, value: user.fullName } : item,
  );
  return (
    <div className={classes.overviewGrid}>
      <div className={classes.column}>
        <ProfileCard id="profile-about" title={t('profile.about')}>
          <Facts title={t('profile.aboutFacts')} items={about} testId="profile-about" />
          <Facts title={t('profile.contacts')} items={data.contacts} testId="profile-contacts" />
          <Facts title={t('profile.teamsFacts')} items={data.teams} testId="profile-teams" />
        </ProfileCard>
        <ProfileCard id="profile-overview" title={t('profile.overview')}>
          <dl className={classes.facts} data-testid="profile-overview">
            {data.overview.map((item) => {
              const ItemIcon = ICONS[item.icon] ?? DotFillIcon;
              return (
                <div key={item.property} className={classes.fact}>
                  <dt>
                    <ItemIcon size={16} className={classes.factIcon} />
                    <bdi>{item.property}</bdi>
                  </dt>
                  <dd dir="ltr">{item.value}</dd>
                </div>
              );
            })}
          </dl>
        </ProfileCard>
      </div>
      <div className={classes.column}>
        <div className={classes.pair}>
          <SummaryCard
            id="profile-connections"
            title={t('profile.connectionsTitle')}
            testId="profile-connection-list"
            viewAllHref={tabPath('connections')}
            rows={data.connections.map((c) => ({
              key: c.name,
              avatar: c.avatar,
              title: c.name,
              detail: t('profile.connectionCount', { n: c.connections }),
              label: (
                <Label variant={c.isFriend ? 'success' : 'secondary'}>
                  {c.isFriend ? t('profile.friend') : t('profile.notFriend')}
                </Label>
              ),
            }))}
          />
          <SummaryCard
            id="profile-teams-tech"
            title={t('profile.teamsTitle')}
            testId="profile-team-list"
            viewAllHref={tabPath('teams')}
            rows={data.teamsTech.map((team) => ({
              key: team.title,
              avatar: team.avatar,
              title: team.title,
              detail: t('profile.memberCount', { count: team.members, n: fmt.number(team.members) }),
              label: (
                <Label variant={variantOf(team.ChipColor)}>
                  <bdi>{team.chipText}</bdi>
                </Label>
              ),
            }))}
          />
        </div>
        <div className={classes.card}>
          <h2 id="profile-projects" className={classes.cardTitle}>
            {t('profile.projectsTitle')}
          </h2>
          <div className={classes.tableWrap} tabIndex={0} role="region" aria-labelledby="profile-projects">
            <table className={classes.table} data-testid="profile-project-table">
              <thead>
                <tr>
                  <th scope="col">{t('profile.col.project')}</th>
                  <th scope="col">{t('profile.col.leader')}</th>
                  <th scope="col">{t('profile.col.team')}</th>
                  <th scope="col">{t('profile.col.progress')}</th>
                </tr>
              </thead>
              <tbody>
                {data.projectTable.map((p) => (
                  <tr key={p.id}>
                    <th scope="row">
                      <span className={classes.cellTitle}>
                        <bdi>{p.name}</bdi>
                      </span>
                      <span className={classes.muted}>{p.date}</span>
                    </th>
                    <td>
                      <bdi>{p.leader}</bdi>
                    </td>
                    <td>
                      <div className={classes.avatarGroup}>
                        {p.avatarGroup.map((src, i) => (
                          <img key={i} className={classes.smallAvatar} src={src} alt="" aria-hidden="true" />
                        ))}
                        <span className={classes.srOnly}>{t('profile.teamSize', { count: p.avatarGroup.length })}</span>
                      </div>
                    </td>
                    <td>
                      <div className={classes.progressCell}>
                        <ProgressBar
                          progress={p.status}
                          aria-label={t('profile.progressOf', { name: p.name })}
                          className={classes.progress}
                        />
                        <span dir="ltr">{fmt.number(p.status)} %</span>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </div>
    </div>
  );
}

function TeamsTab({ teams }: { teams: TProfileTeamCard[] }) {
  const { t } = useTranslation('pages');
  if (teams.length === 0) return <Empty text={t('profile.empty.teams')} />;
  return (
    <ul className={classes.cards} data-testid="profile-teams-cards">
      {teams.map((team) => (
        <li key={team.title} className={classes.card}>
          <CardHead avatar={team.avatar} title={team.title} />
          <p className={classes.muted} dir="auto">
            {team.description}
          </p>
          <div className={classes.cardFoot}>
            <AvatarGroup people={team.avatarGroup} extra={team.extraMembers} />
            <Chips chips={team.chips} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function ProjectsTab({ projects }: { projects: TProfileProjectCard[] }) {
  const { t } = useTranslation('pages');
  const fmt = useFormatters();
  if (projects.length === 0) return <Empty text={t('profile.empty.projects')} />;
  return (
    <ul className={classes.cards} data-testid="profile-project-cards">
      {projects.map((p) => {
        const percent = p.totalTask > 0 ? Math.round((p.completedTask / p.totalTask) * 100) : 0;
        return (
          <li key={p.title} className={classes.card}>
            <CardHead avatar={p.avatar} title={p.title}>
              <span className={classes.muted}>
                {t('profile.client')} <bdi>{p.client}</bdi>
              </span>
            </CardHead>
            <Stats
              className={classes.projectFacts}
              items={[
                { label: t('profile.budget'), value: `${p.budgetSpent} / ${p.budget}`, dir: 'ltr' },
                { label: t('profile.start'), value: p.startDate, dir: 'auto' },
                { label: t('profile.deadline'), value: p.deadline, dir: 'auto' },
                { label: t('profile.hours'), value: p.hours, dir: 'ltr' },
              ]}
            />
            <p className={classes.muted} dir="auto">
              {p.description}
            </p>
            <div className={classes.taskLine}>
              <span data-testid="project-tasks">
                {t('profile.tasks', { done: fmt.number(p.completedTask), total: fmt.number(p.totalTask) })}
              </span>
              <span dir="ltr">{fmt.number(percent)} %</span>
            </div>
            <ProgressBar progress={percent} aria-label={t('profile.progressOf', { name: p.title })} />
            <div className={classes.cardFoot}>
              <AvatarGroup people={p.avatarGroup} />
              <Label variant={variantOf(p.chipColor)}>
                {t('profile.daysLeft', { count: p.daysLeft, n: fmt.number(p.daysLeft) })}
              </Label>
              <span className={classes.muted}>
                <CommentIcon size={16} /> {t('profile.comments', { count: p.comments, n: fmt.number(p.comments) })}
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function ConnectionsTab({ connections }: { connections: TProfileConnectionCard[] }) {
  const { t } = useTranslation('pages');
  const toast = useToast();
  const utils = trpc.useUtils();
  const set = trpc.apps.pages.setProfileConnection.useMutation();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  const toggle = async (card: TProfileConnectionCard) => {
    setError(null);
    setPending(card.name);
    try {
      const saved = await set.mutateAsync({ name: card.name, connected: !card.isConnected });
      utils.apps.pages.profile.setData({ tab: 'connections' }, (old) =>
        Array.isArray(old) ? (old as TProfileConnectionCard[]).map((c) => (c.name === saved.name ? saved : c)) : old,
      );
      toast.show({
        message: t(saved.isConnected ? 'profile.connectedTo' : 'profile.disconnectedFrom', { name: saved.name }),
        variant: 'success',
      });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setPending(null);
    }
  };

  if (connections.length === 0) return <Empty text={t('profile.empty.connections')} />;
  return (
    <>
      {error && (
        <div className={classes.error} role="alert">
          {t('profile.connectFailed', { reason: error })}
        </div>
      )}
      <ul className={classes.cards} data-testid="profile-connection-cards">
        {connections.map((c) => (
          <li key={c.name} className={`${classes.card} ${classes.personCard}`}>
            <img className={classes.cardAvatarLarge} src={c.avatar} alt="" aria-hidden="true" />
            <h2 className={classes.cardTitle} dir="auto">
              {c.name}
            </h2>
            <span className={classes.muted} dir="auto">
              {c.designation}
            </span>
            <Chips chips={c.chips} />
            <Stats
              className={classes.personStats}
              items={[
                { label: t('profile.stat.projects'), value: c.projects, dir: 'ltr' },
                { label: t('profile.stat.tasks'), value: c.tasks, dir: 'ltr' },
                { label: t('profile.stat.connections'), value: c.connections, dir: 'ltr' },
              ]}
            />
            <Label variant={c.isConnected ? 'success' : 'secondary'} data-testid="connection-state">
              {c.isConnected ? t('profile.connected') : t('profile.notConnected')}
            </Label>
            <Button
              variant={c.isConnected ? 'default' : 'primary'}
              leadingVisual={c.isConnected ? PersonIcon : PersonAddIcon}
              loading={pending === c.name}
              aria-label={t(c.isConnected ? 'profile.disconnectFrom' : 'profile.connectTo', { name: c.name })}
              onClick={() => void toggle(c)}
            >
              {c.isConnected ? t('profile.disconnect') : t('profile.connect')}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <section className={classes.card} role="status">
      <h2 className={classes.cardTitle}>{text}</h2>
    </section>
  );
}

export default function UserProfilePage() {
  const { t } = useTranslation('pages');
  const params = useParams<{ tab: string }>();
  const [, navigate] = useLocation();
  const tab = isTab(params.tab) ? params.tab : undefined;
  const header = trpc.apps.pages.profileHeader.useQuery();
  const section = trpc.apps.pages.profile.useQuery({ tab: tab ?? 'profile' }, { enabled: !!tab });

  useEffect(() => {
    // An unknown tab (an old link): the first one, without a history entry.
    if (!tab) navigate(tabPath('profile'), { replace: true });
  }, [tab, navigate]);

  const data = section.data;
  return (
    <div className={classes.page}>
      <ProfileHeaderCard header={header.data} />
      <UnderlineNav aria-label={t('profile.tabsLabel')}>
        {PROFILE_TABS.map((key) => (
          <UnderlineNav.Item
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
          </UnderlineNav.Item>
        ))}
      </UnderlineNav>
      {section.isPending || !tab ? (
        <PageLoading />
      ) : section.isError || header.isError || !data ? (
        <QueryError
          title={t('loadError.title')}
          error={section.error ?? header.error}
          onRetry={() => Promise.all([section.refetch(), header.refetch()])}
        />
      ) : tab === 'profile' && !Array.isArray(data) ? (
        <OverviewTab data={data} ownerName={header.data?.fullName} />
      ) : tab === 'teams' && Array.isArray(data) ? (
        <TeamsTab teams={data as TProfileTeamCard[]} />
      ) : tab === 'projects' && Array.isArray(data) ? (
        <ProjectsTab projects={data as TProfileProjectCard[]} />
      ) : tab === 'connections' && Array.isArray(data) ? (
        <ConnectionsTab connections={data as TProfileConnectionCard[]} />
      ) : null}
    </div>
  );
}
