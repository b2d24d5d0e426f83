import { KebabHorizontalIcon } from '@primer/octicons-react';
import { ActionList, ActionMenu, IconButton } from '@primer/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface RowAction {
  /** Visible label of the menu item. */
  label: string;
  onSelect: () => void;
  /** Danger items (delete) are shown in red, after a divider. */
  variant?: 'default' | 'danger';
  icon?: ReactNode;
  /** Hidden when false (the caller may not do it). */
  visible?: boolean;
  /** Why the action cannot be done on this row (shown, reachable, not choosable), e.g. "Has 3 sub-directions". */
  unavailable?: string;
}

/**
 * The actions of one row in a menu behind a kebab button named "Actions for <row>" (keyboard:
 * Enter/Space opens, arrows move, Escape closes). Renders nothing when no action is visible.
 */
export function RowActions({ rowLabel, actions }: { rowLabel: string; actions: RowAction[] }) {
  const { t } = useTranslation('table');
  const shown = actions.filter((a) => a.visible !== false);
  if (!shown.length) return null;
  const normal = shown.filter((a) => a.variant !== 'danger');
  const danger = shown.filter((a) => a.variant === 'danger');
  return (
    <ActionMenu>
      <ActionMenu.Anchor>
        <IconButton
          icon={KebabHorizontalIcon}
          variant="invisible"
          size="small"
          aria-label={t('actionsFor', { name: rowLabel, defaultValue: 'Actions for {{name}}' })}
        />
      </ActionMenu.Anchor>
      <ActionMenu.Overlay align="end">
        <ActionList>
          {normal.map((action) => (
            <ActionList.Item
              key={action.label}
              onSelect={action.onSelect}
              inactiveText={action.unavailable}
              aria-disabled={action.unavailable ? true : undefined}
            >
              {action.icon && <ActionList.LeadingVisual>{action.icon}</ActionList.LeadingVisual>}
              {action.label}
            </ActionList.Item>
          ))}
          {normal.length > 0 && danger.length > 0 && <ActionList.Divider />}
          {danger.map((action) => (
            <ActionList.Item
              key={action.label}
              variant="danger"
              onSelect={action.onSelect}
              inactiveText={action.unavailable}
              aria-disabled={action.unavailable ? true : undefined}
            >
              {action.icon && <ActionList.LeadingVisual>{action.icon}</ActionList.LeadingVisual>}
              {action.label}
            </ActionList.Item>
          ))}
        </ActionList>
      </ActionMenu.Overlay>
    </ActionMenu>
  );
}
