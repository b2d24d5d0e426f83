// The inspection PDF's words in the product's four languages (the client's locale files are the
// client's; the server renders this document alone). Keys are English, values per language.
export const PDF_LANGUAGES = ['en', 'fr', 'de', 'ar'] as const;
export type PdfLanguage = (typeof PDF_LANGUAGES)[number];

const STRINGS = {
  title: { en: 'Inspection report', fr: "Rapport d'inspection", de: 'Prüfbericht', ar: 'تقرير الفحص' },
  customer: { en: 'Customer', fr: 'Client', de: 'Kunde', ar: 'العميل' },
  project: { en: 'Project', fr: 'Projet', de: 'Projekt', ar: 'المشروع' },
  location: { en: 'Location', fr: 'Site', de: 'Standort', ar: 'الموقع' },
  inspector: { en: 'Inspector', fr: 'Inspecteur', de: 'Prüfer', ar: 'المفتش' },
  slot: { en: 'Visit', fr: 'Visite', de: 'Besuch', ar: 'الزيارة' },
  status: { en: 'Status', fr: 'Statut', de: 'Status', ar: 'الحالة' },
  checkIn: { en: 'Check-in', fr: 'Pointage', de: 'Check-in', ar: 'تسجيل الوصول' },
  notCheckedIn: { en: 'Not checked in', fr: 'Pas de pointage', de: 'Kein Check-in', ar: 'لم يسجل الوصول' },
  distance: {
    en: '{{m}} m from the location',
    fr: 'à {{m}} m du site',
    de: '{{m}} m vom Standort',
    ar: 'على بعد {{m}} م من الموقع',
  },
  insideFence: {
    en: 'inside the geofence',
    fr: 'dans le périmètre',
    de: 'innerhalb des Geofence',
    ar: 'داخل النطاق الجغرافي',
  },
  outOfFence: {
    en: 'OUTSIDE the geofence',
    fr: 'HORS du périmètre',
    de: 'AUSSERHALB des Geofence',
    ar: 'خارج النطاق الجغرافي',
  },
  reason: { en: 'Reason', fr: 'Motif', de: 'Grund', ar: 'السبب' },
  score: { en: 'Score', fr: 'Score', de: 'Punktzahl', ar: 'النتيجة' },
  passed: { en: 'Passed', fr: 'Réussi', de: 'Bestanden', ar: 'ناجح' },
  failed: { en: 'Failed', fr: 'Échoué', de: 'Nicht bestanden', ar: 'راسب' },
  notScored: { en: 'Not scored yet', fr: 'Pas encore noté', de: 'Noch nicht bewertet', ar: 'لم يقيّم بعد' },
  passingScore: {
    en: 'Passing score {{n}}',
    fr: 'Score requis {{n}}',
    de: 'Bestehensgrenze {{n}}',
    ar: 'درجة النجاح {{n}}',
  },
  sections: { en: 'Sections', fr: 'Sections', de: 'Abschnitte', ar: 'الأقسام' },
  section: { en: 'Section', fr: 'Section', de: 'Abschnitt', ar: 'القسم' },
  weight: { en: 'Weight', fr: 'Poids', de: 'Gewichtung', ar: 'الوزن' },
  answers: { en: 'Answers', fr: 'Réponses', de: 'Antworten', ar: 'الإجابات' },
  notAnswered: { en: 'Not answered', fr: 'Sans réponse', de: 'Nicht beantwortet', ar: 'بدون إجابة' },
  na: { en: 'N/A', fr: 'N/A', de: 'k. A.', ar: 'غير منطبق' },
  yes: { en: 'Yes', fr: 'Oui', de: 'Ja', ar: 'نعم' },
  no: { en: 'No', fr: 'Non', de: 'Nein', ar: 'لا' },
  points: {
    en: '{{e}} of {{m}} points',
    fr: '{{e}} sur {{m}} points',
    de: '{{e}} von {{m}} Punkten',
    ar: '{{e}} من {{m}} نقاط',
  },
  comment: { en: 'Comment', fr: 'Commentaire', de: 'Kommentar', ar: 'تعليق' },
  critical: { en: 'Critical', fr: 'Critique', de: 'Kritisch', ar: 'حرج' },
  failedItem: { en: 'Failed', fr: 'Non conforme', de: 'Nicht erfüllt', ar: 'غير مستوفى' },
  photos: { en: '{{n}} photos', fr: '{{n}} photos', de: '{{n}} Fotos', ar: '{{n}} صور' },
  photoMissing: {
    en: 'Photo not available',
    fr: 'Photo indisponible',
    de: 'Foto nicht verfügbar',
    ar: 'الصورة غير متاحة',
  },
  criticalFailures: {
    en: 'Failed critical items',
    fr: 'Points critiques non conformes',
    de: 'Nicht erfüllte kritische Punkte',
    ar: 'البنود الحرجة غير المستوفاة',
  },
  noCriticalFailures: {
    en: 'No critical item failed.',
    fr: 'Aucun point critique non conforme.',
    de: 'Kein kritischer Punkt nicht erfüllt.',
    ar: 'لا توجد بنود حرجة غير مستوفاة.',
  },
  reviews: { en: 'Review history', fr: 'Historique des revues', de: 'Prüfverlauf', ar: 'سجل المراجعات' },
  noReviews: { en: 'Not reviewed yet.', fr: 'Pas encore revu.', de: 'Noch nicht geprüft.', ar: 'لم تتم المراجعة بعد.' },
  round: { en: 'Round {{n}}', fr: 'Tour {{n}}', de: 'Runde {{n}}', ar: 'الجولة {{n}}' },
  approved: { en: 'Approved', fr: 'Approuvé', de: 'Genehmigt', ar: 'معتمد' },
  rejected: { en: 'Rejected', fr: 'Rejeté', de: 'Abgelehnt', ar: 'مرفوض' },
  signature: { en: 'Signature', fr: 'Signature', de: 'Unterschrift', ar: 'التوقيع' },
  noSignature: { en: 'No signature.', fr: 'Aucune signature.', de: 'Keine Unterschrift.', ar: 'لا يوجد توقيع.' },
  generated: {
    en: 'Generated {{at}} by {{who}}',
    fr: 'Généré le {{at}} par {{who}}',
    de: 'Erstellt am {{at}} von {{who}}',
    ar: 'أنشئ في {{at}} بواسطة {{who}}',
  },
  page: {
    en: 'Page {{n}} of {{total}}',
    fr: 'Page {{n}} sur {{total}}',
    de: 'Seite {{n}} von {{total}}',
    ar: 'الصفحة {{n}} من {{total}}',
  },
  status_scheduled: { en: 'Scheduled', fr: 'Planifiée', de: 'Geplant', ar: 'مجدولة' },
  status_in_progress: { en: 'In progress', fr: 'En cours', de: 'In Bearbeitung', ar: 'قيد التنفيذ' },
  status_submitted: { en: 'Submitted', fr: 'Soumise', de: 'Eingereicht', ar: 'مُرسلة' },
  status_approved: { en: 'Approved', fr: 'Approuvée', de: 'Genehmigt', ar: 'معتمدة' },
  status_rejected: { en: 'Rejected', fr: 'Rejetée', de: 'Abgelehnt', ar: 'مرفوضة' },
  status_missed: { en: 'Missed', fr: 'Manquée', de: 'Verpasst', ar: 'فائتة' },
  status_cancelled: { en: 'Cancelled', fr: 'Annulée', de: 'Storniert', ar: 'ملغاة' },
} satisfies Record<string, Record<PdfLanguage, string>>;

export type PdfStringKey = keyof typeof STRINGS;

/** The caller's language when it is one of the four, else English. */
export function pdfLanguage(language: string | null | undefined): PdfLanguage {
  const base = (language ?? '').slice(0, 2).toLowerCase();
  return (PDF_LANGUAGES as readonly string[]).includes(base) ? (base as PdfLanguage) : 'en';
}

/** A translator for `language`: `t('points', { e: 3, m: 5 })`. */
export function pdfTranslator(language: PdfLanguage) {
  return (key: PdfStringKey, vars: Record<string, string | number> = {}): string =>
    STRINGS[key][language].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}
