import { AppsIcon } from '@primer/octicons-react';
import { AnchoredOverlay, IconButton } from '@primer/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const loadPanel = () => import('./ShortcutsPanel.tsx');
const ShortcutsPanel = lazy(loadPanel);
/** Fetch the grid's code as the pointer or the focus reaches the button, so it opens at once. */
const preload = () => void loadPanel();

/** A grid of shortcuts (loaded on first open) to the pages that exist and the caller may open. */
export function Shortcuts() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  return (
    <AnchoredOverlay
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      width="large"
      align="end"
      focusZoneSettings={{ disabled: true }}
      overlayProps={{ role: 'dialog', 'aria-label': t('shortcuts.title') }}
      renderAnchor={(props) => (
        <IconButton
          {...props}
          onPointerEnter={preload}
          onFocus={preload}
          icon={AppsIcon}
          variant="invisible"
          aria-label={t('shortcuts.button')}
        />
      )}
    >
      <Suspense fallback={null}>
        <ShortcutsPanel onNavigate={() => setOpen(false)} />
      </Suspense>
    </AnchoredOverlay>
  );
}
