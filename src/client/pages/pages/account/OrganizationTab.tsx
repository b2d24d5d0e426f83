// The `organization` tab (superadmin and a customer's admin): how people of the customer sign in: the
// second-factor policy and who has one (TwoFactorPolicyCard), and the customer's OpenID Connect provider
// (sso.get / sso.update: the client secret is write-only).
// superadmin first picks the customer; an admin sees their own.
import { Button, Flash, FormControl, Select } from '@primer/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES } from '../../../../shared/constants/roles.ts';
import { type TSsoConfig, ZSsoUpdateInput } from '../../../../shared/schemas/sso.ts';
import { CheckboxField, SelectField, TextField, useZodForm } from '../../../components/FormDialog/index.ts';
import { QueryError } from '../../../components/QueryError/index.ts';
import { useToast } from '../../../components/Toast/index.ts';
import { useRoleName } from '../../../lib/roles.ts';
import { trpc } from '../../../lib/trpc.ts';
import { TwoFactorPolicyCard } from './TwoFactorPolicyCard.tsx';
import classes from './Account.module.css';

export function OrganizationTab({ superadmin }: { superadmin: boolean }) {
  const { t } = useTranslation('account');
  const pickerId = useId();
  const me = trpc.auth.me.useQuery();
  const customers = trpc.customers.list.useQuery({ itemsPerPage: -1 }, { enabled: superadmin });
  const [picked, setPicked] = useState<number | null>(null);
  const customerId = superadmin
    ? (picked ?? customers.data?.items[0]?.id ?? null)
    : (me.data?.userData.customerId ?? null);
  return (
    <>
      {superadmin && (
        <section className={classes.card} aria-labelledby="org-customer-title">
          <h2 id="org-customer-title" className={classes.cardTitle}>
            {t('organization.customer')}
          </h2>
          <FormControl>
            <FormControl.Label htmlFor={pickerId}>{t('organization.customer')}</FormControl.Label>
            <Select
              id={pickerId}
              value={customerId === null ? '' : String(customerId)}
              onChange={(e) => setPicked(Number(e.target.value))}
            >
              {customers.data?.items.map((c) => (
                <Select.Option key={c.id} value={String(c.id)}>
                  {`${c.code} · ${c.name}`}
                </Select.Option>
              ))}
            </Select>
          </FormControl>
        </section>
      )}
      {customerId !== null && <TwoFactorPolicyCard key={`2fa-${customerId}`} customerId={customerId} />}
      {customerId !== null && <SsoCard key={`sso-${customerId}`} customerId={customerId} superadmin={superadmin} />}
    </>
  );
}

interface SsoValues extends Record<string, unknown> {
  issuer: string;
  clientId: string;
  clientSecret: string;
  emailDomains: string;
  defaultRole: string;
  autoCreate: boolean;
  enforced: boolean;
}

/** The form's values from the stored settings (the secret is never read back: empty keeps it). */
function ssoValues(config: TSsoConfig | undefined): SsoValues {
  if (!config?.configured) {
    return {
      issuer: '',
      clientId: '',
      clientSecret: '',
      emailDomains: '',
      defaultRole: 'businessuser',
      autoCreate: true,
      enforced: false,
    };
  }
  const { issuer, clientId, emailDomains, defaultRole, autoCreate, enforced } = config;
  return {
    issuer,
    clientId,
    clientSecret: '',
    emailDomains: emailDomains.join(', '),
    defaultRole,
    autoCreate,
    enforced,
  };
}

function SsoCard({ customerId, superadmin }: { customerId: number; superadmin: boolean }) {
  const { t } = useTranslation('account');
  const input = superadmin ? { customerId } : {};
  const current = trpc.sso.get.useQuery(input);
  // The form starts from the stored settings once they are read: typed before, a late answer replaced it.
  if (!current.data)
    return (
      <section className={classes.card} aria-labelledby="org-sso-title">
        <h2 id="org-sso-title" className={classes.cardTitle}>
          {t('sso.title')}
        </h2>
        {current.error ? (
          <QueryError error={current.error} onRetry={current.refetch} />
        ) : (
          <p className={classes.muted} role="status">
            {t('loading', { ns: 'common' })}
          </p>
        )}
      </section>
    );
  return <SsoForm input={input} config={current.data} refetch={current.refetch} />;
}

function SsoForm({
  input,
  config,
  refetch,
}: {
  input: { customerId?: number };
  config: TSsoConfig;
  refetch: () => Promise<{ data?: TSsoConfig }>;
}) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const roleName = useRoleName();
  const update = trpc.sso.update.useMutation();
  const form = useZodForm(
    ZSsoUpdateInput,
    () => ssoValues(config),
    (v) => ({
      ...input,
      ...v,
      clientSecret: v.clientSecret || undefined,
      emailDomains: v.emailDomains
        .split(/[\s,;]+/)
        .map((d) => d.trim())
        .filter(Boolean),
    }),
  );

  const submit = form.handleSubmit(async (data) => {
    await update.mutateAsync(data);
    form.reset(ssoValues((await refetch()).data));
    toast.show({ message: t('sso.saved'), variant: 'success' });
  });

  return (
    <form className={classes.card} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="org-sso-title">
      <h2 id="org-sso-title" className={classes.cardTitle}>
        {t('sso.title')}
      </h2>
      <p className={classes.muted}>{t('sso.description')}</p>
      <p className={classes.muted}>
        {t('sso.redirectUri')} <code dir="ltr">{`${window.location.origin}/api/auth/sso/callback`}</code>
      </p>
      <div className={classes.fields}>
        <TextField
          form={form}
          name="issuer"
          type="url"
          label={t('sso.issuer')}
          caption={t('sso.issuerHint')}
          required
        />
        <TextField form={form} name="clientId" label={t('sso.clientId')} required />
        <TextField
          form={form}
          name="clientSecret"
          type="password"
          autoComplete="new-password"
          label={t('sso.clientSecret')}
          caption={config.configured ? t('sso.secretKept') : undefined}
        />
        <TextField
          form={form}
          name="emailDomains"
          label={t('sso.emailDomains')}
          caption={t('sso.emailDomainsHint')}
          required
        />
        <SelectField
          form={form}
          name="defaultRole"
          label={t('sso.defaultRole')}
          options={ROLES.filter((r) => r !== 'superadmin').map((r) => ({ value: r, label: roleName(r) }))}
        />
      </div>
      <CheckboxField form={form} name="autoCreate" label={t('sso.autoCreate')} caption={t('sso.autoCreateHint')} />
      <CheckboxField form={form} name="enforced" label={t('sso.enforced')} caption={t('sso.enforcedHint')} />
      {form.formError && (
        <Flash variant="danger" role="alert">
          {form.formError}
        </Flash>
      )}
      <div className={classes.buttons}>
        <Button type="submit" variant="primary" disabled={form.submitting}>
          {t('sso.save')}
        </Button>
      </div>
    </form>
  );
}
