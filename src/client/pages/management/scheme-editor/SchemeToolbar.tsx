import { HistoryIcon, KebabHorizontalIcon } from '@primer/octicons-react';
import { ActionList, ActionMenu, Button, IconButton } from '@primer/react';
import { useTranslation } from 'react-i18next';
import type { TSchemeDetail } from '../../../../shared/schemas/schemes.ts';
import { useFormatters } from '../../../lib/format.ts';
import type { SchemeAccess, SchemeActions } from './useSchemeActions.ts';
import classes from './SchemeEditor.module.css';

export interface SchemeToolbarProps {
  detail: TSchemeDetail;
  access: SchemeAccess;
  actions: SchemeActions;
  /** Unsaved changes (save enabled, publish waits). */
  dirty: boolean;
  saving: boolean;
  questionCount: number;
  /** Open another version. */
  onOpen: (id: number) => void;
}

/** Versions menu, save, publish, and the archive/restore/delete menu of one scheme version. */
export function SchemeToolbar({
  detail,
  access: { canUpdate, canDelete, readOnly },
  actions,
  dirty,
  saving,
  questionCount,
  onOpen,
}: SchemeToolbarProps) {
  const { t } = useTranslation('business');
  return (
    <div className={classes.toolbar}>
      <SchemeVersionsMenu detail={detail} onOpen={onOpen} />
      {!readOnly && (
        <Button variant="primary" onClick={() => void actions.save()} loading={saving} disabled={!dirty}>
          {detail.status === 'published' ? t('schemes.saveAsNewVersion') : t('schemes.saveDraft')}
        </Button>
      )}
      {canUpdate && detail.status === 'draft' && (
        <Button
          onClick={() => void actions.publish()}
          disabled={dirty || questionCount === 0}
          loading={actions.publishing}
        >
          {t('schemes.publish')}
        </Button>
      )}
      {(canUpdate || canDelete) && (
        <ActionMenu>
          <ActionMenu.Anchor>
            <IconButton icon={KebabHorizontalIcon} aria-label={t('schemes.moreActions')} />
          </ActionMenu.Anchor>
          <ActionMenu.Overlay align="end">
            <ActionList>
              {canUpdate && detail.status === 'published' && (
                <ActionList.Item onSelect={() => void actions.archive()}>{t('actions.archive')}</ActionList.Item>
              )}
              {canUpdate && detail.status === 'archived' && (
                <ActionList.Item onSelect={() => void actions.restore()}>{t('actions.restore')}</ActionList.Item>
              )}
              {canDelete && detail.status === 'draft' && (
                <ActionList.Item variant="danger" onSelect={() => void actions.deleteDraft()}>
                  {t('schemes.deleteDraft')}
                </ActionList.Item>
              )}
            </ActionList>
          </ActionMenu.Overlay>
        </ActionMenu>
      )}
    </div>
  );
}

/** Every version of the scheme, newest first; choosing another one opens it. */
function SchemeVersionsMenu({ detail, onOpen }: Pick<SchemeToolbarProps, 'detail' | 'onOpen'>) {
  const { t } = useTranslation('business');
  const fmt = useFormatters();
  return (
    <ActionMenu>
      <ActionMenu.Button leadingVisual={HistoryIcon}>
        {t('schemes.versions', { n: detail.versions.length })}
      </ActionMenu.Button>
      <ActionMenu.Overlay>
        <ActionList selectionVariant="single" aria-label={t('schemes.versionsLabel')}>
          {detail.versions.map((v) => (
            <ActionList.Item
              key={v.id}
              selected={v.id === detail.id}
              onSelect={() => v.id !== detail.id && onOpen(v.id)}
            >
              {t('schemes.versionN', { version: v.version })}
              <ActionList.Description>
                {t(`schemes.status.${v.status}`)}
                {v.publishedAt ? ` · ${fmt.date(v.publishedAt)}` : ''}
              </ActionList.Description>
            </ActionList.Item>
          ))}
        </ActionList>
      </ActionMenu.Overlay>
    </ActionMenu>
  );
}
