import { GearIcon } from '@primer/octicons-react';
import { ActionList, ActionMenu, IconButton } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { type Density, type TableSettings, toggleColumn } from './table-settings.ts';

/** "Table settings": which columns show, and the row density. Saved per list by the caller. */
export function TableSettingsMenu({
  columns,
  settings,
  onChange,
}: {
  /** The columns that may be hidden (the title column is always shown). */
  columns: { key: string; header: string }[];
  settings: TableSettings;
  onChange: (settings: TableSettings) => void;
}) {
  const { t } = useTranslation('table');
  // The title column is always shown, so hiding every column listed here still leaves one.
  const keys = [...columns.map((c) => c.key), ''];
  const density = (value: Density) => onChange({ ...settings, density: value });
  return (
    <ActionMenu>
      <ActionMenu.Anchor>
        <IconButton icon={GearIcon} aria-label={t('settings')} />
      </ActionMenu.Anchor>
      <ActionMenu.Overlay align="end" width="small">
        <ActionList>
          <ActionList.Group selectionVariant="multiple">
            <ActionList.GroupHeading>{t('columns')}</ActionList.GroupHeading>
            {columns.map((column) => {
              const shown = !settings.hidden.includes(column.key);
              return (
                <ActionList.Item
                  key={column.key}
                  selected={shown}
                  onSelect={() => onChange(toggleColumn(settings, column.key, !shown, keys))}
                >
                  {column.header}
                </ActionList.Item>
              );
            })}
          </ActionList.Group>
          <ActionList.Divider />
          <ActionList.Group selectionVariant="single">
            <ActionList.GroupHeading>{t('density')}</ActionList.GroupHeading>
            <ActionList.Item selected={settings.density === 'comfortable'} onSelect={() => density('comfortable')}>
              {t('comfortable')}
            </ActionList.Item>
            <ActionList.Item selected={settings.density === 'compact'} onSelect={() => density('compact')}>
              {t('compact')}
            </ActionList.Item>
          </ActionList.Group>
        </ActionList>
      </ActionMenu.Overlay>
    </ActionMenu>
  );
}
