import { SearchIcon } from '@primer/octicons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isEditable, isMac } from './keyboard.ts';
import classes from './NavSearch.module.css';

const SearchDialog = lazy(() => import('./SearchDialog.tsx'));

/** The navbar search trigger; Ctrl+K (⌘K) or `/` opens the search dialog from anywhere. */
export function NavSearch() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditable(event.target);
      if (!shortcut && !slash) return;
      event.preventDefault();
      setLoaded(true);
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const mac = isMac();
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={classes.trigger}
        aria-keyshortcuts="Control+K Meta+K /"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        onMouseEnter={() => setLoaded(true)}
      >
        <SearchIcon size={16} />
        <span className={classes.label}>{t('search.button')}</span>
        <kbd className={classes.kbd} aria-hidden="true">
          {mac ? '⌘K' : 'Ctrl K'}
        </kbd>
      </button>
      {loaded && open && (
        <Suspense fallback={null}>
          <SearchDialog onClose={() => setOpen(false)} returnFocusRef={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
