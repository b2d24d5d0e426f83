import { LinkExternalIcon, LocationIcon, PlusIcon } from '@primer/octicons-react';
import { Button, Dialog, Link, Spinner, Text } from '@primer/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ZCreateLocationInput,
  ZListLocationsInput,
  ZUpdateLocationInput,
  type TCreateLocationInput,
  type TLocation,
  type TLocationDetail,
  type TUpdateLocationInput,
} from '../../../shared/schemas/locations.ts';
import { DataTable, type Column } from '../../components/DataTable/DataTable.tsx';
import { ExportCsvButton } from '../../components/DataTable/ExportCsvButton.tsx';
import { FilterSelect } from '../../components/DataTable/FilterSelect.tsx';
import { RowActions } from '../../components/DataTable/RowActions.tsx';
import { CheckboxField, FormDialog, NumberField, TextField, formClasses, useZodForm } from '../../components/FormDialog/index.ts';
import {
  ActiveFilter,
  ArchivedFilter,
  CodeCell,
  ListPage,
  NameCell,
  RecordStatus,
  useNotice,
  useRecordActions,
} from '../../components/ListPage/index.ts';
import {
  CustomerFilter,
  RecordSelect,
  useClassOptions,
  useDirectionOptions,
  useGroupedByCustomer,
  useIsSuperadmin,
  useSubDirectionOptions,
} from '../../components/RecordSelect/index.ts';
import { useFormatters } from '../../lib/format.ts';
import { toSchemaListInput, useListState } from '../../lib/list-state.ts';
import { useSession } from '../../lib/session.tsx';
import { trpc } from '../../lib/trpc.ts';
import classes from './Management.module.css';
import { EMPTY_HOURS, OpeningHoursEditor } from './OpeningHoursEditor.tsx';

const FILTERS = ['customerId', 'directionId', 'subDirectionId', 'classId', 'active', 'archived'] as const;

/** /management/location-setting: the inspected places with coordinates, geofence and opening hours. */
export default function LocationSettingPage() {
  const { t } = useTranslation('business');
  const { ability } = useSession();
  const fmt = useFormatters();
  const superadmin = useIsSuperadmin();
  const [state, update] = useListState(FILTERS);
  const input = toSchemaListInput(ZListLocationsInput, state);
  const list = trpc.locations.list.useQuery(input, { placeholderData: keepPreviousData });
  const customerId = state.filters.customerId ? Number(state.filters.customerId) : null;
  const directionId = state.filters.directionId ? Number(state.filters.directionId) : null;
  const directions = useGroupedByCustomer(useDirectionOptions(customerId).options, superadmin);
  const subDirections = useSubDirectionOptions({ customerId, directionId });
  const locationClasses = useGroupedByCustomer(useClassOptions(customerId).options, superadmin);
  const utils = trpc.useUtils();
  const notices = useNotice();
  const [editing, setEditing] = useState<TLocation | 'new' | null>(null);
  const canCreate = ability.can('create', 'Location');
  const canUpdate = ability.can('update', 'Location');
  const canDelete = ability.can('delete', 'Location');
  const refresh = () => Promise.all([utils.locations.invalidate(), utils.subDirections.invalidate(), utils.classes.invalidate()]);
  const actions = useRecordActions<TLocation>({
    notices,
    refresh,
    label: (l) => l.name,
    archive: trpc.locations.archive.useMutation().mutateAsync,
    restore: trpc.locations.restore.useMutation().mutateAsync,
    remove: trpc.locations.delete.useMutation().mutateAsync,
    deleteHint: t('locations.deleteHint'),
  });
  const flat = (options: { id: number; label: string; group?: string }[]) =>
    options.map((o) => ({ value: String(o.id), label: o.group ? `${o.group} · ${o.label}` : o.label }));

  const columns: Column<TLocation>[] = [
    { key: 'code', header: t('fields.code'), sortable: true, render: (l) => <CodeCell>{l.code}</CodeCell> },
    { key: 'name', header: t('fields.name'), sortable: true, render: (l) => <NameCell name={l.name} detail={l.address} /> },
    { key: 'city', header: t('fields.city'), sortable: true, render: (l) => l.city ?? '—' },
    {
      key: 'subDirection',
      header: t('fields.subDirection'),
      sortable: true,
      render: (l) => <NameCell name={l.subDirection.name} detail={`${l.direction.code} · ${l.direction.name}`} />,
    },
    {
      key: 'class',
      header: t('fields.class'),
      sortable: true,
      render: (l) =>
        l.class ? (
          <span className={classes.classChip}>
            <span className={classes.dot} style={{ backgroundColor: l.class.color }} aria-hidden="true" />
            {l.class.name}
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'geofence',
      header: t('locations.geofence'),
      render: (l) =>
        l.latitude != null && l.longitude != null ? (
          <NameCell name={t('locations.radius', { m: fmt.number(l.geofenceRadiusM) })} detail={`${l.latitude.toFixed(5)}, ${l.longitude.toFixed(5)}`} />
        ) : (
          <Text className={classes.muted}>{t('locations.noCoordinates')}</Text>
        ),
    },
    { key: 'status', header: t('fields.status'), render: (l) => <RecordStatus active={l.active} archivedAt={l.archivedAt} /> },
  ];

  return (
    <ListPage
      title={t('locations.title')}
      description={t('locations.description')}
      notices={notices}
      actions={
        canCreate && (
          <Button variant="primary" leadingVisual={PlusIcon} onClick={() => setEditing('new')}>
            {t('locations.new')}
          </Button>
        )
      }
    >
      <DataTable
        label={t('locations.title')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        rowKey={(l) => l.id}
        state={state}
        onStateChange={update}
        loading={list.isFetching}
        error={list.error?.message}
        onRetry={() => void list.refetch()}
        onRowOpen={canUpdate ? setEditing : undefined}
        empty={{ title: t('locations.empty'), description: canCreate ? t('emptyCreate') : t('emptyFilters') }}
        toolbar={
          <>
            <CustomerFilter
              value={state.filters.customerId}
              onChange={(value) => update({ filters: { customerId: value, directionId: '', subDirectionId: '', classId: '' } })}
            />
            <FilterSelect
              label={t('fields.direction')}
              value={state.filters.directionId}
              onChange={(value) => update({ filters: { directionId: value, subDirectionId: '' } })}
              allLabel={t('filters.allDirections')}
              options={flat(directions)}
            />
            <FilterSelect
              label={t('fields.subDirection')}
              value={state.filters.subDirectionId}
              onChange={(value) => update({ filters: { subDirectionId: value } })}
              allLabel={t('filters.allSubDirections')}
              options={flat(subDirections.options)}
            />
            <FilterSelect
              label={t('fields.class')}
              value={state.filters.classId}
              onChange={(value) => update({ filters: { classId: value } })}
              allLabel={t('filters.allClasses')}
              options={flat(locationClasses)}
            />
            <ActiveFilter value={state.filters.active} onChange={(active) => update({ filters: { active } })} />
            <ArchivedFilter value={state.filters.archived} onChange={(archived) => update({ filters: { archived } })} />
            <ExportCsvButton domain="locations" input={input} />
          </>
        }
        rowActions={(l) => (
          <RowActions
            rowLabel={l.name}
            actions={actions.menu(l, { onEdit: () => setEditing(l), canUpdate, canDelete, archived: !!l.archivedAt })}
          />
        )}
      />
      {editing && (
        <LocationDialogLoader
          location={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async (name) => {
            await refresh();
            notices.success(t('notices.saved', { name }));
          }}
        />
      )}
      {actions.dialog}
    </ListPage>
  );
}

interface DialogProps {
  onClose: () => void;
  onSaved: (name: string) => Promise<void>;
}

/** Loads the location's details (opening hours) before showing the form. */
function LocationDialogLoader({ location, ...props }: DialogProps & { location: TLocation | null }) {
  const { t } = useTranslation('business');
  const detail = trpc.locations.byId.useQuery({ id: location?.id ?? 0 }, { enabled: !!location, gcTime: 0 });
  if (!location) return <LocationDialog location={null} {...props} />;
  if (detail.error) {
    return (
      <Dialog title={t('loadFailed')} onClose={props.onClose} footerButtons={[{ content: t('close'), onClick: props.onClose }]}>
        <Text as="p">{detail.error.message}</Text>
      </Dialog>
    );
  }
  if (!detail.data) {
    return (
      <div className={classes.overlayStatus}>
        <Spinner srText={t('loading')} />
      </div>
    );
  }
  return <LocationDialog location={detail.data} {...props} />;
}

function LocationDialog({ location, onClose, onSaved }: DialogProps & { location: TLocationDetail | null }) {
  const { t } = useTranslation('business');
  const superadmin = useIsSuperadmin();
  const create = trpc.locations.create.useMutation();
  const save = trpc.locations.update.useMutation();
  const [locating, setLocating] = useState<string | null>(null);
  const scope = location ? location.customerId : null;
  const subDirections = useSubDirectionOptions({ customerId: superadmin ? scope : null });
  const subDirectionOptions = useGroupedByCustomer(subDirections.options, superadmin && !location);
  const classOptions = useClassOptions(superadmin ? scope : null);
  const schema = useMemo(() => (location ? ZUpdateLocationInput : ZCreateLocationInput), [location]);
  const form = useZodForm(
    schema,
    {
      subDirectionId: (location?.subDirection.id ?? null),
      classId: (location?.class?.id ?? null),
      code: location?.code ?? '',
      name: location?.name ?? '',
      address: location?.address ?? '',
      city: location?.city ?? '',
      latitude: location?.latitude ?? null,
      longitude: location?.longitude ?? null,
      geofenceRadiusM: (location?.geofenceRadiusM ?? 100),
      openingHours: location?.openingHours ?? EMPTY_HOURS,
      active: location?.active ?? true,
    },
    (v) => (location ? { id: location.id, ...v } : v),
  );
  // A superadmin's new location belongs to the sub-direction's customer; classes must match it.
  const chosenCustomer = subDirections.options.find((o) => o.id === form.values.subDirectionId)?.customerId;
  const classChoices = useGroupedByCustomer(
    classOptions.options.filter((c) => !superadmin || location || !chosenCustomer || c.customerId === chosenCustomer),
    superadmin && !location,
  );
  const { latitude, longitude } = form.values;

  function locateMe() {
    if (!('geolocation' in navigator)) {
      setLocating(t('locations.geolocationUnavailable'));
      return;
    }
    setLocating('');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        form.patch({
          latitude: Number(position.coords.latitude.toFixed(6)),
          longitude: Number(position.coords.longitude.toFixed(6)),
        });
        setLocating(null);
      },
      () => setLocating(t('locations.geolocationFailed')),
      { enableHighAccuracy: true, timeout: 10_000 },
    );
  }

  return (
    <FormDialog
      title={location ? t('locations.edit', { name: location.name }) : t('locations.new')}
      form={form}
      width="xlarge"
      onClose={onClose}
      onSubmit={async (data) => {
        const saved = location
          ? await save.mutateAsync(data as TUpdateLocationInput)
          : await create.mutateAsync(data as TCreateLocationInput);
        await onSaved(saved.name);
      }}
    >
      <div className={formClasses.row}>
        <TextField form={form} name="code" label={t('fields.code')} required monospace />
        <TextField form={form} name="name" label={t('fields.name')} required />
      </div>
      <div className={formClasses.row}>
        <RecordSelect
          label={t('fields.subDirection')}
          required
          placeholder={t('filters.chooseSubDirection')}
          options={subDirectionOptions}
          loading={subDirections.loading}
          value={form.values.subDirectionId}
          onChange={(id) => form.set('subDirectionId', id)}
          error={form.error('subDirectionId')}
        />
        <RecordSelect
          label={t('fields.class')}
          placeholder={t('filters.noClass')}
          options={classChoices}
          loading={classOptions.loading}
          value={form.values.classId}
          onChange={(id) => form.set('classId', id)}
          error={form.error('classId')}
        />
      </div>
      <TextField form={form} name="address" label={t('fields.address')} autoComplete="street-address" />
      <TextField form={form} name="city" label={t('fields.city')} autoComplete="address-level2" />
      <fieldset className={classes.fieldset}>
        <legend className={classes.legend}>{t('locations.geofence')}</legend>
        <div className={formClasses.row}>
          <NumberField form={form} name="latitude" label={t('locations.latitude')} step="any" min={-90} max={90} />
          <NumberField form={form} name="longitude" label={t('locations.longitude')} step="any" min={-180} max={180} />
          <NumberField
            form={form}
            name="geofenceRadiusM"
            label={t('locations.radiusLabel')}
            required
            step={1}
            min={10}
            max={10000}
            caption={t('locations.radiusHint')}
          />
        </div>
        <div className={classes.inlineActions}>
          <Button size="small" leadingVisual={LocationIcon} onClick={locateMe} loading={locating === ''}>
            {t('locations.useMyPosition')}
          </Button>
          {latitude != null && longitude != null && (
            <Link
              href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`}
              target="_blank"
              rel="noreferrer noopener"
            >
              {t('locations.viewOnMap')} <LinkExternalIcon size={12} />
            </Link>
          )}
          {(latitude != null || longitude != null) && (
            <Button size="small" variant="invisible" onClick={() => form.patch({ latitude: null, longitude: null })}>
              {t('locations.clearCoordinates')}
            </Button>
          )}
          {locating && (
            <Text className={classes.error} role="alert">
              {locating}
            </Text>
          )}
        </div>
        <Text as="p" size="small" className={classes.muted}>
          {t('locations.geofenceHint')}
        </Text>
      </fieldset>
      <OpeningHoursEditor value={form.values.openingHours} onChange={(openingHours) => form.set('openingHours', openingHours)} error={form.error} />
      <CheckboxField form={form} name="active" label={t('fields.active')} caption={t('locations.activeHint')} />
    </FormDialog>
  );
}
