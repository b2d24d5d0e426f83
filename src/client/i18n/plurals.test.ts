// Counts and units read as the language says them: "1 section", "2 questions", Arabic's six plural
// forms, "985 bytes" (never "985 byte"), and distances with their unit chosen by size ("86 km", never
// "85,980 m"); the project wizard's counts in Arabic (the slots step said "92 مواعيد", the 3–10 form).
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../pages/files/format.ts';
import arBusiness from './locales/ar/business.json' with { type: 'json' };
import arWorkflow from './locales/ar/workflow.json' with { type: 'json' };
import deBusiness from './locales/de/business.json' with { type: 'json' };
import enBusiness from './locales/en/business.json' with { type: 'json' };
import enReview from './locales/en/review.json' with { type: 'json' };
import enWorkflow from './locales/en/workflow.json' with { type: 'json' };
import frBusiness from './locales/fr/business.json' with { type: 'json' };

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  resources: {
    en: { business: enBusiness, review: enReview, workflow: enWorkflow },
    fr: { business: frBusiness },
    de: { business: deBusiness },
    ar: { business: arBusiness, workflow: arWorkflow },
  },
  interpolation: { escapeValue: false },
});

const counts = (lng: string, sections: number, questions: number) => {
  const t = i18n.getFixedT(lng, 'business');
  return t('schemes.counts', {
    sections: t('schemes.sectionCount', { count: sections }),
    questions: t('schemes.questionCount', { count: questions }),
  });
};

describe('scheme counts', () => {
  it('say one section and many questions in each language', () => {
    expect(counts('en', 1, 12)).toBe('1 section, 12 questions');
    expect(counts('en', 3, 1)).toBe('3 sections, 1 question');
    expect(counts('fr', 1, 2)).toBe('1 section, 2 questions');
    expect(counts('de', 1, 2)).toBe('1 Abschnitt, 2 Fragen');
  });

  it('use every Arabic plural form', () => {
    expect(counts('ar', 1, 2)).toBe('قسم واحد، سؤالان');
    expect(counts('ar', 3, 11)).toBe('3 أقسام، 11 سؤالًا');
    expect(counts('ar', 0, 100)).toBe('لا أقسام، 100 سؤال');
  });
});

describe('project wizard counts', () => {
  const ar = i18n.getFixedT('ar', 'workflow');
  const n = (count: number) => ({ count, n: String(count), existing: '0', skipped: '0' });

  it('give every Arabic plural key of the locations, assignments and slots steps its six forms', () => {
    const forms = ['zero', 'one', 'two', 'few', 'many', 'other'];
    for (const step of ['locations', 'assignments', 'slots'] as const) {
      const keys = Object.keys(arWorkflow.wizard[step]);
      const plural = new Set(
        keys.filter((k) => /_(zero|one|two|few|many|other)$/.test(k)).map((k) => k.replace(/_[a-z]+$/, '')),
      );
      for (const base of plural)
        expect(
          forms.filter((f) => !keys.includes(`${base}_${f}`)),
          `${step}.${base}`,
        ).toEqual([]);
    }
  });

  it('say the new slots with the noun form each Arabic number takes', () => {
    const summary = (count: number) => ar('wizard.slots.previewSummary', n(count)).split(' (')[0];
    expect(summary(2)).toBe('يظهر موعدان جديدان على التقويم');
    expect(summary(5)).toBe('تظهر 5 مواعيد جديدة على التقويم');
    expect(summary(92)).toBe('يظهر 92 موعدًا جديدًا على التقويم');
    expect(summary(100)).toBe('يظهر 100 موعد جديد على التقويم');
    expect(ar('wizard.slots.count', n(0))).toBe('لا مواعيد مخططة');
    expect(ar('wizard.slots.count', n(11))).toBe('11 موعدًا مخططًا');
    expect(ar('wizard.slots.generated', n(103)).split(' (')[0]).toBe('أُنشئت 103 مواعيد');
    expect(ar('wizard.slots.generated', n(200)).split(' (')[0]).toBe('أُنشئ 200 موعد');
    expect(ar('wizard.assignments.assign', n(5))).toBe('تكليف 5 مواقع');
    expect(ar('wizard.assignments.assign', n(46))).toBe('تكليف 46 موقعًا');
  });

  it('say how many visits were left out because their start time has passed', () => {
    expect(i18n.getFixedT('en', 'workflow')('wizard.slots.pastLeftOut', n(2))).toBe(
      '2 visits were left out: their start time has already passed.',
    );
    expect(ar('wizard.slots.pastLeftOut', n(2))).toBe('استُبعدت زيارتان: فات وقت بدئهما.');
    expect(ar('wizard.slots.pastLeftOut', n(20))).toBe('استُبعدت 20 زيارةً: فات وقت بدئها.');
  });
});

describe('units', () => {
  it('spell bytes out, singular and plural, and larger sizes by their symbol', () => {
    expect(formatBytes(985, 'en')).toBe('985 bytes');
    expect(formatBytes(1, 'en')).toBe('1 byte');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
  });

  it('leave the unit of a distance to the formatter ("86 km from the location")', () => {
    expect(i18n.getFixedT('en', 'review')('checkIn.distance', { distance: '86 km' })).toBe('86 km from the location');
  });
});
