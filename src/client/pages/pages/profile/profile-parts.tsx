// What the user-profile tabs share: the overview items' icons, the tabs' paths and the empty state of a tab.
import {
  CheckCircleIcon,
  CheckIcon,
  DeviceMobileIcon,
  DotFillIcon,
  GearIcon,
  GlobeIcon,
  type Icon,
  LocationIcon,
  MailIcon,
  PeopleIcon,
  PersonIcon,
  ProjectIcon,
  ShieldCheckIcon,
  StarIcon,
} from '@primer/octicons-react';
import type { TProfileTab } from '../../../../shared/schemas/pages.ts';
import classes from './Profile.module.css';

/** The overview items' icons, by the octicon name stored with the content. */
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

/** The icon of an overview item by its stored octicon name; a dot for any other. */
export function iconOf(name: string): Icon {
  return ICONS[name] ?? DotFillIcon;
}

/** The path of a tab of the profile page. */
export const tabPath = (tab: TProfileTab) => `/pages/user-profile/${tab}`;

/** A tab with nothing to show. */
export function Empty({ text }: { text: string }) {
  return (
    <section className={classes.card} role="status">
      <h2 className={classes.cardTitle}>{text}</h2>
    </section>
  );
}
