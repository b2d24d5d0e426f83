// The blocks the user-profile page's tabs repeat: an overview card named by its
// heading, an overview list of people or teams with "View all", a tab card's picture and title, a row
// of coloured chips and a card's figures. Sample content is user text: isolated with <bdi> or dir="auto".
import { Label, LinkButton } from '@primer/react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TTeamPlace } from '../../../../shared/schemas/account.ts';
import { initials } from '../../../lib/initials.ts';
import { useRoleName } from '../../../lib/roles.ts';
import classes from './Profile.module.css';

type LabelVariant = 'accent' | 'success' | 'attention' | 'danger' | 'done' | 'secondary';
/** The content's colour names (primary, info…) as Primer label variants. */
const COLORS: Record<string, LabelVariant> = {
  primary: 'accent',
  info: 'done',
  success: 'success',
  warning: 'attention',
  error: 'danger',
  secondary: 'secondary',
};
export const variantOf = (color: string | undefined): LabelVariant => COLORS[color ?? ''] ?? 'secondary';

/** A card of the overview tab: a section named by its heading. */
export function ProfileCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={classes.card} aria-labelledby={id}>
      <h2 id={id} className={classes.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export interface SummaryRow {
  key: string;
  /** A picture; without one, the title's initials stand in a circle. */
  avatar?: string;
  title: string;
  /** One line under the title ("45 connections", "8 members"). */
  detail: string;
  label: ReactNode;
}

/** An overview card listing a few people or teams (picture, name, one detail, a label), with "View all" leading to their tab. */
export function SummaryCard({
  id,
  title,
  testId,
  rows,
  viewAllHref,
  empty,
}: {
  id: string;
  title: string;
  testId: string;
  rows: SummaryRow[];
  viewAllHref: string;
  /** Said instead of the list when it has no row. */
  empty?: string;
}) {
  const { t } = useTranslation('pages');
  if (rows.length === 0 && empty)
    return (
      <ProfileCard id={id} title={title}>
        <p className={classes.muted} data-testid={testId}>
          {empty}
        </p>
      </ProfileCard>
    );
  return (
    <ProfileCard id={id} title={title}>
      <ul className={classes.rows} data-testid={testId}>
        {rows.map((row) => (
          <li key={row.key} className={classes.row}>
            {row.avatar ? (
              <img className={classes.smallAvatar} src={row.avatar} alt="" aria-hidden="true" />
            ) : (
              <span className={classes.initials} aria-hidden="true">
                {initials(row.title)}
              </span>
            )}
            <span className={classes.rowText}>
              <bdi className={classes.rowTitle}>{row.title}</bdi>
              <span className={classes.muted}>{row.detail}</span>
            </span>
            {row.label}
          </li>
        ))}
      </ul>
      <div>
        <Link href={viewAllHref} asChild>
          <LinkButton size="small">{t('profile.viewAll')}</LinkButton>
        </Link>
      </div>
    </ProfileCard>
  );
}

/**
 * The head of a team or project card: its picture (without one, its title's initials) and its title, with
 * what `children` adds under the title.
 */
export function CardHead({ avatar, title, children }: { avatar?: string; title: string; children?: ReactNode }) {
  const heading = (
    <h2 className={classes.cardTitle} dir="auto">
      {title}
    </h2>
  );
  return (
    <div className={classes.cardHead}>
      {avatar ? (
        <img className={classes.cardAvatar} src={avatar} alt="" aria-hidden="true" />
      ) : (
        <span className={`${classes.cardAvatar} ${classes.initials}`} aria-hidden="true">
          {initials(title)}
        </span>
      )}
      {children ? (
        <div className={classes.rowText}>
          {heading}
          {children}
        </div>
      ) : (
        heading
      )}
    </div>
  );
}

/**
 * Names listed as the page's language lists them ("Lyon, Paris"; "Lyon، Paris" in Arabic), each isolated
 * (user text in its own direction); '—' for none.
 */
export function useNameList(): (names: readonly string[]) => ReactNode {
  const { i18n } = useTranslation();
  const list = useMemo(() => new Intl.ListFormat(i18n.language, { type: 'unit', style: 'short' }), [i18n.language]);
  return (names) =>
    names.length === 0
      ? '—'
      : list
          .formatToParts(names)
          .map((part, i) => (part.type === 'element' ? <bdi key={i}>{part.value}</bdi> : part.value));
}

/** A person's place in one of their teams, in the page's language (the product's role names, or "Member"). */
export function useTeamPlace(): (place: TTeamPlace) => string {
  const { t } = useTranslation('pages');
  const roleName = useRoleName();
  return (place) =>
    place === 'floorManager'
      ? roleName('floormanager')
      : place === 'teamLeader'
        ? roleName('teamleader')
        : t('profile.member');
}

/**
 * A sample chip's word in the page's language ("Field" -> "Terrain"): the sample profile's tags are a
 * known few words; any other is shown as written.
 */
export function useChipText(): (text: string) => string {
  const { t } = useTranslation('pages');
  return (text) => t(`profile.chip.${text.trim().toLowerCase()}`, { defaultValue: text });
}

/** A team's or a person's chips, each in its colour. */
export function Chips({ chips }: { chips: { title: string; color?: string }[] }) {
  const chipText = useChipText();
  return (
    <div className={classes.chips}>
      {chips.map((chip) => (
        <Label key={chip.title} variant={variantOf(chip.color)}>
          <bdi>{chipText(chip.title)}</bdi>
        </Label>
      ))}
    </div>
  );
}

/** A card's figures as a description list: a label over each value, the value's direction given (numbers left to right). */
export function Stats({
  className,
  items,
}: {
  className: string;
  items: { label: string; value: ReactNode; dir: 'ltr' | 'auto' }[];
}) {
  return (
    <dl className={className}>
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd dir={item.dir}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
