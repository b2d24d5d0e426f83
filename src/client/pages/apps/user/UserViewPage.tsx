// /apps/user/view/{id}: one sample person, with tabs for account, security, billing and notifications.
// Each tab's "Edit" opens a form dialog over that tab's fields only; a change someone made meanwhile is
// refused (version) and offered as reload or overwrite. Readers see the same tabs without edit buttons.
import { PencilIcon } from '@primer/octicons-react';
import { Avatar, Banner, Button, Heading, Spinner } from '@primer/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import {
  DEMO_USER_NOTIFICATIONS,
  type TDemoUserDetail,
  ZUpdateDemoUserInput,
} from '../../../../shared/schemas/demo-users.ts';
import {
  CheckboxField,
  FormDialog,
  formClasses,
  SelectField,
  TextField,
  useZodForm,
} from '../../../components/FormDialog/index.ts';
import { NoticeArea, useNotice } from '../../../components/ListPage/index.ts';
import { SectionNav } from '../../../components/SectionNav/index.ts';
import { useCan } from '../../../lib/can.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useRoleName } from '../../../lib/roles.ts';
import { trpc } from '../../../lib/trpc.ts';
import { UserStatusLabel, userIdOf, userOptions, userPaths } from './user-ui.tsx';
import classes from './User.module.css';

const TABS = ['account', 'security', 'billing', 'notifications'] as const;
type Tab = (typeof TABS)[number];

export default function UserViewPage() {
  const { t } = useTranslation('users');
  const errorText = useErrorText();
  const fmt = useFormatters();
  const roleName = useRoleName();
  const id = userIdOf(useParams<{ id: string }>().id);
  const search = new URLSearchParams(useSearch());
  const tab: Tab = (TABS as readonly string[]).includes(search.get('tab') ?? '')
    ? (search.get('tab') as Tab)
    : 'account';
  const [, navigate] = useLocation();
  const user = trpc.apps.users.byId.useQuery({ id }, { retry: false });
  const canManage = useCan()('manage', 'DemoApp');
  const notices = useNotice();
  const [editing, setEditing] = useState<Tab | null>(null);

  if (user.error) {
    return (
      <div className={classes.page}>
        <Heading as="h1" className={classes.title}>
          {t('viewTitle')}
        </Heading>
        <Banner variant="critical" title={t('loadFailed')} description={errorText.error(user.error)} />
        <Link href={userPaths.list()}>{t('backToList')}</Link>
      </div>
    );
  }
  if (!user.data) {
    return (
      <div className={classes.loading}>
        <Spinner srText={t('viewTitle')} />
      </div>
    );
  }
  const u = user.data;
  const options = userOptions(t, roleName);
  const edit = (which: Tab) =>
    canManage && (
      <Button leadingVisual={PencilIcon} onClick={() => setEditing(which)}>
        {t(`edit.${which}`)}
      </Button>
    );
  return (
    <div className={classes.page}>
      <NoticeArea notices={notices} />
      <header className={classes.header}>
        {u.avatar && <Avatar src={u.avatar} alt="" size={48} className={classes.avatar} />}
        <div>
          <Heading as="h1" className={classes.title}>
            {u.fullName}
          </Heading>
          <p className={classes.muted}>
            @{u.username} · {roleName(u.role)} · <UserStatusLabel status={u.status} />
          </p>
        </div>
        <Link href={userPaths.list()} className={classes.back}>
          {t('backToList')}
        </Link>
      </header>
      <dl className={classes.counts}>
        <div>
          <dt>{t('tasksDone')}</dt>
          <dd>{fmt.number(u.taskDone)}</dd>
        </div>
        <div>
          <dt>{t('projectsDone')}</dt>
          <dd>{fmt.number(u.projectDone)}</dd>
        </div>
      </dl>
      <SectionNav aria-label={t('tabs')}>
        {TABS.map((name) => (
          <SectionNav.Item
            key={name}
            href={`${userPaths.view(u.id)}?tab=${name}`}
            aria-current={tab === name ? 'page' : undefined}
            onSelect={(event) => {
              event.preventDefault();
              navigate(`${userPaths.view(u.id)}?tab=${name}`, { replace: true });
            }}
          >
            {t(`tab.${name}`)}
          </SectionNav.Item>
        ))}
      </SectionNav>
      <section className={classes.panel} aria-label={t(`tab.${tab}`)}>
        {tab === 'account' && (
          <Facts action={edit('account')}>
            {[
              [t('field.fullName'), u.fullName],
              [t('field.username'), u.username],
              [t('field.email'), u.email],
              [t('field.contact'), u.contact],
              [t('field.company'), u.company],
              [t('field.country'), u.country],
              [t('field.language'), u.language],
              [t('col.role'), roleName(u.role)],
              [t('col.status'), t(`status.${u.status}`)],
            ]}
          </Facts>
        )}
        {tab === 'security' && (
          <Facts action={edit('security')}>{[[t('field.twoFactor'), u.twoFactor ? t('on') : t('off')]]}</Facts>
        )}
        {tab === 'billing' && (
          <Facts action={edit('billing')}>
            {[
              [t('col.plan'), t(`plan.${u.currentPlan}`)],
              [t('col.billing'), t(`billing.${u.billing}`)],
              [t('field.taxId'), u.taxId || t('none')],
            ]}
          </Facts>
        )}
        {tab === 'notifications' && (
          <Facts action={edit('notifications')}>
            {DEMO_USER_NOTIFICATIONS.map((kind) => [
              t(`notification.${kind}`),
              u.mutedNotifications.includes(kind) ? t('off') : t('on'),
            ])}
          </Facts>
        )}
      </section>
      {editing && (
        <TabDialog
          key={`${editing}-${u.version}`}
          tab={editing}
          user={u}
          options={options}
          onClose={() => setEditing(null)}
          onReload={async () => (await user.refetch()).isSuccess}
          onSaved={() => notices.success(t('saved', { name: u.fullName }))}
        />
      )}
    </div>
  );
}

function Facts({ children, action }: { children: [string, ReactNode][]; action: ReactNode }) {
  return (
    <>
      <dl className={classes.facts}>
        {children.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {action}
    </>
  );
}

/** The edit form of one tab: only that tab's fields are sent, with the version read. */
function TabDialog({
  tab,
  user,
  options,
  onClose,
  onReload,
  onSaved,
}: {
  tab: Tab;
  user: TDemoUserDetail;
  options: ReturnType<typeof userOptions>;
  onClose: () => void;
  onReload: () => Promise<boolean>;
  onSaved: () => void;
}) {
  const { t } = useTranslation('users');
  const utils = trpc.useUtils();
  const update = trpc.apps.users.update.useMutation();
  const initial = {
    account: {
      fullName: user.fullName,
      username: user.username,
      email: user.email,
      contact: user.contact,
      company: user.company,
      country: user.country,
      language: user.language,
      role: user.role,
      status: user.status,
    },
    security: { twoFactor: user.twoFactor },
    billing: { currentPlan: user.currentPlan, billing: user.billing, taxId: user.taxId },
    notifications: Object.fromEntries(
      DEMO_USER_NOTIFICATIONS.map((kind) => [kind, !user.mutedNotifications.includes(kind)]),
    ),
  }[tab] as Record<string, unknown>;
  const form = useZodForm(ZUpdateDemoUserInput, initial, (values) => ({
    id: user.id,
    version: user.version,
    ...(tab === 'notifications'
      ? { mutedNotifications: DEMO_USER_NOTIFICATIONS.filter((kind) => values[kind] !== true) }
      : values),
  }));
  return (
    <FormDialog
      title={t(`edit.${tab}`)}
      form={form}
      onClose={onClose}
      onReload={onReload}
      onSubmit={async (data) => {
        const saved = await update.mutateAsync(data);
        utils.apps.users.byId.setData({ id: user.id }, saved);
        await Promise.all([utils.apps.users.list.invalidate(), utils.apps.users.stats.invalidate()]);
        onSaved();
      }}
    >
      {tab === 'account' && (
        <div className={formClasses.row}>
          <TextField form={form} name="fullName" label={t('field.fullName')} required />
          <TextField form={form} name="username" label={t('field.username')} required />
          <TextField form={form} name="email" label={t('field.email')} required />
          <TextField form={form} name="contact" label={t('field.contact')} required />
          <TextField form={form} name="company" label={t('field.company')} required />
          <TextField form={form} name="country" label={t('field.country')} required />
          <TextField form={form} name="language" label={t('field.language')} required />
          <SelectField form={form} name="role" label={t('col.role')} options={options.roles} />
          <SelectField form={form} name="status" label={t('col.status')} options={options.statuses} />
        </div>
      )}
      {tab === 'security' && (
        <CheckboxField form={form} name="twoFactor" label={t('field.twoFactor')} caption={t('twoFactorHint')} />
      )}
      {tab === 'billing' && (
        <div className={formClasses.row}>
          <SelectField form={form} name="currentPlan" label={t('col.plan')} options={options.plans} />
          <SelectField form={form} name="billing" label={t('col.billing')} options={options.billings} />
          <TextField form={form} name="taxId" label={t('field.taxId')} />
        </div>
      )}
      {tab === 'notifications' &&
        DEMO_USER_NOTIFICATIONS.map((kind) => (
          <CheckboxField key={kind} form={form} name={kind} label={t(`notification.${kind}`)} />
        ))}
    </FormDialog>
  );
}
