import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { type TDemoUser, ZCreateDemoUserInput, ZListDemoUsersInput } from '../../../../shared/schemas/demo-users.ts';
import { type Column, joinCellText } from '../../../components/DataTable/DataTable.tsx';
import { FilterSelect } from '../../../components/DataTable/FilterSelect.tsx';
import { FormDialog, formClasses, SelectField, TextField, useZodForm } from '../../../components/FormDialog/index.ts';
import {
  NameCell,
  type RecordDialogProps,
  RecordListPage,
  TextCell,
  useRecordList,
} from '../../../components/ListPage/index.ts';
import { StatCards } from '../../../components/StatCards/index.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useRoleName } from '../../../lib/roles.ts';
import { trpc } from '../../../lib/trpc.ts';
import { UserStatusLabel, userOptions, userPaths } from './user-ui.tsx';

/** /apps/user/list: the sample people of the caller's copy; stats, filters, add (drawer), delete, CSV. */
export default function UserListPage() {
  const { t } = useTranslation('users');
  const fmt = useFormatters();
  const roleName = useRoleName();
  const [, navigate] = useLocation();
  const stats = trpc.apps.users.stats.useQuery();
  const utils = trpc.useUtils();
  const list = useRecordList({
    filters: ['role', 'plan', 'status'],
    schema: ZListDemoUsersInput,
    list: trpc.apps.users.list,
    invalidates: ['apps.users'],
    subject: 'DemoApp',
    label: (u: TDemoUser) => u.fullName,
    remove: trpc.apps.users.delete.useMutation({ onSuccess: () => utils.apps.users.stats.invalidate() }).mutateAsync,
    deleteHint: t('deleteHint'),
    records: t('records'),
  });
  const options = userOptions(t, roleName);
  const columns: Column<TDemoUser>[] = [
    {
      key: 'user',
      header: t('col.user'),
      kind: 'name',
      sortable: true,
      hideable: false,
      render: (u) => <NameCell name={u.fullName} detail={`@${u.username}`} />,
      exportValue: (u) => joinCellText(u.fullName, `@${u.username}`),
    },
    {
      key: 'email',
      header: t('col.email'),
      kind: 'text',
      sortable: true,
      render: (u) => <TextCell>{u.email}</TextCell>,
      exportValue: (u) => u.email,
    },
    { key: 'role', header: t('col.role'), kind: 'text', width: 13, sortable: true, render: (u) => roleName(u.role) },
    {
      key: 'plan',
      header: t('col.plan'),
      kind: 'text',
      width: 8,
      sortable: true,
      render: (u) => t(`plan.${u.currentPlan}`),
    },
    {
      key: 'billing',
      header: t('col.billing'),
      kind: 'text',
      width: 10,
      sortable: true,
      render: (u) => t(`billing.${u.billing}`),
    },
    {
      key: 'status',
      header: t('col.status'),
      kind: 'status',
      width: 8,
      sortable: true,
      render: (u) => <UserStatusLabel status={u.status} />,
      exportValue: (u) => t(`status.${u.status}`),
    },
  ];
  return (
    <RecordListPage
      list={list}
      title={t('title')}
      description={t('description')}
      createLabel={t('new')}
      emptyTitle={t('empty')}
      columns={columns}
      card={{ title: 'user', facts: ['role', 'plan'], status: 'status' }}
      exportDomain="demo-users"
      summary={
        <StatCards
          label={t('stats.label')}
          stats={
            stats.data
              ? [
                  { label: t('stats.total'), value: fmt.number(stats.data.total) },
                  { label: t('status.active'), value: fmt.number(stats.data.active) },
                  { label: t('status.pending'), value: fmt.number(stats.data.pending) },
                  { label: t('status.inactive'), value: fmt.number(stats.data.inactive) },
                ]
              : null
          }
        />
      }
      filters={
        <>
          <FilterSelect
            label={t('col.role')}
            {...list.filter('role')}
            allLabel={t('filters.allRoles')}
            options={options.roles}
          />
          <FilterSelect
            label={t('col.plan')}
            {...list.filter('plan')}
            allLabel={t('filters.allPlans')}
            options={options.plans}
          />
          <FilterSelect
            label={t('col.status')}
            {...list.filter('status')}
            allLabel={t('filters.allStatuses')}
            options={options.statuses}
          />
        </>
      }
      onRowOpen={(u) => navigate(userPaths.view(u.id))}
      rowActions={(u) => list.menu(u, { onEdit: () => navigate(userPaths.view(u.id)) })}
      dialog={(_, props) => (
        <AddUserDrawer
          {...props}
          onSaved={async (name) => {
            await utils.apps.users.stats.invalidate();
            await props.onSaved(name);
          }}
        />
      )}
    />
  );
}

/** The add-user drawer: every field of the new user, checked by the shared schema. */
function AddUserDrawer({ onClose, onSaved }: RecordDialogProps) {
  const { t } = useTranslation('users');
  const create = trpc.apps.users.create.useMutation();
  const options = userOptions(t, useRoleName());
  const form = useZodForm(ZCreateDemoUserInput, {
    fullName: '',
    username: '',
    email: '',
    contact: '',
    company: '',
    country: '',
    role: 'qualitycontrol',
    currentPlan: 'basic',
    status: 'pending',
    billing: 'Auto debit',
  });
  return (
    <FormDialog
      drawer
      title={t('addTitle')}
      form={form}
      submitLabel={t('add')}
      onClose={onClose}
      onSubmit={async (data) => {
        const user = await create.mutateAsync(data);
        await onSaved(user.fullName);
      }}
    >
      <div className={formClasses.row}>
        <TextField form={form} name="fullName" label={t('field.fullName')} required />
        <TextField form={form} name="username" label={t('field.username')} required />
        <TextField form={form} name="email" label={t('field.email')} required />
        <TextField form={form} name="contact" label={t('field.contact')} required />
        <TextField form={form} name="company" label={t('field.company')} required />
        <TextField form={form} name="country" label={t('field.country')} required />
        <SelectField form={form} name="role" label={t('col.role')} options={options.roles} />
        <SelectField form={form} name="currentPlan" label={t('col.plan')} options={options.plans} />
        <SelectField form={form} name="status" label={t('col.status')} options={options.statuses} />
        <SelectField form={form} name="billing" label={t('col.billing')} options={options.billings} />
      </div>
    </FormDialog>
  );
}
