// The server's texts exist in every language for every kind, with the same placeholders as the English
// (a missing value would read as empty), and a notification written in English reads in French.
import { describe, expect, it } from 'vitest';
import { catalogOf, MAIL_KINDS, textOf } from './mail.catalog.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the server’s texts', () => {
  it('has every kind in en, fr, de and ar, with the English placeholders', () => {
    const en = catalogOf('en').catalog;
    for (const language of ['fr', 'de', 'ar']) {
      const { catalog } = catalogOf(language);
      expect(Object.keys(catalog.kinds).sort(), language).toEqual([...MAIL_KINDS].sort());
      for (const kind of MAIL_KINDS)
        for (const part of ['title', 'body', 'action'] as const) {
          const text = catalog.kinds[kind][part];
          expect(text.trim(), `${language} ${kind}.${part}`).not.toBe('');
          expect(placeholders(text), `${language} ${kind}.${part}`).toEqual(placeholders(en.kinds[kind][part]));
          if (language !== 'en') expect(text, `${language} ${kind}.${part}`).not.toBe(en.kinds[kind][part]);
        }
    }
  });

  it('reads the notifications that used to be English only in the reader’s language', () => {
    expect(textOf('visitsPlanned', 'fr', { project: 'P-1', from: '2026-12-01', to: '2026-12-31', count: 4 })).toEqual({
      title: 'Visites planifiées',
      body: 'Visites planifiées pour vous dans le projet P-1 entre le 2026-12-01 et le 2026-12-31 : 4.',
      action: 'Voir mes tâches',
    });
    expect(textOf('taskCancelled', 'de', { who: 'Ann', project: 'P', location: 'L', reason: 'zu' }).body).toBe(
      'Ann hat P bei L storniert. Grund: zu',
    );
    expect(textOf('webhookDisabled', 'ar', { url: 'https://hooks.example' }).title).toBe('أُوقفت نقطة نهاية webhook');
  });
});
