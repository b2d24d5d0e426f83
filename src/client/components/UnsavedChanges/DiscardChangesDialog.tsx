import { ConfirmationDialog } from '@primer/react';
import { useTranslation } from 'react-i18next';

/** "Discard changes?" with Keep editing (focused first, also Escape) and Discard. */
export default function DiscardChangesDialog({ onClose }: { onClose: (discard: boolean) => void }) {
  const { t } = useTranslation('forms');
  return (
    <ConfirmationDialog
      title={t('discardTitle')}
      confirmButtonContent={t('discard')}
      cancelButtonContent={t('keepEditing')}
      confirmButtonType="danger"
      onClose={(gesture) => onClose(gesture === 'confirm')}
    >
      {t('discardBody')}
    </ConfirmationDialog>
  );
}
