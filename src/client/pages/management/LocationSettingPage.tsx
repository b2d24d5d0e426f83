import { LinkExternalIcon, LocationIcon } from '@primer/octicons-react';
import { Button, Link, Text } from '@primer/react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type TLocation,
  type TLocationDetail,
  ZCreateLocationInput,
  ZListLocationsInput,
  ZUpdateLocationInput,
} from '../../../shared/schemas/locations.ts';
import { Bdi, Coordinates, coordinatesText, Ltr } from '../../components/Bidi/index.ts';
import { CorrectiveActionsList } from '../../components/CorrectiveActions/index.ts';
import { type Column, joinCellText } from '../../components/DataTable/DataTable.tsx';
import { FilterSelect } from '../../components/DataTable/FilterSelect.tsx';
import {
  CheckboxField,
  FormDialog,
  formClasses,
  NumberField,
  SelectField,
  TextField,
  useSaveRecord,
  useZodForm,
} from '../../components/FormDialog/index.ts';
import {
  ActiveFilter,
  ArchivedFilter,
  CodeCell,
  NameCell,
  type RecordDialogProps,
  RecordListPage,
  RecordStatus,
  TextCell,
  useRecordList,
  useRecordStatusText,
} from '../../components/ListPage/index.ts';
import { RecordHistory } from '../../components/RecordHistory/RecordHistory.tsx';
import {
  CustomerFilter,
  RecordSelect,
  useDirectionOptions,
  useGroupedByCustomer,
  useIsSuperadmin,
  useLocationClassOptions,
  useSubDirectionOptions,
} from '../../components/RecordSelect/index.ts';
import { useFormatters } from '../../lib/format.ts';
import { timeZoneOptions } from '../../lib/time-zones.ts';
import { trpc } from '../../lib/trpc.ts';
import { useUnits } from '../../lib/units.ts';
import { DetailLoader } from './DetailLoader.tsx';
import { EMPTY_HOURS, OpeningHoursEditor } from './OpeningHoursEditor.tsx';
import classes from './Management.module.css';

// The map (d3-geo and the world outline) loads only with a location's form.
const GeofenceMap = lazy(() => import('../../components/GeoMap/GeofenceMap.tsx'));
const MIN_RADIUS_M = 10;
const MAX_RADIUS_M = 10_000;

/** /management/location-setting: the inspected places with coordinates, geofence and opening hours. */
export default function LocationSettingPage() {
  const { t } = useTranslation('business');
  const fmt = useFormatters();
  const statusText = useRecordStatusText();
  const superadmin = useIsSuperadmin();
  const list = useRecordList({
    filters: ['customerId', 'directionId', 'subDirectionId', 'classId', 'active', 'archived'],
    schema: ZListLocationsInput,
    list: trpc.locations.list,
    invalidates: ['locations', 'subDirections', 'classes'],
    subject: 'Location',
    label: (l) => l.name,
    archived: (l) => !!l.archivedAt,
    archive: trpc.locations.archive.useMutation().mutateAsync,
    restore: trpc.locations.restore.useMutation().mutateAsync,
    remove: trpc.locations.delete.useMutation().mutateAsync,
    deleteHint: t('locations.deleteHint'),
    records: t('locations.records'),
  });
  const { filters } = list.state;
  const customerId = filters.customerId ? Number(filters.customerId) : null;
  const directionId = filters.directionId ? Number(filters.directionId) : null;
  const directions = useGroupedByCustomer(useDirectionOptions(customerId).options, superadmin);
  const subDirections = useSubDirectionOptions({ customerId, directionId });
  const locationClasses = useGroupedByCustomer(useLocationClassOptions(customerId).options, superadmin);
  const flat = (options: { id: number; label: string; group?: string }[]) =>
    options.map((o) => ({ value: String(o.id), label: o.group ? `${o.group} · ${o.label}` : o.label }));

  const columns: Column<TLocation>[] = [
    {
      key: 'code',
      header: t('fields.code'),
      kind: 'code',
      sortable: true,
      render: (l) => <CodeCell>{l.code}</CodeCell>,
      exportValue: (l) => l.code,
    },
    {
      key: 'name',
      header: t('fields.name'),
      kind: 'name',
      sortable: true,
      render: (l) => <NameCell name={l.name} detail={l.address} />,
      exportValue: (l) => joinCellText(l.name, l.address),
    },
    {
      key: 'city',
      header: t('fields.city'),
      kind: 'text',
      width: 9,
      sortable: true,
      render: (l) => <TextCell>{l.city}</TextCell>,
      exportValue: (l) => l.city || '—',
    },
    {
      key: 'subDirection',
      header: t('fields.subDirection'),
      kind: 'text',
      width: 12,
      sortable: true,
      render: (l) => (
        <NameCell
          name={l.subDirection.name}
          detail={
            <>
              <Ltr>{l.direction.code}</Ltr> · <Bdi>{l.direction.name}</Bdi>
            </>
          }
        />
      ),
      exportValue: (l) => joinCellText(l.subDirection.name, l.direction.code, l.direction.name),
    },
    {
      key: 'class',
      header: t('fields.class'),
      kind: 'text',
      sortable: true,
      render: (l) =>
        l.class ? (
          <span className={classes.classChip}>
            <span className={classes.dot} style={{ backgroundColor: l.class.color }} aria-hidden="true" />
            <Bdi>{l.class.name}</Bdi>
          </span>
        ) : (
          '—'
        ),
      exportValue: (l) => l.class?.name ?? '—',
    },
    {
      key: 'geofence',
      header: t('locations.geofence'),
      kind: 'text',
      width: 11,
      render: (l) =>
        l.latitude != null && l.longitude != null ? (
          <NameCell
            name={t('locations.radius', { m: fmt.number(l.geofenceRadiusM) })}
            detail={<Coordinates latitude={l.latitude} longitude={l.longitude} />}
          />
        ) : (
          <Text className={classes.muted}>{t('locations.noCoordinates')}</Text>
        ),
      exportValue: (l) =>
        l.latitude != null && l.longitude != null
          ? joinCellText(
              t('locations.radius', { m: fmt.number(l.geofenceRadiusM) }),
              coordinatesText(l.latitude, l.longitude),
            )
          : t('locations.noCoordinates'),
    },
    {
      key: 'status',
      header: t('fields.status'),
      kind: 'status',
      render: (l) => <RecordStatus active={l.active} archivedAt={l.archivedAt} />,
      exportValue: (r) => statusText(r),
    },
  ];

  return (
    <RecordListPage
      list={list}
      title={t('locations.title')}
      description={t('locations.description')}
      createLabel={t('locations.new')}
      emptyTitle={t('locations.empty')}
      columns={columns}
      card={{ title: 'name', facts: ['code', 'city'], status: 'status' }}
      exportDomain="locations"
      importKind="locations"
      filters={
        <>
          <CustomerFilter
            value={filters.customerId}
            onChange={(value) =>
              list.update({ filters: { customerId: value, directionId: '', subDirectionId: '', classId: '' } })
            }
          />
          <FilterSelect
            label={t('fields.direction')}
            value={filters.directionId}
            onChange={(value) => list.update({ filters: { directionId: value, subDirectionId: '' } })}
            allLabel={t('filters.allDirections')}
            options={flat(directions)}
          />
          <FilterSelect
            label={t('fields.subDirection')}
            {...list.filter('subDirectionId')}
            allLabel={t('filters.allSubDirections')}
            options={flat(subDirections.options)}
          />
          <FilterSelect
            label={t('fields.class')}
            {...list.filter('classId')}
            allLabel={t('filters.allClasses')}
            options={flat(locationClasses)}
          />
          <ActiveFilter {...list.filter('active')} />
          <ArchivedFilter {...list.filter('archived')} />
        </>
      }
      dialog={(location, props) => (
        <DetailLoader id={location?.id ?? null} byId={trpc.locations.byId} onClose={props.onClose}>
          {(detail) => <LocationDialog location={detail} {...props} />}
        </DetailLoader>
      )}
    />
  );
}

function LocationDialog({
  location,
  onClose,
  onSaved,
  onReload,
}: RecordDialogProps & { location: TLocationDetail | null }) {
  const { t } = useTranslation('business');
  const units = useUnits();
  const superadmin = useIsSuperadmin();
  const save = useSaveRecord(!!location, trpc.locations);
  const [locating, setLocating] = useState<string | null>(null);
  const scope = location ? location.customerId : null;
  const subDirections = useSubDirectionOptions({ customerId: superadmin ? scope : null });
  const subDirectionOptions = useGroupedByCustomer(subDirections.options, superadmin && !location);
  const locationClassOptions = useLocationClassOptions(superadmin ? scope : null);
  const schema = useMemo(() => (location ? ZUpdateLocationInput : ZCreateLocationInput), [location]);
  const form = useZodForm(
    schema,
    {
      subDirectionId: location?.subDirection.id ?? null,
      classId: location?.class?.id ?? null,
      code: location?.code ?? '',
      name: location?.name ?? '',
      address: location?.address ?? '',
      city: location?.city ?? '',
      latitude: location?.latitude ?? null,
      longitude: location?.longitude ?? null,
      geofenceRadiusM: location?.geofenceRadiusM ?? 100,
      openingHours: location?.openingHours ?? EMPTY_HOURS,
      timeZone: location?.timeZone ?? '',
      active: location?.active ?? true,
    },
    (v) => {
      // '' in the select: no zone of its own (the customer's).
      const input = { ...v, timeZone: v.timeZone === '' ? null : v.timeZone };
      return location ? { id: location.id, version: location.version, ...input } : input;
    },
  );
  // A superadmin's new location belongs to the sub-direction's customer; location classes must match it.
  const chosenCustomer = subDirections.options.find((o) => o.id === form.values.subDirectionId)?.customerId;
  const locationClassChoices = useGroupedByCustomer(
    locationClassOptions.options.filter(
      (c) => !superadmin || location || !chosenCustomer || c.customerId === chosenCustomer,
    ),
    superadmin && !location,
  );
  const { latitude, longitude } = form.values;
  // The radius as the map draws it: the field's value while it is a valid one, else the default.
  const typed = Number(form.values.geofenceRadiusM);
  const radius = Number.isFinite(typed) && typed >= MIN_RADIUS_M && typed <= MAX_RADIUS_M ? typed : 100;

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
      onReload={onReload}
      onSubmit={async (data) => onSaved((await save(data)).name)}
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
          options={locationClassChoices}
          loading={locationClassOptions.loading}
          value={form.values.classId}
          onChange={(id) => form.set('classId', id)}
          error={form.error('classId')}
        />
      </div>
      <TextField form={form} name="address" label={t('fields.address')} autoComplete="street-address" />
      <TextField form={form} name="city" label={t('fields.city')} autoComplete="address-level2" />
      <fieldset className={formClasses.fieldset}>
        <legend className={formClasses.legend}>{t('locations.geofence')}</legend>
        <div className={formClasses.row}>
          <NumberField form={form} name="latitude" label={t('locations.latitude')} step="any" min={-90} max={90} />
          <NumberField form={form} name="longitude" label={t('locations.longitude')} step="any" min={-180} max={180} />
          <NumberField
            form={form}
            name="geofenceRadiusM"
            label={t('locations.radiusLabel')}
            required
            step={1}
            min={MIN_RADIUS_M}
            max={MAX_RADIUS_M}
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
        {latitude != null && longitude != null && Number.isFinite(latitude) && Number.isFinite(longitude) ? (
          <>
            <Suspense fallback={null}>
              <GeofenceMap
                latitude={latitude}
                longitude={longitude}
                radiusM={radius}
                minRadiusM={MIN_RADIUS_M}
                maxRadiusM={MAX_RADIUS_M}
                label={t('locations.mapLabel', { radius: units.metres(radius) })}
                radiusText={units.metres(radius)}
                onMove={(lat, lon) => form.patch({ latitude: lat, longitude: lon })}
                onRadius={(m) => form.patch({ geofenceRadiusM: m })}
              />
            </Suspense>
            <Text as="p" size="small" className={classes.muted}>
              {t('locations.mapHint')}
            </Text>
          </>
        ) : (
          <Text as="p" size="small" className={classes.muted}>
            {t('locations.mapEmpty')}
          </Text>
        )}
      </fieldset>
      <OpeningHoursEditor
        value={form.values.openingHours}
        onChange={(openingHours) => form.set('openingHours', openingHours)}
        error={form.error}
      />
      <SelectField
        form={form}
        name="timeZone"
        label={t('fields.timeZone')}
        placeholder={t('locations.customerTimeZone')}
        options={timeZoneOptions(form.values.timeZone)}
        caption={t('locations.timeZoneHint')}
      />
      <CheckboxField form={form} name="active" label={t('fields.active')} caption={t('locations.activeHint')} />
      {location && <CorrectiveActionsList locationId={location.id} />}
      {location && <RecordHistory entityType="Location" entityId={location.id} />}
    </FormDialog>
  );
}
