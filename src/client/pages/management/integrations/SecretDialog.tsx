import { CopyIcon } from '@primer/octicons-react';
import { Button, Dialog, FormControl, TextInput } from '@primer/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './Integrations.module.css';

/**
 * A secret shown this once (an API key, a webhook signing secret): read-only, selected on focus, with a
 * Copy button; the server keeps only a hash of a key, so closing the dialog loses it for good.
 */
export function SecretDialog({
  title,
  intro,
  label,
  secret,
  onClose,
}: {
  title: string;
  intro: string;
  label: string;
  secret: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('integrations');
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      input.current?.select();
      setCopied('no');
    }
  };
  return (
    <Dialog
      title={title}
      role="alertdialog"
      onClose={onClose}
      position={{ narrow: 'fullscreen', regular: 'center' }}
      width="large"
      footerButtons={[{ content: t('done'), buttonType: 'primary', onClick: onClose }]}
    >
      <p>{intro}</p>
      <div className={classes.secret}>
        <FormControl>
          <FormControl.Label>{label}</FormControl.Label>
          <TextInput
            ref={input}
            block
            readOnly
            value={secret}
            dir="ltr"
            className={classes.code}
            onFocus={(e) => e.currentTarget.select()}
          />
        </FormControl>
        <Button leadingVisual={CopyIcon} onClick={copy}>
          {copied === 'yes' ? t('copied') : t('copy')}
        </Button>
      </div>
      <p role="status" className={classes.muted}>
        {copied === 'no' ? t('copyFailed') : ''}
      </p>
    </Dialog>
  );
}
