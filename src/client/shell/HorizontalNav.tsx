import { TriangleDownIcon } from '@primer/octicons-react';
import { type CSSProperties, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { HORIZONTAL_NAV_POPOVER_OFFSET } from '../../shared/constants/ui.ts';
import type { ContentWidth } from '../app/preferences.ts';
import { isActive, type ResolvedGroup, type ResolvedItem, type ResolvedSection } from './useNavigation.ts';
import classes from './HorizontalNav.module.css';

export interface HorizontalNavProps {
  sections: ResolvedSection[];
  location: string;
  contentWidth: ContentWidth;
}

function SubList({ items, location }: { items: ResolvedItem[]; location: string }) {
  return (
    <ul className={classes.subList}>
      {items.map((item) =>
        item.kind === 'link' ? (
          <li key={item.key}>
            <Link
              href={item.href}
              className={classes.subLink}
              aria-current={isActive(item, location) ? 'page' : undefined}
            >
              {item.icon && <item.icon size={16} />}
              <span>{item.label}</span>
            </Link>
          </li>
        ) : (
          <li key={item.key} className={classes.subGroup}>
            <span className={classes.subHeading} aria-hidden="true">
              {item.label}
            </span>
            <div role="group" aria-label={item.label}>
              <SubList items={item.children} location={location} />
            </div>
          </li>
        ),
      )}
    </ul>
  );
}

/** A top-level menu button and its popover (disclosure pattern: Escape and outside clicks close it). */
function Dropdown({ item, location }: { item: ResolvedGroup; location: string }) {
  const [open, setOpen] = useState(false);
  const [alignEnd, setAlignEnd] = useState(false);
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => setOpen(false), [location]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  useLayoutEffect(() => {
    if (!open || !popoverRef.current || !rootRef.current) return;
    // Keep the popover inside the viewport: open towards the start edge when the end edge is too close.
    const rtl = document.documentElement.dir === 'rtl';
    const anchor = rootRef.current.getBoundingClientRect();
    const width = popoverRef.current.offsetWidth;
    setAlignEnd(rtl ? anchor.right - width < 0 : anchor.left + width > window.innerWidth);
  }, [open]);

  return (
    <li
      ref={rootRef}
      className={classes.item}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={classes.topButton}
        aria-expanded={open}
        aria-controls={id}
        data-active={isActive(item, location) || undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {item.icon && <item.icon size={16} />}
        <span>{item.label}</span>
        <TriangleDownIcon size={16} className={classes.caret} />
      </button>
      <div
        ref={popoverRef}
        id={id}
        className={classes.popover}
        hidden={!open}
        data-align-end={alignEnd || undefined}
        style={{ '--od-popover-offset': `${HORIZONTAL_NAV_POPOVER_OFFSET}px` } as CSSProperties}
      >
        <SubList items={item.children} location={location} />
      </div>
    </li>
  );
}

/** The horizontal menu: a `navigation` landmark named "Main navigation"; each section is a dropdown. */
export function HorizontalNav({ sections, location, contentWidth }: HorizontalNavProps) {
  const { t } = useTranslation('shell');
  const top: ResolvedItem[] = sections.flatMap((section) =>
    section.heading
      ? [{ kind: 'group', key: section.key, label: section.heading, icon: section.icon, children: section.items }]
      : section.items,
  );
  return (
    <nav aria-label={t('nav.main')} className={classes.HorizontalNav} data-content-width={contentWidth}>
      <ul className={classes.list}>
        {top.map((item) =>
          item.kind === 'link' ? (
            <li key={item.key} className={classes.item}>
              <Link
                href={item.href}
                className={classes.topButton}
                aria-current={isActive(item, location) ? 'page' : undefined}
              >
                {item.icon && <item.icon size={16} />}
                <span>{item.label}</span>
              </Link>
            </li>
          ) : (
            <Dropdown key={item.key} item={item} location={location} />
          ),
        )}
      </ul>
    </nav>
  );
}
