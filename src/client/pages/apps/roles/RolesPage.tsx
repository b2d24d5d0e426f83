// /apps/roles: the product's real roles as cards with how many users of each the caller can see; a card
// opens the role's abilities, read from the same CASL rules the server enforces (users.roles).
import { PeopleIcon } from '@primer/octicons-react';
import { Button, Dialog, Heading, Label, Spinner, Text } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TRoleSummary } from '../../../../shared/schemas/roles.ts';
import { QueryError } from '../../../components/QueryError/index.ts';
import { useFormatters } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import classes from './Roles.module.css';

export default function RolesPage() {
  const { t } = useTranslation('roles');
  const { t: tc } = useTranslation();
  const fmt = useFormatters();
  const roles = trpc.users.roles.useQuery();
  const [open, setOpen] = useState<TRoleSummary | null>(null);
  return (
    <div className={classes.page}>
      <header>
        <Heading as="h1" className={classes.title}>
          {t('title')}
        </Heading>
        <Text as="p" className={classes.muted}>
          {t('description')}
        </Text>
      </header>
      {roles.error && <QueryError title={t('loadFailed')} error={roles.error} onRetry={roles.refetch} />}
      {roles.isLoading && <Spinner srText={t('title')} />}
      <ul className={classes.cards}>
        {roles.data?.map((role) => (
          <li key={role.role} className={classes.card}>
            <Heading as="h2" className={classes.cardTitle}>
              {tc(`roles.${role.role}`)}
            </Heading>
            <span className={classes.count}>
              <PeopleIcon aria-hidden="true" /> {t('users', { count: role.userCount, n: fmt.number(role.userCount) })}
            </span>
            <Text as="p" className={classes.muted}>
              {t('abilityCount', { count: role.abilities.length })}
            </Text>
            <Button onClick={() => setOpen(role)} aria-label={t('viewFor', { role: tc(`roles.${role.role}`) })}>
              {t('view')}
            </Button>
          </li>
        ))}
      </ul>
      {open && <AbilitiesDialog role={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

function AbilitiesDialog({ role, onClose }: { role: TRoleSummary; onClose: () => void }) {
  const { t } = useTranslation('roles');
  const { t: tc } = useTranslation();
  return (
    <Dialog
      title={t('dialogTitle', { role: tc(`roles.${role.role}`) })}
      subtitle={t('dialogSubtitle')}
      onClose={onClose}
      width="xlarge"
    >
      {role.abilities.length === 0 ? (
        <Text as="p">{t('none')}</Text>
      ) : (
        <table className={classes.table}>
          <thead>
            <tr>
              <th scope="col">{t('col.actions')}</th>
              <th scope="col">{t('col.subjects')}</th>
              <th scope="col">{t('col.scope')}</th>
            </tr>
          </thead>
          <tbody>
            {role.abilities.map((a, i) => (
              <tr key={i}>
                <td>{a.actions.map((action) => t(`action.${action}`)).join(', ')}</td>
                <td>
                  <span className={classes.tags}>
                    {a.subjects.map((s) => (
                      <Label key={s}>{t(`subject.${s}`)}</Label>
                    ))}
                  </span>
                </td>
                <td>{a.scope.length ? a.scope.map((s) => t(`scope.${s}`)).join(', ') : t('scope.all')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}
