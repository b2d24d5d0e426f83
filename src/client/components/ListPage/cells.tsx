// Cell renderers shared by the business lists: codes, a name with its description, status labels.
import { Label, Text } from '@primer/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './ListPage.module.css';

/** A short business code in monospace. */
export function CodeCell({ children }: { children: ReactNode }) {
  return <span className={classes.code}>{children}</span>;
}

/** A name in semibold with an optional muted second line. */
export function NameCell({ name, detail }: { name: ReactNode; detail?: ReactNode }) {
  return (
    <span className={classes.nameCell}>
      <Text weight="semibold">{name}</Text>
      {detail ? <span className={classes.detail}>{detail}</span> : null}
    </span>
  );
}

/** A color swatch with its hex value (location classes). */
export function ColorCell({ color }: { color: string }) {
  return (
    <span className={classes.colorCell}>
      <span className={classes.swatch} style={{ backgroundColor: color }} aria-hidden="true" />
      <span className={classes.code}>{color}</span>
    </span>
  );
}

/** Active / inactive, and archived when it is. */
export function RecordStatus({ active, archivedAt }: { active?: boolean; archivedAt?: Date | string | null }) {
  const { t } = useTranslation('forms');
  return (
    <span className={classes.labels}>
      {archivedAt ? (
        <Label variant="secondary">{t('status.archived')}</Label>
      ) : active === undefined ? null : active ? (
        <Label variant="success">{t('status.active')}</Label>
      ) : (
        <Label variant="attention">{t('status.inactive')}</Label>
      )}
    </span>
  );
}
