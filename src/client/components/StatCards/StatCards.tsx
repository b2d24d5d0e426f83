import type { ReactNode } from 'react';
import classes from './StatCards.module.css';

/** One figure card: its label, its value and an optional line under the value (a change, a period). */
export interface Stat {
  label: string;
  value: ReactNode;
  note?: ReactNode;
}

export interface StatCardsProps {
  /** Accessible name of the group of cards. */
  label: string;
  /** The cards; `null` (not loaded yet) renders nothing. */
  stats: Stat[] | null;
  className?: string;
}

/** The figure cards above a list or a dashboard: a labelled section holding a description list. */
export function StatCards({ label, stats, className }: StatCardsProps) {
  if (!stats) return null;
  return (
    <section aria-label={label} className={className}>
      <dl className={classes.stats}>
        {stats.map((s) => (
          <div key={s.label} className={classes.stat}>
            <dt className={classes.label}>{s.label}</dt>
            <dd className={classes.value}>
              {s.value}
              {s.note && <span className={classes.note}>{s.note}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
