import { Dialog } from '@primer/react';
import { Fragment, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { isMac, KEYBOARD_SHORTCUTS } from './keyboard.ts';
import classes from './KeyboardShortcutsDialog.module.css';

/** The help dialog of the app's keyboard shortcuts (user menu, or `?` anywhere). */
export default function KeyboardShortcutsDialog({
  onClose,
  returnFocusRef,
}: {
  onClose: () => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('shell');
  const mac = isMac();
  const keyName = (key: string) =>
    key === 'mod'
      ? mac
        ? '⌘'
        : 'Ctrl'
      : ['Tab', 'Enter', 'Esc', 'Home', 'End', 'Space'].includes(key)
        ? t(`keyboard.keys.${key}`)
        : key;
  return (
    <Dialog title={t('keyboard.title')} onClose={onClose} returnFocusRef={returnFocusRef} width="large">
      <div className={classes.groups}>
        {KEYBOARD_SHORTCUTS.map(({ group, shortcuts }) => (
          <section key={group} aria-labelledby={`kbd-${group}`}>
            <h3 id={`kbd-${group}`} className={classes.heading}>
              {t(`keyboard.groups.${group}`)}
            </h3>
            <dl className={classes.list}>
              {shortcuts.map(({ keys, action }) => (
                <div key={action} className={classes.row}>
                  <dt className={classes.action}>{t(`keyboard.actions.${action}`)}</dt>
                  <dd className={classes.keys} dir="ltr">
                    {keys.map((combo, i) => (
                      <Fragment key={combo.join('+')}>
                        {i > 0 && <span className={classes.or}>{t('keyboard.or')}</span>}
                        {combo.map((key, j) => (
                          <Fragment key={key}>
                            {j > 0 && <span aria-hidden="true">+</span>}
                            <kbd className={classes.kbd}>{keyName(key)}</kbd>
                          </Fragment>
                        ))}
                      </Fragment>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
