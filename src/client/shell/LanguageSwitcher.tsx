import { GlobeIcon } from '@primer/octicons-react';
import { ActionList, ActionMenu, IconButton } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { setPreferences, usePreferences } from '../app/preferences.ts';
import { LANGUAGES } from '../i18n/index.ts';

/** The language menu: sets <html lang>, the direction of the language and the `od-language` cookie. */
export function LanguageSwitcher() {
  const { t } = useTranslation('shell');
  const { language } = usePreferences();
  const current = LANGUAGES.find((l) => l.code === language) ?? LANGUAGES[0];
  return (
    <ActionMenu>
      <ActionMenu.Anchor>
        <IconButton
          icon={GlobeIcon}
          variant="invisible"
          aria-label={t('language.button', { language: current.label })}
        />
      </ActionMenu.Anchor>
      <ActionMenu.Overlay width="auto">
        <ActionList selectionVariant="single" aria-label={t('language.menu')}>
          {LANGUAGES.map((l) => (
            <ActionList.Item
              key={l.code}
              selected={l.code === language}
              onSelect={() => setPreferences({ language: l.code })}
            >
              <span lang={l.code}>{l.label}</span>
            </ActionList.Item>
          ))}
        </ActionList>
      </ActionMenu.Overlay>
    </ActionMenu>
  );
}
