// "3 changes not sent": the logout's question when changes still wait on the device. Send now (and log
// out once all went), log out and discard them for good, or stay signed in (Escape, the close button).
import { Banner, Dialog } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadOffline } from './index.ts';

export default function LogoutDialog({
  userId,
  count,
  onLoggedOut,
  onClose,
}: {
  userId: number;
  count: number;
  onLoggedOut: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('shell');
  const [waiting, setWaiting] = useState(count);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const finish = async () => {
    const layer = await loadOffline();
    await layer.wipe(userId);
    onLoggedOut();
  };
  const send = async () => {
    setBusy(true);
    setFailed(false);
    const layer = await loadOffline();
    const left = await layer.sendNow();
    setWaiting(left);
    if (left === 0) await finish();
    else {
      setFailed(true);
      setBusy(false);
    }
  };
  const discard = async () => {
    setBusy(true);
    await finish();
  };

  return (
    <Dialog
      role="alertdialog"
      title={t('offlineLogout.title', { count: waiting })}
      onClose={() => {
        if (!busy) onClose();
      }}
      footerButtons={[
        { content: t('offlineLogout.cancel'), onClick: onClose, disabled: busy },
        { content: t('offlineLogout.discard'), buttonType: 'danger', onClick: () => void discard(), disabled: busy },
        {
          content: busy ? t('offlineLogout.sending') : t('offlineLogout.send'),
          buttonType: 'primary',
          onClick: () => void send(),
          disabled: busy,
          autoFocus: true,
        },
      ]}
    >
      <p>{t('offlineLogout.body')}</p>
      {failed && <Banner variant="critical" title={t('offlineLogout.still', { count: waiting })} />}
    </Dialog>
  );
}
