import { Label, ProgressBar } from '@primer/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAccountProfile } from '../../../../shared/schemas/account.ts';
import type { TProfileOverviewTab } from '../../../../shared/schemas/pages.ts';
import { languageName } from '../../../i18n/index.ts';
import { useCountryName } from '../../../lib/countries.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useRoleName } from '../../../lib/roles.ts';
import { ProfileCard, SummaryCard, useNameList, useTeamPlace } from './ProfileCards.tsx';
import { iconOf, tabPath } from './profile-parts.tsx';
import classes from './Profile.module.css';

interface Fact {
  key: string;
  /** The octicon's name (profile-parts ICONS). */
  icon: string;
  label: ReactNode;
  value: ReactNode;
}

/** A titled list of facts (about, contacts, teams), each with its icon. */
function Facts({ title, items, testId }: { title: string; items: Fact[]; testId: string }) {
  return (
    <div className={classes.factGroup}>
      <h3 className={classes.factTitle}>{title}</h3>
      <dl className={classes.facts} data-testid={testId}>
        {items.map((item) => {
          const ItemIcon = iconOf(item.icon);
          return (
            <div key={item.key} className={classes.fact}>
              <dt>
                <ItemIcon size={16} className={classes.factIcon} />
                {item.label}
              </dt>
              <dd>{item.value}</dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

/** The signed-in user's facts: who they are, how to reach them, their teams (account.profile). */
function useOwnFacts(profile: TAccountProfile) {
  const { t } = useTranslation('pages');
  const roleName = useRoleName();
  const country = useCountryName();
  const fmt = useFormatters();
  const about: Fact[] = [
    { key: 'fullName', icon: 'person', label: t('profile.fact.fullName'), value: <bdi>{profile.fullName}</bdi> },
    {
      key: 'status',
      icon: 'check-circle',
      label: t('profile.fact.status'),
      value: t(`profile.status.${profile.status}`),
    },
    { key: 'role', icon: 'star', label: t('profile.fact.role'), value: roleName(profile.role) },
    { key: 'country', icon: 'location', label: t('profile.fact.country'), value: country(profile.country) || '—' },
    { key: 'language', icon: 'globe', label: t('profile.fact.language'), value: languageName(profile.language) },
  ];
  const contacts: Fact[] = [
    { key: 'email', icon: 'mail', label: t('profile.fact.email'), value: <bdi dir="ltr">{profile.email}</bdi> },
  ];
  const teams: Fact[] = profile.teams.map((team) => ({
    key: `team-${team.id}`,
    icon: 'people',
    label: <bdi>{team.name}</bdi>,
    value: (
      <Label variant="accent">{t('profile.memberCount', { count: team.members, n: fmt.number(team.members) })}</Label>
    ),
  }));
  return { about, contacts, teams };
}

/**
 * The `profile` tab: the signed-in user's own facts (about, contacts, teams), their figures (tasks completed,
 * the sample's connections, projects completed), the sample's connections, their teams and the projects
 * they take part in (account.profile): the about card and the teams card say the same teams.
 */
export function OverviewTab({ data, profile }: { data: TProfileOverviewTab; profile: TAccountProfile }) {
  const { t } = useTranslation('pages');
  const fmt = useFormatters();
  const place = useTeamPlace();
  const names = useNameList();
  const own = useOwnFacts(profile);
  const connections =
    data.overview.find((item) => item.icon === 'people')?.value ?? fmt.number(data.connections.length);
  const figures = [
    {
      key: 'tasks',
      icon: 'check',
      label: t('profile.overviewFact.tasksCompleted'),
      value: fmt.number(profile.tasksCompleted),
    },
    { key: 'connections', icon: 'people', label: t('profile.overviewFact.connections'), value: connections },
    {
      key: 'projects',
      icon: 'project',
      label: t('profile.overviewFact.projectsCompleted'),
      value: fmt.number(profile.projects.filter((p) => p.status === 'completed').length),
    },
  ];
  return (
    <div className={classes.overviewGrid}>
      <div className={classes.column}>
        <ProfileCard id="profile-about" title={t('profile.about')}>
          <Facts title={t('profile.aboutFacts')} items={own.about} testId="profile-about" />
          <Facts title={t('profile.contacts')} items={own.contacts} testId="profile-contacts" />
          {own.teams.length > 0 ? (
            <Facts title={t('profile.teamsFacts')} items={own.teams} testId="profile-teams" />
          ) : (
            <div className={classes.factGroup}>
              <h3 className={classes.factTitle}>{t('profile.teamsFacts')}</h3>
              <p className={classes.muted} data-testid="profile-teams">
                {t('profile.noTeams')}
              </p>
            </div>
          )}
        </ProfileCard>
        <ProfileCard id="profile-overview" title={t('profile.overview')}>
          <dl className={classes.facts} data-testid="profile-overview">
            {figures.map((item) => {
              const ItemIcon = iconOf(item.icon);
              return (
                <div key={item.key} className={classes.fact}>
                  <dt>
                    <ItemIcon size={16} className={classes.factIcon} />
                    {item.label}
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
            empty={t('profile.noTeams')}
            rows={profile.teams.map((team) => ({
              key: String(team.id),
              title: team.name,
              detail: t('profile.memberCount', { count: team.members, n: fmt.number(team.members) }),
              label: <Label variant={team.role === 'member' ? 'secondary' : 'accent'}>{place(team.role)}</Label>,
            }))}
          />
        </div>
        <div className={classes.card}>
          <h2 id="profile-projects" className={classes.cardTitle}>
            {t('profile.projectsTitle')}
          </h2>
          {profile.projects.length === 0 ? (
            <p className={classes.muted} data-testid="profile-no-projects">
              {t('profile.noProjects')}
            </p>
          ) : (
            <div className={classes.tableWrap} tabIndex={0} role="region" aria-labelledby="profile-projects">
              {/* Roles kept explicit: on a narrow card the rows are laid out as blocks (Profile.module.css). */}
              <table className={classes.table} data-testid="profile-project-table" role="table">
                <thead role="rowgroup">
                  <tr role="row">
                    <th scope="col" role="columnheader">
                      {t('profile.col.project')}
                    </th>
                    <th scope="col" role="columnheader">
                      {t('profile.col.leader')}
                    </th>
                    <th scope="col" role="columnheader">
                      {t('profile.col.team')}
                    </th>
                    <th scope="col" role="columnheader">
                      {t('profile.col.progress')}
                    </th>
                  </tr>
                </thead>
                <tbody role="rowgroup">
                  {profile.projects.map((p) => (
                    <tr key={p.id} role="row" data-project={p.code}>
                      <th scope="row" role="rowheader" className={classes.cellProject}>
                        <span className={classes.cellTitle}>
                          <bdi>{p.name}</bdi>
                        </span>
                        <bdi dir="ltr" className={classes.muted}>
                          {p.code}
                        </bdi>
                      </th>
                      <td role="cell" className={classes.cellLeader}>
                        <span className={classes.cellLabel} aria-hidden="true">
                          {t('profile.col.leader')}
                        </span>
                        {p.owner ? <bdi>{p.owner}</bdi> : '—'}
                      </td>
                      <td role="cell" className={classes.cellTeam}>
                        <span className={classes.cellLabel} aria-hidden="true">
                          {t('profile.col.team')}
                        </span>
                        {names(p.teams)}
                      </td>
                      <td role="cell" className={classes.cellProgress}>
                        <div className={classes.progressCell}>
                          <ProgressBar
                            progress={p.completion ?? 0}
                            aria-label={t('profile.progressOf', { name: p.name })}
                            className={classes.progress}
                          />
                          <span dir="ltr">{p.completion == null ? '—' : `${fmt.number(p.completion)} %`}</span>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
