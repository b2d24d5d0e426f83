import { PeopleIcon, XIcon } from '@primer/octicons-react';
import { Button, IconButton, Label, SelectPanel, type SelectPanelItemInput, Text } from '@primer/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../shared/constants/roles.ts';
import { useErrorText } from '../../lib/error-text.ts';
import { useRoleName } from '../../lib/roles.ts';
import { trpc } from '../../lib/trpc.ts';
import formClasses from '../FormDialog/FormDialog.module.css';
import classes from './RecordSelect.module.css';

export interface PickedUser {
  id: number;
  fullName: string;
  email: string;
  role: Role;
}

export interface UserMultiPickerProps {
  /** Legend of the group (e.g. "Members"). */
  label: string;
  value: PickedUser[];
  onChange: (users: PickedUser[]) => void;
  /** Narrow the choices to one customer (the superadmin's forms). */
  customerId?: number | null;
  /** Ids that cannot be removed here (e.g. the team's floor manager and leader), each with its reason as caption. */
  locked?: ReadonlyMap<number, string>;
  error?: string;
  disabled?: boolean;
}

/**
 * Pick several users: the chosen ones as a list with remove buttons, and a searchable panel (server
 * search by name or e-mail) to add or remove more. Keyboard: the panel filters as you type, arrows move,
 * Space/Enter toggles, Escape closes.
 */
export function UserMultiPicker({ label, value, onChange, customerId, locked, error, disabled }: UserMultiPickerProps) {
  const { t } = useTranslation('forms');
  const errorText = useErrorText();
  const roleName = useRoleName();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(filter.trim()), 250);
    return () => clearTimeout(timer);
  }, [filter]);
  const search = trpc.users.list.useQuery(
    { itemsPerPage: 50, sortBy: 'fullName', ...(q ? { q } : {}), ...(customerId ? { customerId } : {}) },
    { enabled: open, placeholderData: keepPreviousData },
  );
  const lockedIds = new Set(locked?.keys() ?? []);
  const toItem = (u: PickedUser): SelectPanelItemInput => ({
    id: u.id,
    text: u.fullName,
    description: `${u.email} · ${roleName(u.role)}`,
    descriptionVariant: 'block',
    disabled: lockedIds.has(u.id),
  });
  const chosenIds = new Set(value.map((u) => u.id));
  const results: PickedUser[] = (search.data?.items ?? []).map((u) => ({
    id: u.id,
    fullName: u.fullName,
    email: u.email,
    role: u.role,
  }));
  const items = [
    ...value.filter((u) => !q || `${u.fullName} ${u.email}`.toLowerCase().includes(q.toLowerCase())),
    ...results.filter((u) => !chosenIds.has(u.id)),
  ].map(toItem);
  const byId = new Map([...value, ...results].map((u) => [u.id, u]));

  return (
    <fieldset
      className={`${formClasses.fieldset} ${classes.picker}`}
      disabled={disabled}
      aria-invalid={error ? true : undefined}
    >
      <legend className={formClasses.legend}>
        {label} <span className={classes.count}>({value.length})</span>
      </legend>
      {value.length === 0 ? (
        <Text as="p" className={classes.muted}>
          {t('noneChosen')}
        </Text>
      ) : (
        <ul className={classes.userList}>
          {value.map((u) => (
            <li key={u.id} className={classes.userRow}>
              <span className={classes.userText}>
                <Text weight="semibold">{u.fullName}</Text>
                <span className={classes.muted}>{u.email}</span>
              </span>
              <Label>{roleName(u.role)}</Label>
              {lockedIds.has(u.id) ? (
                <span className={classes.muted}>{locked?.get(u.id)}</span>
              ) : (
                <IconButton
                  icon={XIcon}
                  variant="invisible"
                  size="small"
                  aria-label={t('removeUser', { name: u.fullName })}
                  onClick={() => onChange(value.filter((v) => v.id !== u.id))}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <SelectPanel
        title={label}
        inputLabel={t('searchUsers')}
        placeholderText={t('searchUsers')}
        renderAnchor={({ children: _children, ...anchorProps }) => (
          <Button {...anchorProps} leadingVisual={PeopleIcon} className={classes.anchor} disabled={disabled}>
            {t('chooseUsers')}
          </Button>
        )}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setFilter('');
        }}
        items={items}
        selected={items.filter((item) => chosenIds.has(item.id as number))}
        onSelectedChange={(selected: SelectPanelItemInput[]) => {
          const ids = new Set(selected.map((item) => item.id as number));
          const kept = value.filter((u) => ids.has(u.id) || lockedIds.has(u.id) || !items.some((i) => i.id === u.id));
          const added = [...ids]
            .filter((id) => !chosenIds.has(id))
            .map((id) => byId.get(id)!)
            .filter(Boolean);
          onChange([...kept, ...added]);
        }}
        filterValue={filter}
        onFilterChange={setFilter}
        loading={open && search.isLoading}
        showSelectedOptionsFirst={false}
        message={
          search.error
            ? { title: t('loadFailed'), body: errorText.error(search.error), variant: 'error' }
            : items.length === 0 && !search.isLoading
              ? { title: t('noUsersFound'), body: t('noUsersFoundBody'), variant: 'empty' }
              : undefined
        }
        width="large"
      />
      {error && (
        <Text as="p" className={classes.error} role="alert">
          {error}
        </Text>
      )}
    </fieldset>
  );
}
