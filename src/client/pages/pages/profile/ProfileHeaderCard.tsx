import { BriefcaseIcon, CalendarIcon, LocationIcon, PencilIcon, StarIcon } from '@primer/octicons-react';
import { Heading, LinkButton } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TProfileHeader } from '../../../../shared/schemas/pages.ts';
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
 * The profile's header: the signed-in user (name, picture, role) over the sample profile's cover,
 * designation, place and start date, and "Edit profile" opening their account settings.
 */
export function ProfileHeaderCard({ header }: { header: TProfileHeader | undefined }) {
  const { t } = useTranslation('pages');
  const fmt = useFormatters();
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
                  <span>{t('profile.joined', { date: fmt.day(header.joiningDate) })}</span>
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
