import { AppsIcon } from '@primer/octicons-react';
import { AnchoredOverlay, IconButton } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useShortcuts } from './useNavigation.ts';
import classes from './Shortcuts.module.css';

/** A grid of shortcuts to the pages that exist and the caller may open. */
export function Shortcuts() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const shortcuts = useShortcuts();
  return (
    <AnchoredOverlay
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      width="large"
      align="end"
      focusZoneSettings={{ disabled: true }}
      overlayProps={{ role: 'dialog', 'aria-label': t('shortcuts.title') }}
      renderAnchor={(props) => (
        <IconButton {...props} icon={AppsIcon} variant="invisible" aria-label={t('shortcuts.button')} />
      )}
    >
      <div className={classes.header}>
        <h2 className={classes.title}>{t('shortcuts.title')}</h2>
      </div>
      {shortcuts.length === 0 ? (
        <p className={classes.empty}>{t('shortcuts.empty')}</p>
      ) : (
        <ul className={classes.grid}>
          {shortcuts.map((s) => (
            <li key={s.key}>
              <Link href={s.href} className={classes.tile} onClick={() => setOpen(false)}>
                <span className={classes.icon} aria-hidden="true">
                  <s.icon size={20} />
                </span>
                <span className={classes.label}>{s.label}</span>
                <span className={classes.subtitle}>{s.subtitle}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </AnchoredOverlay>
  );
}
