import { PlusIcon, XIcon } from '@primer/octicons-react';
import { Button, FormControl, IconButton, Text, TextInput } from '@primer/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type TOpeningHours, type TWeekday, WEEKDAYS } from '../../../shared/schemas/locations.ts';
import { formClasses } from '../../components/FormDialog/index.ts';
import classes from './Management.module.css';

/** Weekday names in the current language, Monday first (from Intl, so no strings to translate). */
export function useWeekdayNames(): Record<TWeekday, string> {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' });
    // 2024-01-01 was a Monday.
    return Object.fromEntries(
      WEEKDAYS.map((day, i) => [day, format.format(new Date(Date.UTC(2024, 0, 1 + i)))]),
    ) as Record<TWeekday, string>;
  }, [i18n.language]);
}

export const EMPTY_HOURS: TOpeningHours = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };

/**
 * Opening hours per weekday: up to four open-close intervals a day; no interval means closed.
 * `error(path)` gives the translated message at `openingHours.<day>[.<i>.<open|close>]`.
 */
export function OpeningHoursEditor({
  value,
  onChange,
  error,
}: {
  value: TOpeningHours;
  onChange: (value: TOpeningHours) => void;
  error: (path: string) => string | undefined;
}) {
  const { t } = useTranslation('business');
  const names = useWeekdayNames();
  const setDay = (day: TWeekday, intervals: TOpeningHours[TWeekday]) => onChange({ ...value, [day]: intervals });

  return (
    <fieldset className={formClasses.fieldset}>
      <legend className={formClasses.legend}>{t('locations.openingHours')}</legend>
      <div className={classes.hoursTools}>
        <Button
          size="small"
          onClick={() => onChange({ ...value, tue: value.mon, wed: value.mon, thu: value.mon, fri: value.mon })}
          disabled={value.mon.length === 0}
        >
          {t('locations.copyMonday')}
        </Button>
      </div>
      {WEEKDAYS.map((day) => {
        const intervals = value[day] ?? [];
        const dayError = error(`openingHours.${day}`);
        return (
          <div key={day} className={classes.hoursDay} role="group" aria-label={names[day]}>
            <Text weight="semibold" className={classes.hoursDayName}>
              {names[day]}
            </Text>
            <div className={classes.hoursIntervals}>
              {intervals.length === 0 && <Text className={classes.muted}>{t('locations.closed')}</Text>}
              {intervals.map((interval, i) => {
                const openError = error(`openingHours.${day}.${i}.open`);
                const closeError = error(`openingHours.${day}.${i}.close`);
                const update = (patch: Partial<typeof interval>) =>
                  setDay(
                    day,
                    intervals.map((iv, j) => (j === i ? { ...iv, ...patch } : iv)),
                  );
                return (
                  <div key={i} className={classes.hoursInterval}>
                    <FormControl>
                      <FormControl.Label visuallyHidden>
                        {t('locations.opensAt', { day: names[day], n: i + 1 })}
                      </FormControl.Label>
                      <TextInput type="time" value={interval.open} onChange={(e) => update({ open: e.target.value })} />
                      {openError && <FormControl.Validation variant="error">{openError}</FormControl.Validation>}
                    </FormControl>
                    <span aria-hidden="true">–</span>
                    <FormControl>
                      <FormControl.Label visuallyHidden>
                        {t('locations.closesAt', { day: names[day], n: i + 1 })}
                      </FormControl.Label>
                      <TextInput
                        type="time"
                        value={interval.close}
                        onChange={(e) => update({ close: e.target.value })}
                      />
                      {closeError && <FormControl.Validation variant="error">{closeError}</FormControl.Validation>}
                    </FormControl>
                    <IconButton
                      icon={XIcon}
                      variant="invisible"
                      size="small"
                      aria-label={t('locations.removeInterval', { day: names[day], n: i + 1 })}
                      onClick={() =>
                        setDay(
                          day,
                          intervals.filter((_, j) => j !== i),
                        )
                      }
                    />
                  </div>
                );
              })}
              {dayError && (
                <Text className={classes.error} role="alert">
                  {dayError}
                </Text>
              )}
            </div>
            <IconButton
              icon={PlusIcon}
              size="small"
              aria-label={t('locations.addInterval', { day: names[day] })}
              disabled={intervals.length >= 4}
              onClick={() => {
                const last = intervals[intervals.length - 1];
                setDay(day, [
                  ...intervals,
                  last ? { open: last.close, close: '23:00' } : { open: '08:00', close: '18:00' },
                ]);
              }}
            />
          </div>
        );
      })}
    </fieldset>
  );
}
