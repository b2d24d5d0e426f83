import { FilterIcon } from '@primer/octicons-react';
import { ActionList, ActionMenu } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { TASK_STATUSES } from '../../../shared/workflow/statuses.ts';
import { parseStatuses } from './task-filters.ts';

/** Several task statuses at once: a menu of checkable statuses (the URL keeps them comma-separated). */
export function StatusFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('workflow');
  const chosen = parseStatuses(value);
  const toggle = (status: (typeof TASK_STATUSES)[number]) => {
    const next = chosen.includes(status) ? chosen.filter((s) => s !== status) : [...chosen, status];
    onChange(TASK_STATUSES.filter((s) => next.includes(s)).join(','));
  };
  const summary =
    chosen.length === 0
      ? t('filters.allStatuses')
      : chosen.length <= 2
        ? chosen.map((s) => t(`taskStatus.${s}`)).join(', ')
        : t('filters.statusCount', { count: chosen.length });
  return (
    <ActionMenu>
      <ActionMenu.Button leadingVisual={FilterIcon} aria-label={t('filters.statusButton', { summary })}>
        {summary}
      </ActionMenu.Button>
      <ActionMenu.Overlay>
        <ActionList selectionVariant="multiple" aria-label={t('fields.status')}>
          {TASK_STATUSES.map((status) => (
            <ActionList.Item
              key={status}
              selected={chosen.includes(status)}
              onSelect={(event) => {
                // Several statuses: the menu stays open while they are ticked.
                event.preventDefault();
                toggle(status);
              }}
            >
              {t(`taskStatus.${status}`)}
            </ActionList.Item>
          ))}
          <ActionList.Divider />
          <ActionList.Item disabled={chosen.length === 0} onSelect={() => onChange('')}>
            {t('filters.clearStatuses')}
          </ActionList.Item>
        </ActionList>
      </ActionMenu.Overlay>
    </ActionMenu>
  );
}
