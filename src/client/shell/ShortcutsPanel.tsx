// The shortcuts grid, loaded the first time its button opens (no first paint pays for it).
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useShortcuts } from './useNavigation.ts';
import classes from './Shortcuts.module.css';

export default function ShortcutsPanel({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('shell');
  const shortcuts = useShortcuts();
  return (
    <>
      <div className={classes.header}>
        <h2 className={classes.title}>{t('shortcuts.title')}</h2>
      </div>
      {shortcuts.length === 0 ? (
        <p className={classes.empty}>{t('shortcuts.empty')}</p>
      ) : (
        <ul className={classes.grid}>
          {shortcuts.map((s) => (
            <li key={s.key}>
              <Link href={s.href} className={classes.tile} onClick={onNavigate}>
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
    </>
  );
}
