import { ConfirmationDialog } from '@primer/react';
import { useTranslation } from 'react-i18next';

/** "Discard changes?" with Keep editing (focused first, also Escape) and Discard. */
export default function DiscardChangesDialog({ onClose, className }: { onClose: (discard: boolean) => void; className?: string }) {
  const { t } = useTranslation('forms');
  return (
    <ConfirmationDialog
      title={t('discardTitle')}
      confirmButtonContent={t('discard')}
      cancelButtonContent={t('keepEditing')}
      confirmButtonType="danger"
      className={className}
      onClose={(gesture) => onClose(gesture === 'confirm')}
    >
      {t('discardBody')}
    </ConfirmationDialog>
  );
}
