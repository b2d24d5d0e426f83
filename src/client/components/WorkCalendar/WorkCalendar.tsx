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
import { VisuallyHidden } from '@primer/react';
import { forwardRef, type RefObject, useEffect, useRef, useState } from 'react';
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

/** The language's short weekday names, Monday first ("Mon", "lun.", "الاثنين"). */
function shortWeekdays(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: 'short' });
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i, 12))));
}

/**
 * How the month and week views name their columns: the language's short weekday names while the widest
 * fits a month column, else its narrow ones ("خ" for Thursday). Arabic's short names are its full names
 * ("الخميس"), which ran into each other on a phone; screen readers still hear the full name.
 */
function useWeekdayWidth(section: RefObject<HTMLElement | null>, language: string): 'short' | 'narrow' {
  const [width, setWidth] = useState<'short' | 'narrow'>('short');
  useEffect(() => {
    const root = section.current;
    const context = document.createElement('canvas').getContext('2d');
    if (!root || !context || typeof ResizeObserver === 'undefined') return;
    const names = shortWeekdays(language);
    const measure = () => {
      const header = root.querySelector('.fc-col-header-cell') ?? root;
      const style = getComputedStyle(header);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const widest = Math.max(...names.map((name) => context.measureText(name).width));
      // Seven columns; a header's text has 4 px of padding each side and its cell a border.
      setWidth(widest + 10 > root.clientWidth / 7 ? 'narrow' : 'short');
    };
    measure();
    void document.fonts?.ready.then(measure);
    const observer = new ResizeObserver(measure);
    observer.observe(root);
    return () => observer.disconnect();
  }, [section, language]);
  return width;
}

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
  const weekday = useWeekdayWidth(section, i18n.language);
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
        views={{
          // The month view's header cells carry the full weekday name (aria-label); the week view's do not.
          dayGridMonth: { dayHeaderFormat: { weekday } },
          timeGridWeek:
            weekday === 'narrow'
              ? {
                  dayHeaderFormat: { weekday: 'narrow', day: 'numeric', omitCommas: true },
                  dayHeaderContent: (arg) => (
                    <>
                      <span aria-hidden="true">{arg.text}</span>
                      <VisuallyHidden>
                        {arg.view.calendar.formatDate(arg.date, { weekday: 'long', day: 'numeric', month: 'long' })}
                      </VisuallyHidden>
                    </>
                  ),
                }
              : {},
        }}
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
