import { Checkbox, CheckboxGroup, FormControl, Label } from '@primer/react';
import { useTranslation } from 'react-i18next';
import {
  PERMISSION_ROLES,
  type TPermissionRow,
  ZCreatePermissionInput,
  ZListPermissionsInput,
  ZUpdatePermissionInput,
} from '../../../../shared/schemas/permissions.ts';
import type { Column } from '../../../components/DataTable/DataTable.tsx';
import { FormDialog, TextField, useSaveRecord, useZodForm } from '../../../components/FormDialog/index.ts';
import { NameCell, type RecordDialogProps, RecordListPage, useRecordList } from '../../../components/ListPage/index.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useRoleName } from '../../../lib/roles.ts';
import { trpc } from '../../../lib/trpc.ts';
import classes from './Roles.module.css';

/** /apps/permissions: the demo permissions and the product roles they are assigned to; add, edit, delete. */
export default function PermissionsPage() {
  const { t } = useTranslation('roles');
  const fmt = useFormatters();
  const roleName = useRoleName();
  const list = useRecordList({
    filters: [],
    schema: ZListPermissionsInput,
    list: trpc.apps.permissions.list,
    invalidates: ['apps.permissions'],
    subject: 'DemoApp',
    label: (p: TPermissionRow) => p.name,
    remove: trpc.apps.permissions.delete.useMutation().mutateAsync,
    deleteHint: t('permissions.deleteHint'),
    records: t('permissions.records'),
  });
  const columns: Column<TPermissionRow>[] = [
    {
      key: 'name',
      header: t('permissions.name'),
      kind: 'name',
      sortable: true,
      hideable: false,
      render: (p) => <NameCell name={p.name} />,
      exportValue: (p) => p.name,
    },
    {
      key: 'assignedTo',
      header: t('permissions.assignedTo'),
      kind: 'tags',
      width: 22,
      render: (p) => (
        <span className={classes.tags}>
          {p.assignedTo.map((r) => (
            <Label key={r}>{roleName(r)}</Label>
          ))}
        </span>
      ),
      exportValue: (p) => p.assignedTo.map(roleName).join(', '),
    },
    { key: 'createdDate', header: t('permissions.createdDate'), kind: 'date', render: (p) => fmt.date(p.createdDate) },
  ];
  return (
    <RecordListPage
      list={list}
      title={t('permissions.title')}
      description={t('permissions.description')}
      createLabel={t('permissions.new')}
      emptyTitle={t('permissions.empty')}
      columns={columns}
      card={{ title: 'name', facts: ['assignedTo', 'createdDate'] }}
      exportDomain="permissions"
      dialog={(permission, props) => <PermissionDialog permission={permission} {...props} />}
    />
  );
}

function PermissionDialog({
  permission,
  onClose,
  onSaved,
  onReload,
}: RecordDialogProps & { permission: TPermissionRow | null }) {
  const { t } = useTranslation('roles');
  const roleName = useRoleName();
  const save = useSaveRecord(!!permission, trpc.apps.permissions);
  const form = useZodForm(
    permission ? ZUpdatePermissionInput : ZCreatePermissionInput,
    { name: permission?.name ?? '', assignedTo: permission?.assignedTo ?? [] },
    (v) => ({ ...v, ...(permission ? { id: permission.id, version: permission.version } : {}) }),
  );
  const toggle = (role: (typeof PERMISSION_ROLES)[number], on: boolean) =>
    form.set('assignedTo', on ? [...form.values.assignedTo, role] : form.values.assignedTo.filter((r) => r !== role));
  return (
    <FormDialog
      title={permission ? t('permissions.edit', { name: permission.name }) : t('permissions.new')}
      form={form}
      onClose={onClose}
      onReload={onReload}
      onSubmit={async (data) => onSaved((await save(data)).name)}
    >
      <TextField form={form} name="name" label={t('permissions.name')} required />
      <CheckboxGroup>
        <CheckboxGroup.Label>{t('permissions.assignedTo')}</CheckboxGroup.Label>
        {PERMISSION_ROLES.map((role) => (
          <FormControl key={role}>
            <Checkbox
              value={role}
              checked={form.values.assignedTo.includes(role)}
              onChange={(e) => toggle(role, e.target.checked)}
            />
            <FormControl.Label>{roleName(role)}</FormControl.Label>
          </FormControl>
        ))}
      </CheckboxGroup>
    </FormDialog>
  );
}
