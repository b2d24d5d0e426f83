import { PersonAddIcon } from '@primer/octicons-react';
import { FormControl, Label, Radio, RadioGroup, Text } from '@primer/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES } from '../../../shared/constants/roles.ts';
import {
  LANGUAGES,
  type TUser,
  type TUserStatus,
  USER_STATUSES,
  ZAdminResetPasswordInput,
  ZCreateUserInput,
  ZListUsersInput,
  ZUpdateUserInput,
} from '../../../shared/schemas/users.ts';
import { useIsolatedT } from '../../components/Bidi/index.ts';
import { type Column, joinCellText } from '../../components/DataTable/DataTable.tsx';
import { FilterSelect } from '../../components/DataTable/FilterSelect.tsx';
import {
  FormDialog,
  formClasses,
  SelectField,
  TextField,
  useSaveRecord,
  useZodForm,
} from '../../components/FormDialog/index.ts';
import {
  CodeCell,
  NameCell,
  RecordListPage,
  TextCell,
  useConfirmDialog,
  useRecordList,
} from '../../components/ListPage/index.ts';
import { RecordHistory } from '../../components/RecordHistory/RecordHistory.tsx';
import {
  CHOOSE_CUSTOMER,
  CustomerField,
  CustomerFilter,
  RecordSelect,
  useGroupedByCustomer,
  useIsSuperadmin,
  useTeamOptions,
} from '../../components/RecordSelect/index.ts';
import { languageName } from '../../i18n/index.ts';
import { useFormatters } from '../../lib/format.ts';
import { useRoleName } from '../../lib/roles.ts';
import { useSession } from '../../lib/session.tsx';
import { trpc } from '../../lib/trpc.ts';

/** An active account whose invitation is still unused reads "Invited" (the `pending` words). */
const shownStatus = (u: TUser): TUserStatus => (u.status === 'active' && u.invited ? 'pending' : u.status);

const STATUS_VARIANT: Record<TUserStatus, 'success' | 'secondary' | 'attention'> = {
  active: 'success',
  inactive: 'secondary',
  pending: 'attention',
};

/** /management/users: accounts of the customer, their role and team, activation and password resets. */
export default function UsersPage() {
  const { t } = useTranslation('business');
  const { t: tf } = useTranslation('forms');
  const ti = useIsolatedT('business');
  const { user: me } = useSession();
  const fmt = useFormatters();
  const superadmin = useIsSuperadmin();
  const list = useRecordList({
    filters: ['customerId', 'role', 'status', 'teamId'],
    schema: ZListUsersInput,
    list: trpc.users.list,
    invalidates: ['users', 'teams', 'customers'],
    subject: 'User',
    record: (u) => u,
    label: (u) => u.fullName,
    remove: trpc.users.delete.useMutation().mutateAsync,
    deleteHint: t('users.deleteHint'),
    deleteBlocked: (u) => (u.id === me?.id ? t('users.cannotDeleteSelf') : null),
    records: t('users.records'),
  });
  const { filters } = list.state;
  const teams = useGroupedByCustomer(
    useTeamOptions(filters.customerId ? Number(filters.customerId) : null).options,
    superadmin,
  );
  const { confirm, dialog: confirmDialog } = useConfirmDialog();
  const [resetting, setResetting] = useState<TUser | null>(null);
  const activate = trpc.users.activate.useMutation();
  const deactivate = trpc.users.deactivate.useMutation();
  const resendInvitation = trpc.users.resendInvitation.useMutation();
  const revokeInvitation = trpc.users.revokeInvitation.useMutation();
  const roleLabel = useRoleName();

  async function setActive(u: TUser, active: boolean) {
    if (!active) {
      const ok = await confirm({
        title: ti('users.deactivateTitle', { name: u.fullName }),
        content: t('users.deactivateBody'),
        confirmLabel: t('users.deactivate'),
      });
      if (!ok) return;
    }
    await list.notices.run(
      async () => {
        await (active ? activate : deactivate).mutateAsync({ id: u.id });
        await list.refresh();
      },
      ti(active ? 'users.activated' : 'users.deactivated', { name: u.fullName }),
    );
  }

  async function resendInvite(u: TUser) {
    await list.notices.run(
      async () => {
        await resendInvitation.mutateAsync({ id: u.id });
        await list.refresh();
      },
      ti('users.invitationResent', { email: u.email }),
    );
  }

  async function revokeInvite(u: TUser) {
    const ok = await confirm({
      title: ti('users.revokeInvitationTitle', { name: u.fullName }),
      content: t('users.revokeInvitationBody'),
      confirmLabel: t('users.revokeInvitation'),
    });
    if (!ok) return;
    await list.notices.run(
      async () => {
        await revokeInvitation.mutateAsync({ id: u.id });
        await list.refresh();
      },
      ti('users.invitationRevoked', { name: u.fullName }),
    );
  }

  /** "Invited" with when, and until when the link works. */
  const invitedText = (u: TUser) =>
    u.invitation
      ? t('users.invitedOn', { date: fmt.date(u.invitation.sentAt), until: fmt.date(u.invitation.expiresAt) })
      : undefined;

  const columns: Column<TUser>[] = [
    {
      key: 'fullName',
      header: t('users.fullName'),
      kind: 'name',
      sortable: true,
      render: (u) => <NameCell name={u.fullName} detail={u.email} detailLtr />,
      exportValue: (u) => joinCellText(u.fullName, u.email),
    },
    ...(superadmin
      ? [
          {
            key: 'customer',
            header: tf('customer'),
            kind: 'code' as const,
            render: (u: TUser) => (u.customerCode ? <CodeCell>{u.customerCode}</CodeCell> : '—'),
            exportValue: (u: TUser) => u.customerCode ?? '—',
          },
        ]
      : []),
    {
      key: 'role',
      header: t('users.role'),
      kind: 'text',
      width: 10,
      sortable: true,
      render: (u) => <Label>{roleLabel(u.role)}</Label>,
      exportValue: (u) => roleLabel(u.role),
    },
    {
      key: 'team',
      header: t('users.team'),
      kind: 'text',
      render: (u) => <TextCell>{u.team?.name}</TextCell>,
      exportValue: (u) => u.team?.name || '—',
    },
    {
      key: 'status',
      header: t('fields.status'),
      kind: 'status',
      sortable: true,
      render: (u) => (
        <Label variant={STATUS_VARIANT[shownStatus(u)]} title={invitedText(u)}>
          {t(`users.status.${shownStatus(u)}`)}
        </Label>
      ),
      exportValue: (u) => joinCellText(t(`users.status.${shownStatus(u)}`), invitedText(u)),
    },
    {
      key: 'lastLoginAt',
      header: t('users.lastLogin'),
      kind: 'datetime',
      sortable: true,
      render: (u) => fmt.dateTime(u.lastLoginAt),
    },
  ];

  return (
    <RecordListPage
      list={list}
      title={t('users.title')}
      description={t('users.description')}
      createLabel={t('users.new')}
      createIcon={PersonAddIcon}
      emptyTitle={t('users.empty')}
      columns={columns}
      card={{ title: 'fullName', facts: ['role', 'team'], status: 'status' }}
      exportDomain="users"
      importKind="users"
      filters={
        <>
          <CustomerFilter
            value={filters.customerId}
            onChange={(customerId) => list.update({ filters: { customerId, teamId: '' } })}
          />
          <FilterSelect
            label={t('users.role')}
            {...list.filter('role')}
            allLabel={t('filters.allRoles')}
            options={ROLES.map((role) => ({ value: role, label: roleLabel(role) }))}
          />
          <FilterSelect
            label={t('fields.status')}
            {...list.filter('status')}
            allLabel={t('filters.allStatuses')}
            options={USER_STATUSES.map((status) => ({ value: status, label: t(`users.status.${status}`) }))}
          />
          <FilterSelect
            label={t('users.team')}
            {...list.filter('teamId')}
            allLabel={t('filters.allTeams')}
            options={teams.map((o) => ({ value: String(o.id), label: o.group ? `${o.group} · ${o.label}` : o.label }))}
          />
        </>
      }
      rowActions={(u) => {
        const canUpdate = list.can('update', u);
        const self = u.id === me?.id;
        return list.menu(u, {
          extra: [
            {
              label: t('users.activate'),
              onSelect: () => void setActive(u, true),
              visible: canUpdate && u.status !== 'active',
            },
            {
              label: t('users.deactivate'),
              onSelect: () => void setActive(u, false),
              visible: canUpdate && u.status === 'active' && !self,
            },
            { label: t('users.resetPassword'), onSelect: () => setResetting(u), visible: canUpdate },
            {
              label: t('users.resendInvitation'),
              onSelect: () => void resendInvite(u),
              visible: canUpdate && !!u.invitation,
            },
            {
              label: t('users.revokeInvitation'),
              onSelect: () => void revokeInvite(u),
              visible: canUpdate && !!u.invitation,
            },
          ],
        });
      }}
      dialog={(user, { onClose, onReload }) => (
        <UserDialog user={user} onClose={onClose} onReload={onReload} onSaved={list.announce} />
      )}
    >
      {resetting && (
        <ResetPasswordDialog
          user={resetting}
          onClose={() => setResetting(null)}
          onDone={(message) => list.notices.success(message)}
        />
      )}
      {confirmDialog}
    </RecordListPage>
  );
}

function UserDialog({
  user,
  onClose,
  onSaved,
  onReload,
}: {
  user: TUser | null;
  onClose: () => void;
  onSaved: (message: string) => Promise<void>;
  onReload?: () => Promise<boolean>;
}) {
  const { t } = useTranslation('business');
  const { t: tf } = useTranslation('forms');
  const superadmin = useIsSuperadmin();
  const save = useSaveRecord(!!user, trpc.users);
  const [mode, setMode] = useState<'invite' | 'password'>('invite');
  const schema = useMemo(
    () =>
      user
        ? ZUpdateUserInput
        : superadmin
          ? ZCreateUserInput.refine((v) => v.role === 'superadmin' || !!v.customerId, {
              message: CHOOSE_CUSTOMER,
              path: ['customerId'],
            })
          : ZCreateUserInput,
    [user, superadmin],
  );
  const form = useZodForm(
    schema,
    {
      customerId: null as number | null,
      email: user?.email ?? '',
      fullName: user?.fullName ?? '',
      role: user?.role ?? 'qualitycontrol',
      teamId: user?.team?.id ?? null,
      language: user?.language ?? 'en',
      password: '',
    },
    ({ customerId, password, ...fields }) =>
      user
        ? { id: user.id, version: user.version, ...fields }
        : {
            ...fields,
            customerId: (superadmin && fields.role !== 'superadmin' && customerId) || undefined,
            password: mode === 'password' ? password : undefined,
          },
  );
  const customerId = user ? user.customerId : form.values.customerId;
  const teams = useTeamOptions(superadmin ? customerId : null, !superadmin || !!customerId);
  const roles = ROLES.filter((role) => superadmin || role !== 'superadmin');
  const roleName = useRoleName();

  return (
    <FormDialog
      title={user ? t('users.edit', { name: user.fullName }) : t('users.new')}
      form={form}
      onClose={onClose}
      onReload={onReload}
      submitLabel={user ? undefined : mode === 'invite' ? t('users.sendInvite') : t('users.create')}
      onSubmit={async (data) => {
        const saved = await save(data);
        await onSaved(
          user
            ? tf('notices.saved', { name: saved.fullName })
            : t(mode === 'invite' ? 'users.invited' : 'users.created', { name: saved.fullName, email: saved.email }),
        );
      }}
    >
      {!user && form.values.role !== 'superadmin' && <CustomerField form={form} superadmin={superadmin} />}
      <TextField form={form} name="fullName" label={t('users.fullName')} required autoComplete="off" />
      <TextField form={form} name="email" label={t('users.email')} type="email" required autoComplete="off" />
      <div className={formClasses.row}>
        <SelectField
          form={form}
          name="role"
          label={t('users.role')}
          required
          options={roles.map((role) => ({ value: role, label: roleName(role) }))}
        />
        <SelectField
          form={form}
          name="language"
          label={t('users.language')}
          options={LANGUAGES.map((code) => ({ value: code, label: languageName(code) }))}
        />
      </div>
      <RecordSelect
        label={t('users.team')}
        placeholder={t('filters.noTeam')}
        options={teams.options}
        loading={teams.loading}
        value={form.values.teamId}
        onChange={(id) => form.set('teamId', id)}
        error={form.error('teamId')}
        caption={t('users.teamHint')}
      />
      {!user && (
        <>
          <RadioGroup name="mode" onChange={(value) => setMode(value === 'password' ? 'password' : 'invite')}>
            <RadioGroup.Label>{t('users.access')}</RadioGroup.Label>
            <FormControl>
              <Radio value="invite" checked={mode === 'invite'} />
              <FormControl.Label>{t('users.modeInvite')}</FormControl.Label>
              <FormControl.Caption>{t('users.modeInviteHint')}</FormControl.Caption>
            </FormControl>
            <FormControl>
              <Radio value="password" checked={mode === 'password'} />
              <FormControl.Label>{t('users.modePassword')}</FormControl.Label>
            </FormControl>
          </RadioGroup>
          {mode === 'password' && (
            <TextField
              form={form}
              name="password"
              label={t('users.password')}
              type="password"
              required
              autoComplete="new-password"
              caption={t('users.passwordHint')}
            />
          )}
        </>
      )}
      {user && <RecordHistory entityType="User" entityId={user.id} />}
    </FormDialog>
  );
}

function ResetPasswordDialog({
  user,
  onClose,
  onDone,
}: {
  user: TUser;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('business');
  const reset = trpc.users.resetPassword.useMutation();
  const [mode, setMode] = useState<'email' | 'set'>('email');
  const form = useZodForm(ZAdminResetPasswordInput, { password: '' }, (v) => ({
    id: user.id,
    password: mode === 'set' ? v.password : undefined,
  }));
  return (
    <FormDialog
      title={t('users.resetTitle', { name: user.fullName })}
      subtitle={user.email}
      form={form}
      onClose={onClose}
      submitLabel={mode === 'email' ? t('users.sendResetLink') : t('users.setPassword')}
      onSubmit={async (data) => {
        const result = await reset.mutateAsync(data);
        onDone(
          t(result.mode === 'email' ? 'users.resetLinkSent' : 'users.passwordSet', {
            name: user.fullName,
            email: user.email,
          }),
        );
      }}
    >
      <RadioGroup name="reset-mode" onChange={(value) => setMode(value === 'set' ? 'set' : 'email')}>
        <RadioGroup.Label visuallyHidden>{t('users.resetPassword')}</RadioGroup.Label>
        <FormControl>
          <Radio value="email" checked={mode === 'email'} />
          <FormControl.Label>{t('users.resetByEmail')}</FormControl.Label>
          <FormControl.Caption>{t('users.resetByEmailHint')}</FormControl.Caption>
        </FormControl>
        <FormControl>
          <Radio value="set" checked={mode === 'set'} />
          <FormControl.Label>{t('users.resetSet')}</FormControl.Label>
          <FormControl.Caption>{t('users.resetSetHint')}</FormControl.Caption>
        </FormControl>
      </RadioGroup>
      {mode === 'set' && (
        <TextField
          form={form}
          name="password"
          label={t('users.newPassword')}
          type="password"
          required
          autoComplete="new-password"
          caption={t('users.passwordHint')}
        />
      )}
      <Text as="p" size="small">
        {t('users.resetSessionsNote')}
      </Text>
    </FormDialog>
  );
}
