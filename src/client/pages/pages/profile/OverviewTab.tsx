import { Label, ProgressBar } from '@primer/react';
import { useTranslation } from 'react-i18next';
import type { TProfileOverviewTab } from '../../../../shared/schemas/pages.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.tsx';
import { ProfileCard, SummaryCard, variantOf } from './ProfileCards.tsx';
import { iconOf, tabPath } from './profile-parts.tsx';
import classes from './Profile.module.css';

/** A titled list of facts (about, contacts, teams), each with its icon. */
function Facts({ title, items, testId }: { title: string; items: TProfileOverviewTab['about']; testId: string }) {
  return (
    <div className={classes.factGroup}>
      <h3 className={classes.factTitle}>{title}</h3>
      <dl className={classes.facts} data-testid={testId}>
        {items.map((item) => {
          const ItemIcon = iconOf(item.icon);
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

/** The `profile` tab: about, contacts, teams and overview facts, connections and teams in short, and the projects table. */
export function OverviewTab({ data, ownerName }: { data: TProfileOverviewTab; ownerName: string | undefined }) {
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
              const ItemIcon = iconOf(item.icon);
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
                      <span className={classes.muted}>{fmt.day(p.date)}</span>
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
