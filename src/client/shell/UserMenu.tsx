import { SignOutIcon } from '@primer/octicons-react';
import { ActionList, ActionMenu } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useLogout, useSession } from '../lib/session.tsx';
import { useUserMenuLinks } from './useNavigation.ts';
import classes from './UserMenu.module.css';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** The profile menu (button "User menu"): who is signed in, the profile pages that exist, and Logout. */
export function UserMenu() {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  const links = useUserMenuLinks();
  const [, navigate] = useLocation();
  const { logout, pending } = useLogout();
  if (!user) return null;
  return (
    <ActionMenu>
      <ActionMenu.Anchor>
        <button type="button" className={classes.avatarButton} aria-label={t('userMenu.button')}>
          {/* Initials drawn by CSS, so the button's visible text does not contradict its name. */}
          <span className={classes.avatar} data-initials={initials(user.fullName)} aria-hidden="true" />
          <span className={classes.online} aria-hidden="true" />
        </button>
      </ActionMenu.Anchor>
      <ActionMenu.Overlay width="medium" align="end">
        <div className={classes.header}>
          <span className={classes.avatar} data-initials={initials(user.fullName)} aria-hidden="true" />
          <div>
            <div className={classes.name}>{user.fullName}</div>
            <div className={classes.meta}>
              {t(`roles.${user.role_name}`)}
              {user.customerCode ? ` · ${user.customerCode}` : ''}
            </div>
          </div>
        </div>
        <ActionList aria-label={t('userMenu.button')}>
          {links.map((link) => (
            <ActionList.Item key={link.key} onSelect={() => navigate(link.href)}>
              <ActionList.LeadingVisual>
                <link.icon />
              </ActionList.LeadingVisual>
              {link.label}
            </ActionList.Item>
          ))}
          {links.length > 0 && <ActionList.Divider />}
          <ActionList.Item variant="danger" disabled={pending} onSelect={logout}>
            <ActionList.LeadingVisual>
              <SignOutIcon />
            </ActionList.LeadingVisual>
            {t('userMenu.logout')}
          </ActionList.Item>
        </ActionList>
      </ActionMenu.Overlay>
    </ActionMenu>
  );
}
