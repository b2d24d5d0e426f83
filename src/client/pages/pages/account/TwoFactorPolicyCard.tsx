// The customer's second-factor policy (organization tab, superadmin and the customer's admin): who must
// have one (nobody, the administrators, everyone) and the grace days covered people keep once it widens
// (customers.update with only these fields), then who of the customer has one (customers.twoFactorEnrolment,
// paged in SQL like the other lists).
import { Button, Flash, FormControl, Label, Select, TextInput } from '@primer/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCustomer } from '../../../../shared/schemas/customers.ts';
import { type TTwoFactorPolicy, TWO_FACTOR_POLICIES } from '../../../../shared/schemas/two-factor.ts';
import { Pagination } from '../../../components/DataTable/Pagination.tsx';
import { useToast } from '../../../components/Toast/index.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useRoleName } from '../../../lib/roles.ts';
import { trpc } from '../../../lib/trpc.ts';
import { TableWrap } from './TableWrap.tsx';
import classes from './Account.module.css';

export function TwoFactorPolicyCard({ customerId }: { customerId: number }) {
  const customer = trpc.customers.byId.useQuery({ id: customerId }, { staleTime: 0 });
  return (
    <>
      {/* The form starts from the stored policy, and again whenever it changes (its version). */}
      {customer.data && <PolicyForm key={customer.data.version} customer={customer.data} />}
      <EnrolmentCard customerId={customerId} />
    </>
  );
}

function PolicyForm({ customer }: { customer: TCustomer }) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const fmt = useFormatters();
  const toast = useToast();
  const utils = trpc.useUtils();
  const customerId = customer.id;
  const update = trpc.customers.update.useMutation();
  const [policy, setPolicy] = useState<TTwoFactorPolicy>(customer.twoFactorPolicy);
  const [graceDays, setGraceDays] = useState(String(customer.twoFactorGraceDays));
  const [error, setError] = useState<string | null>(null);
  const [graceError, setGraceError] = useState<string | null>(null);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setGraceError(null);
    const days = Number(graceDays);
    if (!/^\d+$/.test(graceDays.trim()) || days > 365) {
      setGraceError(t('twoFactorPolicy.graceInvalid'));
      return;
    }
    try {
      await update.mutateAsync({ id: customerId, twoFactorPolicy: policy, twoFactorGraceDays: days });
      await utils.customers.twoFactorEnrolment.invalidate();
      await utils.account.twoFactor.status.invalidate();
      toast.show({ message: t('twoFactorPolicy.saved'), variant: 'success' });
      await utils.customers.byId.invalidate({ id: customerId });
    } catch (caught) {
      setError(errorText.error(caught));
    }
  };

  const since = customer.twoFactorPolicySince;
  const graceEnds = since ? new Date(since.getTime() + customer.twoFactorGraceDays * 86_400_000) : null;

  return (
    <form className={classes.card} onSubmit={(e) => void save(e)} noValidate aria-labelledby="org-2fa-policy-title">
      <h2 id="org-2fa-policy-title" className={classes.cardTitle}>
        {t('twoFactorPolicy.title')}
      </h2>
      <p className={classes.muted}>{t('twoFactorPolicy.description')}</p>
      <div className={classes.fields}>
        <FormControl>
          <FormControl.Label>{t('twoFactorPolicy.policy')}</FormControl.Label>
          <Select value={policy} onChange={(e) => setPolicy(e.target.value as TTwoFactorPolicy)}>
            {TWO_FACTOR_POLICIES.map((p) => (
              <Select.Option key={p} value={p}>
                {t(`twoFactorPolicy.policies.${p}`)}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <FormControl>
          <FormControl.Label>{t('twoFactorPolicy.graceDays')}</FormControl.Label>
          <TextInput
            type="number"
            inputMode="numeric"
            min={0}
            max={365}
            value={graceDays}
            onChange={(e) => setGraceDays(e.target.value)}
            validationStatus={graceError ? 'error' : undefined}
          />
          <FormControl.Caption>{t('twoFactorPolicy.graceHint')}</FormControl.Caption>
          {graceError && <FormControl.Validation variant="error">{graceError}</FormControl.Validation>}
        </FormControl>
      </div>
      {graceEnds && customer.twoFactorPolicy !== 'optional' && (
        <p className={classes.muted}>{t('twoFactorPolicy.graceEnds', { date: fmt.dateTime(graceEnds) })}</p>
      )}
      {error && (
        <Flash variant="danger" role="alert">
          {error}
        </Flash>
      )}
      <div className={classes.buttons}>
        <Button type="submit" variant="primary" loading={update.isPending}>
          {t('twoFactorPolicy.save')}
        </Button>
      </div>
    </form>
  );
}

function EnrolmentCard({ customerId }: { customerId: number }) {
  const { t } = useTranslation('account');
  const roleName = useRoleName();
  const [paging, setPaging] = useState({ page: 1, itemsPerPage: 10 });
  const list = trpc.customers.twoFactorEnrolment.useQuery(
    { customerId, ...paging, sortBy: 'fullName' },
    { staleTime: 0, placeholderData: (previous) => previous },
  );
  return (
    <section className={classes.card} aria-labelledby="org-2fa-enrolment-title">
      <h2 id="org-2fa-enrolment-title" className={classes.cardTitle}>
        {t('twoFactorPolicy.enrolmentTitle')}
      </h2>
      {list.data && list.data.items.length > 0 ? (
        <TableWrap label={t('twoFactorPolicy.enrolmentTitle')}>
          <table className={classes.table}>
            <caption className={classes.srOnly}>{t('twoFactorPolicy.enrolmentTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('twoFactorPolicy.person')}</th>
                <th scope="col">{t('twoFactorPolicy.role')}</th>
                <th scope="col">{t('twoFactorPolicy.secondFactor')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((p) => (
                <tr key={p.id} data-testid="enrolment-row">
                  <th scope="row" data-label={t('twoFactorPolicy.person')}>
                    <bdi>{p.fullName}</bdi>
                    <br />
                    <span className={classes.muted} dir="ltr">
                      {p.email}
                    </span>
                  </th>
                  <td data-label={t('twoFactorPolicy.role')}>
                    {roleName(p.role)}
                    {p.covered && (
                      <>
                        {' '}
                        <Label variant="attention">{t('twoFactorPolicy.covered')}</Label>
                      </>
                    )}
                  </td>
                  <td data-label={t('twoFactorPolicy.secondFactor')}>
                    {p.enrolled
                      ? [
                          t('twoFactorPolicy.yes'),
                          p.totp ? t('twoFactorPolicy.app') : null,
                          p.passkeys > 0 ? t('twoFactorPolicy.passkeys', { count: p.passkeys }) : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')
                      : t('twoFactorPolicy.no')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : (
        list.data && <p className={classes.muted}>{t('twoFactorPolicy.nobody')}</p>
      )}
      {list.data && list.data.total > 0 && (
        <Pagination
          page={paging.page}
          itemsPerPage={paging.itemsPerPage}
          total={list.data.total}
          onChange={(page, itemsPerPage) => setPaging({ page, itemsPerPage })}
        />
      )}
    </section>
  );
}
