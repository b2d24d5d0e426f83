import { DeviceDesktopIcon, MoonIcon, SunIcon } from '@primer/octicons-react';
import { ActionList, ActionMenu, IconButton } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { THEMES } from '../../shared/constants/ui.ts';
import { setPreferences, usePreferences } from '../app/preferences.ts';

const ICONS = { light: SunIcon, dark: MoonIcon, system: DeviceDesktopIcon } as const;

/** Light, dark or system (following the device); the button's name starts with "Theme". */
export function ThemeSwitcher() {
  const { t } = useTranslation('shell');
  const { theme } = usePreferences();
  return (
    <ActionMenu>
      <ActionMenu.Anchor>
        <IconButton
          icon={ICONS[theme]}
          variant="invisible"
          aria-label={t('theme.button', { theme: t(`theme.${theme}`) })}
        />
      </ActionMenu.Anchor>
      <ActionMenu.Overlay width="auto">
        <ActionList selectionVariant="single" aria-label={t('theme.menu')}>
          {THEMES.map((value) => {
            const Icon = ICONS[value];
            return (
              <ActionList.Item key={value} selected={theme === value} onSelect={() => setPreferences({ theme: value })}>
                <ActionList.LeadingVisual>
                  <Icon />
                </ActionList.LeadingVisual>
                {t(`theme.${value}`)}
              </ActionList.Item>
            );
          })}
        </ActionList>
      </ActionMenu.Overlay>
    </ActionMenu>
  );
}
