import { DeviceDesktopIcon, MoonIcon, SignOutIcon, SunIcon, TerminalIcon } from '@primer/octicons-react';
import { ActionList, ActionMenu } from '@primer/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { THEMES } from '../../shared/constants/ui.ts';
import { setPreferences, usePreferences } from '../app/preferences.ts';
import { LANGUAGES } from '../i18n/index.ts';
import { initials } from '../lib/initials.ts';
import { useRoleName } from '../lib/roles.ts';
import { useLogout, useSession } from '../lib/session.tsx';
import { isEditable } from './keyboard.ts';
import { useUserMenuLinks } from './useNavigation.ts';
import classes from './UserMenu.module.css';

// The help dialog (and Primer's Dialog with it) loads when asked for: no first paint pays for it.
const KeyboardShortcutsDialog = lazy(() => import('./KeyboardShortcutsDialog.tsx'));

const THEME_ICONS = { light: SunIcon, dark: MoonIcon, system: DeviceDesktopIcon } as const;

/** The user's picture (its thumbnail from the files API) when set, else their initials. Decorative. */
function UserAvatar({ fullName, avatar }: { fullName: string; avatar: string | null | undefined }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (avatar && failed !== avatar) {
    return (
      <img
        className={classes.avatar}
        src={`${avatar}?thumbnail=1`}
        alt=""
        aria-hidden="true"
        data-testid="user-avatar"
        onError={() => setFailed(avatar)}
      />
    );
  }
  return <span className={classes.avatar} data-initials={initials(fullName)} aria-hidden="true" />;
}

/**
 * The profile menu (button "User menu"): who is signed in (name, e-mail, role, customer), the profile
 * pages that exist, the keyboard shortcuts, language, theme and Logout. A Primer menu: Enter, Space or
 * ↓ opens it, the arrows move, Esc closes. `?` anywhere outside a field opens the shortcuts.
 */
export function UserMenu() {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  const roleName = useRoleName();
  const links = useUserMenuLinks();
  const { language, theme } = usePreferences();
  const [, navigate] = useLocation();
  const { logout, pending } = useLogout();
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey || isEditable(event.target)) return;
      event.preventDefault();
      setShortcutsOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  if (!user) return null;
  return (
    <>
      <ActionMenu anchorRef={buttonRef}>
        <ActionMenu.Anchor>
          <button type="button" className={classes.avatarButton} aria-label={t('userMenu.button')}>
            {/* Initials drawn by CSS, so the button's visible text does not contradict its name. */}
            <UserAvatar fullName={user.fullName} avatar={user.avatar} />
            <span className={classes.online} aria-hidden="true" />
          </button>
        </ActionMenu.Anchor>
        <ActionMenu.Overlay width="medium" align="end" className={classes.overlay}>
          <div className={classes.header}>
            <UserAvatar fullName={user.fullName} avatar={user.avatar} />
            <div className={classes.who} data-testid="user-menu-profile">
              <div className={classes.name} dir="auto">
                {user.fullName}
              </div>
              <div className={classes.email}>
                <bdi dir="ltr">{user.email}</bdi>
              </div>
              <div className={classes.meta} data-testid="user-menu-role">
                {roleName(user.role_name)}
                {user.customerCode && (
                  <>
                    {' · '}
                    <bdi>{user.customerCode}</bdi>
                  </>
                )}
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
            <ActionList.Item onSelect={() => setShortcutsOpen(true)}>
              <ActionList.LeadingVisual>
                <TerminalIcon />
              </ActionList.LeadingVisual>
              {t('userMenu.shortcuts')}
              <ActionList.TrailingVisual>
                <kbd className={classes.kbd}>?</kbd>
              </ActionList.TrailingVisual>
            </ActionList.Item>
            <ActionList.Divider />
            <ActionList.Group selectionVariant="single">
              <ActionList.GroupHeading>{t('userMenu.language')}</ActionList.GroupHeading>
              {LANGUAGES.map((l) => (
                <ActionList.Item
                  key={l.code}
                  selected={l.code === language}
                  onSelect={() => setPreferences({ language: l.code })}
                >
                  <span lang={l.code}>{l.label}</span>
                </ActionList.Item>
              ))}
            </ActionList.Group>
            <ActionList.Divider />
            <ActionList.Group selectionVariant="single">
              <ActionList.GroupHeading>{t('userMenu.theme')}</ActionList.GroupHeading>
              {THEMES.map((value) => {
                const Icon = THEME_ICONS[value];
                return (
                  <ActionList.Item
                    key={value}
                    selected={theme === value}
                    onSelect={() => setPreferences({ theme: value })}
                  >
                    <ActionList.LeadingVisual>
                      <Icon />
                    </ActionList.LeadingVisual>
                    {t(`theme.${value}`)}
                  </ActionList.Item>
                );
              })}
            </ActionList.Group>
            <ActionList.Divider />
            <ActionList.Item variant="danger" disabled={pending} onSelect={logout}>
              <ActionList.LeadingVisual>
                <SignOutIcon />
              </ActionList.LeadingVisual>
              {t('userMenu.logout')}
            </ActionList.Item>
          </ActionList>
        </ActionMenu.Overlay>
      </ActionMenu>
      {shortcutsOpen && (
        <Suspense fallback={null}>
          <KeyboardShortcutsDialog onClose={() => setShortcutsOpen(false)} returnFocusRef={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
