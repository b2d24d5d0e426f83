import { SearchIcon } from '@primer/octicons-react';
import { Button, Checkbox, FormControl, Label, Spinner, Text, TextInput } from '@primer/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TProject } from '../../../../shared/schemas/projects.ts';
import { FilterSelect } from '../../../components/DataTable/FilterSelect.tsx';
import { Pagination } from '../../../components/DataTable/Pagination.tsx';
import {
  useDirectionOptions,
  useLocationClassOptions,
  useSubDirectionOptions,
} from '../../../components/RecordSelect/index.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useFormatters } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import type { LocationSelection } from './useLocationSelection.ts';
import type { StepProps } from './wizard-types.ts';
import classes from './Wizard.module.css';

/** Most locations one "select all matching" takes (the list's cap for itemsPerPage -1). */
const ALL_CAP = 10_000;

/**
 * Step 3: the locations of the project, picked from the customer's active locations by direction,
 * sub-direction, class and search; "Select all N matching" takes every match across pages.
 */
export function LocationsStep({
  project,
  selection,
  setError,
}: StepProps & { project: TProject; selection: LocationSelection }) {
  const { t } = useTranslation('workflow');
  const errorText = useErrorText();
  const fmt = useFormatters();
  const utils = trpc.useUtils();
  const searchId = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [directionId, setDirectionId] = useState('');
  const [subDirectionId, setSubDirectionId] = useState('');
  const [classId, setClassId] = useState('');
  const [page, setPage] = useState(1);
  const [itemsPerPage, setItemsPerPage] = useState(20);
  const [selectingAll, setSelectingAll] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(text.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);

  const customerId = project.customerId;
  const directions = useDirectionOptions(customerId);
  const subDirections = useSubDirectionOptions({ customerId, directionId: directionId ? Number(directionId) : null });
  const locationClasses = useLocationClassOptions(customerId);
  const filters = {
    customerId,
    active: true,
    ...(q ? { q } : {}),
    ...(directionId ? { directionId: Number(directionId) } : {}),
    ...(subDirectionId ? { subDirectionId: Number(subDirectionId) } : {}),
    ...(classId ? { classId: Number(classId) } : {}),
  };
  const locations = trpc.locations.list.useQuery(
    { ...filters, page, itemsPerPage, sortBy: 'code' },
    { placeholderData: keepPreviousData },
  );
  const rows = locations.data?.items ?? [];
  const total = locations.data?.total ?? 0;
  const allOnPage = rows.length > 0 && rows.every((l) => selection.selected.has(l.id));

  async function selectAllMatching(chosen: boolean) {
    setSelectingAll(true);
    setError(null);
    try {
      const all = await utils.locations.list.fetch({ ...filters, itemsPerPage: -1, sortBy: 'code' });
      selection.set(
        all.items.map((l) => l.id),
        chosen,
      );
      if (all.total > ALL_CAP) setError(t('wizard.locations.capped', { count: ALL_CAP }));
    } catch (error) {
      setError(errorText.error(error));
    } finally {
      setSelectingAll(false);
    }
  }

  const change = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    setPage(1);
  };

  return (
    <div className={classes.stack}>
      <div className={classes.toolbar}>
        <div className={classes.search}>
          <label htmlFor={searchId} className={classes.visuallyHidden}>
            {t('wizard.locations.search')}
          </label>
          <TextInput
            id={searchId}
            type="search"
            leadingVisual={SearchIcon}
            placeholder={t('wizard.locations.search')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            block
          />
        </div>
        <FilterSelect
          label={t('fields.direction')}
          value={directionId}
          onChange={(value) => {
            change(setDirectionId)(value);
            setSubDirectionId('');
          }}
          allLabel={t('filters.allDirections')}
          options={directions.options.map((o) => ({ value: String(o.id), label: o.label }))}
        />
        <FilterSelect
          label={t('fields.subDirection')}
          value={subDirectionId}
          onChange={change(setSubDirectionId)}
          allLabel={t('filters.allSubDirections')}
          options={subDirections.options.map((o) => ({
            value: String(o.id),
            label: o.group ? `${o.group} · ${o.label}` : o.label,
          }))}
        />
        <FilterSelect
          label={t('fields.class')}
          value={classId}
          onChange={change(setClassId)}
          allLabel={t('filters.allClasses')}
          options={locationClasses.options.map((o) => ({ value: String(o.id), label: o.label }))}
        />
      </div>

      <div className={classes.selectionBar} role="group" aria-label={t('wizard.locations.selectionLabel')}>
        <Text as="p" aria-live="polite" className={classes.selectionCount}>
          {t('wizard.locations.selected', { count: selection.selected.size, n: fmt.number(selection.selected.size) })}
          {selection.removed.size > 0 && ` · ${t('wizard.locations.toRemove', { count: selection.removed.size })}`}
        </Text>
        <div className={classes.inlineActions}>
          <Button
            size="small"
            onClick={() => void selectAllMatching(true)}
            loading={selectingAll}
            disabled={total === 0}
          >
            {t('wizard.locations.selectAll', { count: total, n: fmt.number(total) })}
          </Button>
          <Button size="small" onClick={() => void selectAllMatching(false)} disabled={selectingAll || total === 0}>
            {t('wizard.locations.deselectAll', { count: total, n: fmt.number(total) })}
          </Button>
          <Button size="small" variant="invisible" onClick={selection.clear} disabled={selection.selected.size === 0}>
            {t('wizard.locations.clear')}
          </Button>
        </div>
      </div>

      <fieldset className={classes.checkList} aria-busy={locations.isFetching || undefined}>
        <legend className={classes.visuallyHidden}>{t('wizard.locations.legend')}</legend>
        {rows.length > 0 && (
          <FormControl className={classes.checkAll}>
            <Checkbox
              checked={allOnPage}
              indeterminate={!allOnPage && rows.some((l) => selection.selected.has(l.id))}
              onChange={(e) =>
                selection.set(
                  rows.map((l) => l.id),
                  e.target.checked,
                )
              }
            />
            <FormControl.Label>{t('wizard.locations.thisPage', { count: rows.length })}</FormControl.Label>
          </FormControl>
        )}
        {locations.isLoading ? (
          <Spinner srText={t('loading')} />
        ) : locations.error ? (
          <Text as="p" role="alert" className={classes.errorText}>
            {errorText.error(locations.error)}
          </Text>
        ) : rows.length === 0 ? (
          <Text as="p" className={classes.muted}>
            {t('wizard.locations.empty')}
          </Text>
        ) : (
          <ul className={classes.checkItems}>
            {rows.map((location) => (
              <li key={location.id}>
                <FormControl>
                  <Checkbox
                    checked={selection.selected.has(location.id)}
                    onChange={(e) => selection.set([location.id], e.target.checked)}
                  />
                  <FormControl.Label>
                    <span className={classes.code}>{location.code}</span> {location.name}
                  </FormControl.Label>
                  <FormControl.Caption>
                    {[location.city, `${location.direction.code} · ${location.subDirection.name}`, location.class?.name]
                      .filter(Boolean)
                      .join(' · ')}
                    {selection.pending.has(location.id) && (
                      <>
                        {' '}
                        <Label variant="attention">{t('wizard.locations.new')}</Label>
                      </>
                    )}
                    {selection.removed.has(location.id) && (
                      <>
                        {' '}
                        <Label variant="danger">{t('wizard.locations.willBeRemoved')}</Label>
                      </>
                    )}
                  </FormControl.Caption>
                </FormControl>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <Pagination
        page={page}
        itemsPerPage={itemsPerPage}
        total={total}
        onChange={(nextPage, size) => {
          setPage(size !== itemsPerPage ? 1 : nextPage);
          setItemsPerPage(size);
        }}
      />
    </div>
  );
}
