import { BriefcaseIcon, CalendarIcon, LocationIcon, PencilIcon } from '@primer/octicons-react';
import { Heading, LinkButton } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TAccountProfile } from '../../../../shared/schemas/account.ts';
import { useCountryName } from '../../../lib/countries.ts';
import { useFormatters } from '../../../lib/format.ts';
import { initials } from '../../../lib/initials.ts';
import { useRoleName } from '../../../lib/roles.ts';
import { useSession } from '../../../lib/session.tsx';
import classes from './Profile.module.css';

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

/**
 * The profile's header: the signed-in user (name, picture, role, their organisation's place and when they
 * joined, from account.profile) under the banner, and "Edit profile" opening their account settings.
 */
export function ProfileHeaderCard({ profile }: { profile: TAccountProfile | undefined }) {
  const { t } = useTranslation('pages');
  const fmt = useFormatters();
  const country = useCountryName();
  const { user } = useSession();
  const roleName = useRoleName();
  if (!user) return null;
  const place = profile ? [profile.city, country(profile.country)].filter(Boolean).join(', ') : '';
  return (
    <section className={classes.headerCard} aria-labelledby="profile-name">
      <div className={classes.cover} data-testid="profile-banner">
        <p className={classes.coverTitle}>{t('profile.banner')}</p>
      </div>
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
            {place && (
              <li>
                <LocationIcon size={16} />
                <bdi>{place}</bdi>
              </li>
            )}
            {profile && (
              <li>
                <CalendarIcon size={16} />
                <span>{t('profile.joined', { date: fmt.day(profile.joinedAt.slice(0, 10)) })}</span>
              </li>
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
