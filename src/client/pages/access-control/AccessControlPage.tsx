import {
  BookIcon,
  CheckCircleIcon,
  FileDirectoryIcon,
  type Icon,
  LawIcon,
  LocationIcon,
  OrganizationIcon,
  PeopleIcon,
  PersonIcon,
  ProjectIcon,
  ReportIcon,
  ShieldLockIcon,
  StackIcon,
  TasklistIcon,
  WorkflowIcon,
} from '@primer/octicons-react';
import { Heading, Label, Text } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Action, AppAbility, Subject } from '../../../shared/abilities/index.ts';
import { pageExists, pathFor, routeByName } from '../../app/routes.tsx';
import { useRoleName } from '../../lib/roles.ts';
import { useSession } from '../../lib/session.tsx';
import classes from './AccessControlPage.module.css';

/** One area of the product: its ability subject, its page (listed once the page is built) and its name. */
interface Area {
  subject: Exclude<Subject, 'all'>;
  /** The route of the area's page; areas without one are always listed (they live on other pages). */
  route?: string;
  /** Key under `acl.areas.`. */
  label: string;
  icon: Icon;
  /** Actions beyond view, create, edit and delete that exist for this subject. */
  extra?: Action[];
}

const SECTIONS: { heading: string; areas: Area[] }[] = [
  {
    heading: 'business',
    areas: [
      { subject: 'Customer', route: 'business-customers', label: 'customers', icon: OrganizationIcon },
      { subject: 'License', route: 'business-licenses', label: 'licenses', icon: LawIcon },
      { subject: 'Project', route: 'projects', label: 'projects', icon: ProjectIcon },
      {
        subject: 'Task',
        route: 'tasks',
        label: 'tasks',
        icon: TasklistIcon,
        extra: ['assign', 'cancel', 'review', 'perform'],
      },
      { subject: 'Report', route: 'reports', label: 'reports', icon: ReportIcon },
      { subject: 'File', route: 'files', label: 'files', icon: FileDirectoryIcon, extra: ['upload'] },
    ],
  },
  {
    heading: 'management',
    areas: [
      { subject: 'Direction', route: 'management-directions', label: 'directions', icon: WorkflowIcon },
      { subject: 'SubDirection', route: 'management-sub-directions', label: 'subDirections', icon: WorkflowIcon },
      { subject: 'Class', route: 'management-classes', label: 'classes', icon: StackIcon },
      { subject: 'Location', route: 'management-location-setting', label: 'locations', icon: LocationIcon },
      { subject: 'Scheme', route: 'management-schemes', label: 'schemes', icon: CheckCircleIcon },
      { subject: 'Team', route: 'management-teams', label: 'teams', icon: PeopleIcon },
      { subject: 'User', route: 'management-users', label: 'users', icon: PersonIcon },
    ],
  },
  {
    heading: 'workspace',
    areas: [
      { subject: 'DemoApp', label: 'demoApps', icon: BookIcon },
      { subject: 'SavedView', label: 'savedViews', icon: StackIcon },
      { subject: 'AclDemo', label: 'accessControl', icon: ShieldLockIcon },
    ],
  },
];

const BASIC: Action[] = ['read', 'create', 'update', 'delete'];

/** How far a permission reaches, from its rule's conditions (the customer itself goes without saying). */
type Reach = 'all' | 'team' | 'assigned' | 'own' | 'self' | 'shared';

function reachOf(conditions: Record<string, unknown> | undefined): Reach {
  if (!conditions) return 'all';
  if ('teamId' in conditions) return 'team';
  if ('assigneeId' in conditions) return 'assigned';
  if ('ownerId' in conditions) return 'own';
  if ('shared' in conditions) return 'shared';
  if ('id' in conditions) return typeof conditions.id === 'object' ? 'team' : 'self';
  return 'all';
}

/** The actions the caller may take on the subject, each with how far it reaches (a rule without conditions: all). */
function permissions(ability: AppAbility, area: Area): { action: Action; reach: Reach[] }[] {
  const found: { action: Action; reach: Reach[] }[] = [];
  for (const action of [...BASIC, ...(area.extra ?? [])]) {
    const rules = ability.rulesFor(action, area.subject).filter((rule) => !rule.inverted);
    if (!rules.length) continue;
    const reaches = [...new Set(rules.map((rule) => reachOf(rule.conditions)))];
    found.push({ action, reach: reaches.includes('all') ? [] : reaches });
  }
  return found;
}

/** /access-control: what the signed-in role may do in each area of the product, in plain words. */
export default function AccessControlPage() {
  const { t } = useTranslation('shell');
  const { user, ability } = useSession();
  const roleName = useRoleName();
  if (!user) return null;
  const where = user.customerCode ? t('acl.inCustomer', { customer: user.customerCode }) : t('acl.everyCustomer');
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <Heading as="h1" className={classes.title}>
          {t('acl.title')}
        </Heading>
        <Text as="p" className={classes.lead}>
          {t('acl.lead', { name: user.fullName, role: roleName(user.role_name), where })}
        </Text>
        <Text as="p" className={classes.summary}>
          {t(`acl.roleSummary.${user.role_name}`)}
        </Text>
      </header>
      {SECTIONS.map((section) => {
        const areas = section.areas.filter((area) => !area.route || pageExists(routeByName(area.route)));
        if (!areas.length) return null;
        return (
          <section key={section.heading} className={classes.card} aria-labelledby={`acl-${section.heading}`}>
            <h2 id={`acl-${section.heading}`} className={classes.cardTitle}>
              {t(`acl.sections.${section.heading}`)}
            </h2>
            <ul className={classes.areas}>
              {areas.map((area) => {
                const allowed = permissions(ability, area);
                const open = area.route && allowed.some((p) => p.action === 'read') ? pathFor(area.route) : null;
                const name = t(`acl.areas.${area.label}`);
                return (
                  <li key={area.subject} className={classes.area} data-allowed={allowed.length > 0 || undefined}>
                    <span className={classes.areaIcon} aria-hidden="true">
                      <area.icon size={16} />
                    </span>
                    <span className={classes.areaName}>{open ? <Link href={open}>{name}</Link> : name}</span>
                    {allowed.length ? (
                      <ul className={classes.actions} aria-label={t('acl.mayDo', { area: name })}>
                        {allowed.map(({ action, reach }) => (
                          <li key={action}>
                            <Label variant={action === 'read' ? 'secondary' : 'accent'}>
                              {[t(`acl.actions.${action}`), reach.map((r) => t(`acl.reach.${r}`)).join(', ')]
                                .filter(Boolean)
                                .join(' · ')}
                            </Label>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span className={classes.none}>{t('acl.noAccess')}</span>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
      <Text as="p" className={classes.note}>
        {t('acl.note')}
      </Text>
    </div>
  );
}
