// What each kind of import does with a row: resolve its references by natural key in the importing
// customer (another customer's records are never found), build the input of the domain's own create
// schema and let that schema validate it, tell a new record from a changed or an unchanged one, and
// write a batch through the domain's import refs (one statement each).
import { ZCreateClassInput } from '../../../../shared/schemas/classes.ts';
import { ZCreateDirectionInput } from '../../../../shared/schemas/directions.ts';
import type { TImportKind } from '../../../../shared/schemas/imports.ts';
import { ZCreateLocationInput } from '../../../../shared/schemas/locations.ts';
import { ZCreateSubDirectionInput } from '../../../../shared/schemas/sub-directions.ts';
import {
  type DirectionImportRow,
  directionsByCode,
  upsertDirections,
} from '../../structure/directions/directions.import.refs.ts';
import {
  type ClassImportRow,
  classesByName,
  upsertClasses,
} from '../../structure/location-classes/location-classes.import.refs.ts';
import {
  type LocationImportRow,
  locationsByCode,
  upsertLocations,
} from '../../structure/locations/locations.import.refs.ts';
import {
  type SubDirectionImportRow,
  subDirectionsOfCustomer,
  upsertSubDirections,
} from '../../structure/sub-directions/sub-directions.import.refs.ts';
import { booleanCell, numberCell, openingHoursCell, textCell } from './imports.cells.ts';
import { teamsKind, usersKind } from './imports.people.ts';
import { type ImportKind, type PlannedRow, planRows, refuse, stateOf, type WriteCounts } from './imports.plan.ts';

/** Keep the stored value where the file has no such column. */
function keep<T>(value: T | undefined, stored: T | undefined): T | undefined {
  return value === undefined ? stored : value;
}

async function counts(write: Promise<{ created: number[]; updated: number[] }>): Promise<WriteCounts> {
  const r = await write;
  return { created: r.created.length, updated: r.updated.length };
}

const changed = <R>(rows: PlannedRow[]) => rows.filter((r) => r.state !== 'unchanged').map((r) => r.record as R);

const directionsKind: ImportKind = {
  subject: 'Direction',
  async prepare(em, customerId) {
    const existing = await directionsByCode(em, customerId);
    return {
      key: (cells) => cells.code ?? '',
      plan: async (rows, errors) =>
        planRows(
          rows,
          errors,
          ZCreateDirectionInput,
          {},
          ({ cells }) => {
            const stored = existing.get(cells.code);
            return {
              code: cells.code,
              name: keep(textCell(cells, 'name'), stored?.name) ?? '',
              description: keep(textCell(cells, 'description'), stored?.description),
              active: keep(booleanCell(cells, 'active'), stored?.active),
            };
          },
          (_row, input) => {
            const record = { code: input.code, name: input.name, description: input.description, active: input.active };
            return { record, state: stateOf(existing.get(input.code), record) };
          },
        ),
      write: (tx, rows, audit) => counts(upsertDirections(tx, customerId, changed<DirectionImportRow>(rows), audit)),
    };
  },
};

const subDirectionsKind: ImportKind = {
  subject: 'SubDirection',
  async prepare(em, customerId) {
    const [directions, subs] = await Promise.all([
      directionsByCode(em, customerId),
      subDirectionsOfCustomer(em, customerId),
    ]);
    const byCode = new Map<string, typeof subs>();
    for (const s of subs) byCode.set(s.code, [...(byCode.get(s.code) ?? []), s]);
    return {
      key: (cells) => cells.code ?? '',
      plan: async (rows, errors) =>
        planRows(
          rows,
          errors,
          ZCreateSubDirectionInput,
          { directionId: 'direction' },
          ({ cells }) => {
            const candidates = byCode.get(cells.code) ?? [];
            let directionId: number | undefined;
            if (cells.direction) {
              const direction = directions.get(cells.direction);
              if (!direction)
                throw refuse('direction', 'imports.referenceNotFound', { record: 'Direction', name: cells.direction });
              if (direction.archived)
                throw refuse('direction', 'common.archived', { record: 'Direction', name: direction.code });
              directionId = direction.id;
            } else if (candidates.length === 1) directionId = candidates[0].directionId;
            const stored = candidates.find((c) => c.directionId === directionId);
            return {
              directionId,
              code: cells.code,
              name: keep(textCell(cells, 'name'), stored?.name) ?? '',
              description: keep(textCell(cells, 'description'), stored?.description),
              active: keep(booleanCell(cells, 'active'), stored?.active),
            };
          },
          (_row, input) => {
            const record = {
              directionId: input.directionId,
              code: input.code,
              name: input.name,
              description: input.description,
              active: input.active,
            };
            const stored = (byCode.get(input.code) ?? []).find((c) => c.directionId === input.directionId);
            return { record, state: stateOf(stored, record) };
          },
        ),
      write: (tx, rows, audit) =>
        counts(upsertSubDirections(tx, customerId, changed<SubDirectionImportRow>(rows), audit)),
    };
  },
};

const classesKind: ImportKind = {
  subject: 'Class',
  async prepare(em, customerId) {
    const existing = await classesByName(em, customerId);
    return {
      key: (cells) => cells.name ?? '',
      plan: async (rows, errors) =>
        planRows(
          rows,
          errors,
          ZCreateClassInput,
          {},
          ({ cells }) => {
            const stored = existing.get(cells.name);
            return {
              name: cells.name,
              description: keep(textCell(cells, 'description'), stored?.description),
              color: keep(textCell(cells, 'color') ?? undefined, stored?.color),
            };
          },
          (_row, input) => {
            const record = { name: input.name, description: input.description, color: input.color };
            return { record, state: stateOf(existing.get(input.name), record) };
          },
        ),
      write: (tx, rows, audit) => counts(upsertClasses(tx, customerId, changed<ClassImportRow>(rows), audit)),
    };
  },
};

const LOCATION_PATHS = { subDirectionId: 'subDirection', classId: 'class' };

const locationsKind: ImportKind = {
  subject: 'Location',
  async prepare(em, customerId) {
    const [directions, subs, classes, existing] = await Promise.all([
      directionsByCode(em, customerId),
      subDirectionsOfCustomer(em, customerId),
      classesByName(em, customerId),
      locationsByCode(em, customerId),
    ]);
    const directionIds = new Map([...directions.values()].map((d) => [d.code, d.id]));
    const subsByCode = new Map<string, typeof subs>();
    for (const s of subs) subsByCode.set(s.code, [...(subsByCode.get(s.code) ?? []), s]);

    function subDirectionOf(cells: Record<string, string>): number | undefined {
      const code = cells.subDirection;
      if (!code) return undefined;
      let candidates = subsByCode.get(code) ?? [];
      if (cells.direction) {
        const directionId = directionIds.get(cells.direction);
        if (directionId === undefined)
          throw refuse('direction', 'imports.referenceNotFound', { record: 'Direction', name: cells.direction });
        candidates = candidates.filter((s) => s.directionId === directionId);
      }
      if (!candidates.length)
        throw refuse('subDirection', 'imports.referenceNotFound', { record: 'SubDirection', name: code });
      if (candidates.length > 1) throw refuse('subDirection', 'imports.subDirectionAmbiguous', { name: code });
      if (candidates[0].archived)
        throw refuse('subDirection', 'common.archived', { record: 'SubDirection', name: code });
      return candidates[0].id;
    }

    function classOf(cells: Record<string, string>): number | null | undefined {
      if (cells.class === undefined) return undefined;
      if (cells.class === '') return null;
      const found = classes.get(cells.class);
      if (!found) throw refuse('class', 'imports.referenceNotFound', { record: 'Class', name: cells.class });
      if (found.archived) throw refuse('class', 'common.archived', { record: 'Class', name: found.name });
      return found.id;
    }

    return {
      key: (cells) => cells.code ?? '',
      plan: async (rows, errors) =>
        planRows(
          rows,
          errors,
          ZCreateLocationInput,
          LOCATION_PATHS,
          ({ cells }) => {
            const stored = existing.get(cells.code);
            const latitude = numberCell(cells, 'latitude');
            const longitude = numberCell(cells, 'longitude');
            const radius = numberCell(cells, 'geofenceRadiusM');
            return {
              subDirectionId: keep(subDirectionOf(cells), stored?.subDirectionId),
              classId: keep(classOf(cells), stored?.classId),
              code: cells.code,
              name: keep(textCell(cells, 'name'), stored?.name) ?? '',
              address: keep(textCell(cells, 'address'), stored?.address),
              city: keep(textCell(cells, 'city'), stored?.city),
              latitude: keep(latitude, stored?.latitude),
              longitude: keep(longitude, stored?.longitude),
              geofenceRadiusM: keep(radius ?? undefined, stored?.geofenceRadiusM),
              openingHours: keep(openingHoursCell(cells, 'openingHours'), stored?.openingHours),
              timeZone: keep(textCell(cells, 'timeZone'), stored?.timeZone),
              active: keep(booleanCell(cells, 'active'), stored?.active),
            };
          },
          (_row, input) => {
            // Stored with 6 decimals: compared as stored.
            const round = (v: number | null) => (v === null ? null : Math.round(v * 1e6) / 1e6);
            const record = { ...input, latitude: round(input.latitude), longitude: round(input.longitude) };
            return { record, state: stateOf(existing.get(input.code), record) };
          },
        ),
      write: (tx, rows, audit) => counts(upsertLocations(tx, customerId, changed<LocationImportRow>(rows), audit)),
    };
  },
};

export const IMPORT_KIND: Record<TImportKind, ImportKind> = {
  locations: locationsKind,
  users: usersKind,
  teams: teamsKind,
  directions: directionsKind,
  subDirections: subDirectionsKind,
  classes: classesKind,
};
