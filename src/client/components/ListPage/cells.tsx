// Cell renderers shared by the business lists: codes, a name with its description, status labels.
// User content is isolated (<bdi dir="auto">) and codes, numbers and coordinates read left to right,
// so mixed-direction text reads correctly in Arabic.
import { Label } from '@primer/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../Bidi/Bidi.tsx';
import classes from './ListPage.module.css';

/** A short business code in monospace, left to right. */
export function CodeCell({ children }: { children: ReactNode }) {
  return <Ltr className={classes.code}>{children}</Ltr>;
}

/**
 * A name in semibold with an optional muted second line. Each line is user content with its own
 * direction (dir="auto", so an English name in Arabic is cut with an ellipsis at its own end) aligned
 * like the cell around it.
 */
export function NameCell({ name, detail, detailLtr }: { name: ReactNode; detail?: ReactNode; detailLtr?: boolean }) {
  return (
    <span className={classes.nameCell}>
      <bdi dir="auto" className={[classes.line, classes.name].join(' ')}>
        {name}
      </bdi>
      {detail ? (
        <bdi dir={detailLtr ? 'ltr' : 'auto'} className={[classes.detail, classes.line].join(' ')} data-detail="">
          {detail}
        </bdi>
      ) : null}
    </span>
  );
}

/**
 * A value over a muted second line (a date over its time, a card's brand over its number): a column that
 * would need one long line takes two short ones. Each line is cut with an ellipsis at its end if it must.
 */
export function TwoLineCell({ first, second }: { first: ReactNode; second?: ReactNode }) {
  return (
    <span className={classes.nameCell}>
      <span className={classes.line}>{first}</span>
      {second ? (
        <span className={[classes.detail, classes.line].join(' ')} data-detail="">
          {second}
        </span>
      ) : null}
    </span>
  );
}

/** User text in a cell (a city, a team's name): its own direction, aligned like the cell. */
export function TextCell({ children }: { children: ReactNode }) {
  return children === null || children === undefined || children === '' ? (
    '—'
  ) : (
    <bdi dir="auto" className={classes.line}>
      {children}
    </bdi>
  );
}

/** A number (count, seats, percentage) kept left to right. */
export function NumberCell({ children }: { children: ReactNode }) {
  return <Ltr>{children}</Ltr>;
}

/** A color swatch with its hex value (location classes). */
export function ColorCell({ color }: { color: string }) {
  return (
    <span className={classes.colorCell}>
      <span className={classes.swatch} style={{ backgroundColor: color }} aria-hidden="true" />
      <Ltr className={classes.code}>{color}</Ltr>
    </span>
  );
}

interface RecordState {
  active?: boolean;
  archivedAt?: Date | string | null;
}

/** Active / inactive, and archived when it is. */
export function RecordStatus({ active, archivedAt }: RecordState) {
  const text = useRecordStatusText()({ active, archivedAt });
  return (
    <span className={classes.labels}>
      {text && <Label variant={archivedAt ? 'secondary' : active ? 'success' : 'attention'}>{text}</Label>}
    </span>
  );
}

/** What RecordStatus says, as text (a column's export): "Archived", "Active", "Inactive", or nothing. */
export function useRecordStatusText(): (record: RecordState) => string {
  const { t } = useTranslation('forms');
  return ({ active, archivedAt }) =>
    archivedAt ? t('status.archived') : active === undefined ? '' : active ? t('status.active') : t('status.inactive');
}
