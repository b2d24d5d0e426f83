import { KeyIcon, PlusIcon } from '@primer/octicons-react';
import { Button, Heading, Label } from '@primer/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES } from '../../../../shared/constants/roles.ts';
import { type TApiKey, type TCreatedApiKey, ZCreateApiKeyInput } from '../../../../shared/schemas/integrations.ts';
import { FormDialog, SelectField, TextField, useZodForm } from '../../../components/FormDialog/index.ts';
import { useConfirmDialog } from '../../../components/ListPage/useConfirmDialog.tsx';
import { QueryStates } from '../../../components/QueryError/index.ts';
import { useToast } from '../../../components/Toast/index.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useRoleName } from '../../../lib/roles.ts';
import { trpc } from '../../../lib/trpc.ts';
import { SecretDialog } from './SecretDialog.tsx';
import classes from './Integrations.module.css';

/** A key may have any role but superadmin (a key belongs to one customer; the server refuses it too). */
const KEY_ROLES = ROLES.filter((role) => role !== 'superadmin');

function keyStatus(key: TApiKey, now: number): 'active' | 'revoked' | 'expired' {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt.getTime() <= now) return 'expired';
  return 'active';
}

/** The customer's API keys: create (the key shown once), list, revoke after a confirmation. */
export function ApiKeysSection({ customerId }: { customerId?: number }) {
  const { t } = useTranslation('integrations');
  const fmt = useFormatters();
  const roleName = useRoleName();
  const errorText = useErrorText();
  const toast = useToast();
  const headingId = useId();
  const utils = trpc.useUtils();
  const query = trpc.apiKeys.list.useQuery({ customerId });
  const revoke = trpc.apiKeys.revoke.useMutation();
  const { confirm, dialog } = useConfirmDialog();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<TCreatedApiKey | null>(null);
  const now = Date.now();

  const onRevoke = async (key: TApiKey) => {
    const ok = await confirm({
      title: t('keys.revokeTitle', { name: key.name }),
      content: t('keys.revokeContent'),
      confirmLabel: t('keys.revoke'),
    });
    if (!ok) return;
    try {
      await revoke.mutateAsync({ id: key.id });
      toast.show({ message: t('keys.revoked', { name: key.name }), variant: 'success' });
    } catch (error) {
      toast.show({ message: errorText.error(error), variant: 'critical' });
    }
    await utils.apiKeys.list.invalidate();
  };

  const items = query.data?.items ?? [];
  return (
    <section className={classes.section} aria-labelledby={headingId}>
      <div className={classes.sectionHeader}>
        <Heading as="h2" id={headingId} className={classes.sectionTitle}>
          {t('keys.title')}
        </Heading>
        <Button leadingVisual={PlusIcon} onClick={() => setCreating(true)}>
          {t('keys.new')}
        </Button>
      </div>
      <QueryStates query={query} count={items.length} empty={t('keys.empty')} className={classes.muted} />
      {items.length > 0 && (
        <ul className={classes.list} aria-label={t('keys.label')}>
          {items.map((key) => {
            const status = keyStatus(key, now);
            return (
              <li key={key.id} className={classes.item}>
                <div className={classes.main}>
                  <span className={classes.name}>
                    <KeyIcon aria-hidden="true" />
                    {key.name}
                    <Label variant={status === 'active' ? 'success' : 'secondary'}>{t(`keys.status.${status}`)}</Label>
                  </span>
                  <span className={classes.facts}>
                    <span className={classes.code}>{key.prefix}…</span>
                    <span>{roleName(key.role)}</span>
                    <span>{t('keys.createdBy', { name: key.createdBy ?? '—', date: fmt.date(key.createdAt) })}</span>
                    <span>
                      {key.expiresAt ? t('keys.expires', { date: fmt.date(key.expiresAt) }) : t('keys.never')}
                    </span>
                    <span>
                      {key.lastUsedAt
                        ? t('keys.lastUsed', { date: fmt.dateTime(key.lastUsedAt), ip: key.lastUsedIp ?? '—' })
                        : t('keys.neverUsed')}
                    </span>
                  </span>
                </div>
                {status !== 'revoked' && (
                  <div className={classes.actions}>
                    <Button
                      variant="danger"
                      size="small"
                      aria-label={t('keys.revokeNamed', { name: key.name })}
                      onClick={() => void onRevoke(key)}
                    >
                      {t('keys.revoke')}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {creating && (
        <CreateKeyDialog
          customerId={customerId}
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
            void utils.apiKeys.list.invalidate();
          }}
        />
      )}
      {created && (
        <SecretDialog
          title={t('keys.createdTitle')}
          intro={t('keys.createdIntro')}
          label={t('keys.keyLabel')}
          secret={created.key}
          onClose={() => setCreated(null)}
        />
      )}
      {dialog}
    </section>
  );
}

function CreateKeyDialog({
  customerId,
  onClose,
  onCreated,
}: {
  customerId?: number;
  onClose: () => void;
  onCreated: (key: TCreatedApiKey) => void;
}) {
  const { t } = useTranslation('integrations');
  const roleName = useRoleName();
  const create = trpc.apiKeys.create.useMutation();
  const form = useZodForm(ZCreateApiKeyInput, { name: '', role: '', expiresAt: '' }, (v) => ({
    customerId,
    name: v.name,
    role: v.role || undefined,
    // The end of the chosen day, in the browser's time zone.
    expiresAt: v.expiresAt ? `${v.expiresAt}T23:59:59` : undefined,
  }));
  return (
    <FormDialog
      title={t('keys.new')}
      form={form}
      submitLabel={t('keys.create')}
      onClose={onClose}
      onSubmit={async (data) => onCreated(await create.mutateAsync(data))}
    >
      <TextField form={form} name="name" label={t('keys.name')} caption={t('keys.nameHint')} required />
      <SelectField
        form={form}
        name="role"
        label={t('keys.role')}
        caption={t('keys.roleHint')}
        required
        placeholder=""
        options={KEY_ROLES.map((role) => ({ value: role, label: roleName(role) }))}
      />
      <TextField form={form} name="expiresAt" type="date" label={t('keys.expiresAt')} caption={t('keys.expiresHint')} />
    </FormDialog>
  );
}
