// FullCalendar in the app's language, direction and theme, for the workflow pages (a project's slots,
// the tasks calendar). The locale sets the first day of the week (en Sunday, fr/de Monday, ar
// Saturday) and Arabic's right-to-left layout; colours come from Primer's variables (light and dark).
import type { CalendarOptions, LocaleInput } from '@fullcalendar/core';
import arLocale from '@fullcalendar/core/locales/ar';
import deLocale from '@fullcalendar/core/locales/de';
import frLocale from '@fullcalendar/core/locales/fr';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { forwardRef, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './WorkCalendar.module.css';

export const CALENDAR_VIEWS = ['dayGridMonth', 'timeGridWeek', 'listWeek'] as const;
export type TCalendarView = (typeof CALENDAR_VIEWS)[number];

const LOCALES: Record<string, LocaleInput> = { fr: frLocale, de: deLocale, ar: arLocale };

export type WorkCalendarProps = Omit<CalendarOptions, 'plugins' | 'locale' | 'locales' | 'direction'> & {
  /** Accessible name of the calendar region. */
  label: string;
  className?: string;
};

/** FullCalendar with the day grid, time grid, list and interaction plugins, localised and themed. */
export const WorkCalendar = forwardRef<FullCalendar, WorkCalendarProps>(function WorkCalendar(
  { label, className, ...options },
  ref,
) {
  const { i18n } = useTranslation();
  const locale = LOCALES[i18n.language];
  // The toolbar's arrows are icons inside buttons named by their title: the icons are decoration
  // (FullCalendar gives them role="img" without a name), so they are hidden from assistive technology.
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    const root = section.current;
    if (!root) return;
    const hideIcons = () =>
      root
        .querySelectorAll('.fc-icon[role="img"]:not([aria-hidden])')
        .forEach((icon) => icon.setAttribute('aria-hidden', 'true'));
    hideIcons();
    const observer = new MutationObserver(hideIcons);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <section ref={section} aria-label={label} className={[classes.calendar, className].filter(Boolean).join(' ')}>
      <FullCalendar
        ref={ref}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        locales={locale ? [locale] : []}
        locale={locale ? locale.code : 'en'}
        direction={locale?.direction ?? 'ltr'}
        height="auto"
        eventInteractive
        // Events as coloured blocks in every view (never the month view's bare dots): the status is read in words on its colour.
        eventDisplay="block"
        // Many locations visited at the same hour: a few side by side, then "+N more" (a popover listing them).
        eventMaxStack={3}
        dayMaxEvents={4}
        // FullCalendar's "+N more" is an <a> with aria-expanded: it acts as a button, so it says so.
        moreLinkDidMount={(arg) => arg.el.setAttribute('role', 'button')}
        // A day cell named by its date link fails "visible text in the name" once it holds events: its content names it.
        dayCellDidMount={(arg) => arg.el.removeAttribute('aria-labelledby')}
        nowIndicator
        {...options}
      />
    </section>
  );
});

/** What an event stands for: a task's status, or a slot previewed before it is saved. */
export type TEventTone =
  | 'scheduled'
  | 'in_progress'
  | 'submitted'
  | 'approved'
  | 'rejected'
  | 'missed'
  | 'cancelled'
  | 'preview';

/** The event's classes: coloured by its tone (use as `classNames` of an event input). */
export function eventClasses(tone: TEventTone): string[] {
  return [classes.event, classes[tone]];
}

/**
 * An event's text: its status in words (never colour alone) above its title. In the list views the
 * row itself is not focusable (FullCalendar puts its own link there, which this content replaces), so
 * `focusable` makes the text the keyboard's way in: Enter or Space opens the event like a click.
 */
export function EventText({
  status,
  title,
  time,
  focusable,
}: {
  status: string;
  title: string;
  time?: string;
  focusable?: boolean;
}) {
  const text = (
    <>
      <span className={classes.eventStatus}>
        {time ? `${time} · ` : ''}
        {status}
      </span>
      <span className={classes.eventTitle}>{title}</span>
    </>
  );
  if (!focusable) return <span className={classes.eventText}>{text}</span>;
  return (
    <a
      className={classes.eventText}
      tabIndex={0}
      role="button"
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        event.currentTarget.click();
      }}
    >
      {text}
    </a>
  );
}

/** The colours' key: a swatch and the words of each tone shown. */
export function CalendarLegend({ label, items }: { label: string; items: { tone: TEventTone; label: string }[] }) {
  return (
    <ul className={classes.legend} aria-label={label}>
      {items.map((item) => (
        <li key={item.tone}>
          <span className={[classes.swatch, classes[item.tone]].join(' ')} aria-hidden="true" />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
