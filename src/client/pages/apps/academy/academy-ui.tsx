// Shared bits of the academy pages: a course's progress bar with its text, and lengths.
import { ProgressBar } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format.ts';
import classes from './Academy.module.css';

/** Completed over total as a whole percentage (0 when there is nothing to do). */
export const percentOf = (done: number, total: number) => (total > 0 ? Math.round((done / total) * 100) : 0);

/** A progress bar named after the course, with "3 of 12 lectures" beside it. */
export function CourseProgress({
  title,
  done,
  total,
  testId,
}: {
  title: string;
  done: number;
  total: number;
  testId?: string;
}) {
  const { t } = useTranslation('academy');
  const fmt = useFormatters();
  const percent = percentOf(done, total);
  return (
    <div className={classes.progress} data-testid={testId} data-done={done} data-total={total}>
      <ProgressBar progress={percent} aria-label={t('list.progressOf', { title })} aria-valuetext={`${percent} %`} />
      <span className={classes.muted}>
        {t('list.lectures', { done: fmt.number(done), total: fmt.number(total) })} ·{' '}
        <span dir="ltr">{fmt.number(percent)} %</span>
      </span>
    </div>
  );
}

/**
 * The server's lengths ("4.5 min", "48 min", "1h 12m", the API's format) in the reader's language;
 * anything else is shown as it came.
 */
export function useDuration(): (text: string) => string {
  const { t } = useTranslation('academy');
  const fmt = useFormatters();
  return (text) => {
    const minutes = /^(\d+(?:\.\d+)?) min$/.exec(text);
    if (minutes) return t('duration.minutes', { n: fmt.number(Number(minutes[1])) });
    const hours = /^(\d+)h (\d+)m$/.exec(text);
    if (hours) return t('duration.hoursMinutes', { h: fmt.number(Number(hours[1])), m: fmt.number(Number(hours[2])) });
    return text;
  };
}
