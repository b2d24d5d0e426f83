// The "Import" button of a list. Its dialog (upload, progress, refused rows) is code of its own, loaded
// when the pointer or the focus comes to the button, or at the latest when it is pressed: not with the
// list's first screen.
import { UploadIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TImportKind } from '../../../shared/schemas/imports.ts';

const loadDialog = () => import('./ImportDialog.tsx');
const ImportDialog = lazy(() => loadDialog().then((m) => ({ default: m.ImportDialog })));

export function ImportButton({ kind, onImported }: { kind: TImportKind; onImported: () => void }) {
  // The list frame's strings: the button renders with the list, before the dialog's own strings load.
  const { t } = useTranslation('table');
  const [open, setOpen] = useState(false);
  const preload = () => void loadDialog();
  return (
    <>
      <Button leadingVisual={UploadIcon} onPointerEnter={preload} onFocus={preload} onClick={() => setOpen(true)}>
        {t('import')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog
            kind={kind}
            onClose={(changed) => {
              setOpen(false);
              if (changed) onImported();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
