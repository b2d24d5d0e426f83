// Header names a file may use for each contract column: the English name in any case (spaces, dashes
// and underscores ignored, so `geofence_radius_m` is `geofenceRadiusM`), and the French, German and
// Arabic names people type in their own spreadsheets.
import { IMPORT_COLUMNS, type TImportKind } from '../../../../shared/schemas/imports.ts';

/** Lower case, no accents, no spaces, dashes, underscores or dots: how headers are compared. */
export function normalizeHeader(raw: string): string {
  return raw
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s_\-.'’:]+/g, '');
}

const ALIASES: Record<string, readonly string[]> = {
  code: ['code', 'kode', 'رمز', 'الرمز', 'كود'],
  name: ['nom', 'libellé', 'bezeichnung', 'name', 'اسم', 'الاسم'],
  address: ['adresse', 'anschrift', 'عنوان', 'العنوان'],
  city: ['ville', 'stadt', 'ort', 'مدينة', 'المدينة'],
  latitude: ['lat', 'breitengrad', 'breite', 'خط العرض'],
  longitude: ['lng', 'lon', 'längengrad', 'länge', 'خط الطول'],
  geofenceRadiusM: [
    'rayon',
    'rayon de géorepérage',
    'geofence radius',
    'geofence',
    'radius',
    'geofence-radius',
    'نطاق',
  ],
  timeZone: ['fuseau horaire', 'fuseau', 'zeitzone', 'المنطقة الزمنية'],
  direction: ['direction code', 'code direction', 'direktion', 'richtung', 'المديرية', 'مديرية'],
  subDirection: [
    'sub direction code',
    'sous-direction',
    'sous direction',
    'code sous-direction',
    'unterdirektion',
    'المديرية الفرعية',
  ],
  class: ['classe', 'klasse', 'الفئة', 'فئة'],
  openingHours: ['hours', 'horaires', "heures d'ouverture", 'öffnungszeiten', 'ساعات العمل'],
  active: ['actif', 'active', 'aktiv', 'نشط'],
  email: ['e-mail', 'mail', 'courriel', 'adresse e-mail', 'e-mail-adresse', 'البريد الإلكتروني', 'البريد'],
  fullName: ['full name', 'nom complet', 'vollständiger name', 'الاسم الكامل'],
  role: ['rôle', 'rolle', 'الدور'],
  teams: ['équipes', 'equipes', 'teams', 'الفرق', 'فرق'],
  language: ['langue', 'sprache', 'اللغة'],
  description: ['description', 'beschreibung', 'الوصف', 'وصف'],
  leader: ['leader email', 'team leader', 'chef', "chef d'équipe", 'teamleiter', 'قائد الفريق'],
  color: ['couleur', 'farbe', 'اللون'],
};

const LOOKUP = new Map<string, Map<string, string>>(
  (Object.keys(IMPORT_COLUMNS) as TImportKind[]).map((kind) => {
    const map = new Map<string, string>();
    for (const column of IMPORT_COLUMNS[kind]) {
      map.set(normalizeHeader(column), column);
      for (const alias of ALIASES[column] ?? [])
        if (!map.has(normalizeHeader(alias))) map.set(normalizeHeader(alias), column);
    }
    return [kind, map];
  }),
);

/** The contract column a header names for `kind`, or null (an unknown column, ignored). */
export function columnOf(kind: TImportKind, header: string): string | null {
  return LOOKUP.get(kind)?.get(normalizeHeader(header)) ?? null;
}

/** Sheet names an XLSX may give the kind's sheet (English, French, German, Arabic). */
const SHEET_NAMES: Record<TImportKind, readonly string[]> = {
  locations: ['locations', 'sites', 'lieux', 'standorte', 'المواقع'],
  users: ['users', 'utilisateurs', 'benutzer', 'المستخدمون'],
  teams: ['teams', 'équipes', 'المفرق', 'الفرق'],
  directions: ['directions', 'direktionen', 'المديريات'],
  subDirections: ['subdirections', 'sous-directions', 'unterdirektionen', 'المديريات الفرعية'],
  classes: ['classes', 'klassen', 'الفئات'],
};

export function sheetMatchesKind(kind: TImportKind, sheetName: string): boolean {
  const name = normalizeHeader(sheetName);
  return SHEET_NAMES[kind].some((candidate) => normalizeHeader(candidate) === name);
}
