// What the perform page shows from the server's answers and the outbox: waiting changes on top of the
// server's answers, live visibility, progress, evidence owed and what still blocks Submit.
import { describe, expect, it } from 'vitest';
import type { TQuestion } from '../../../../shared/schemas/schemes.ts';
import type { OutboxOp } from './outbox.ts';
import { localAnswers, performView, signatureRef } from './perform-state.ts';

const question = (key: string, over: Partial<TQuestion> = {}): TQuestion => ({
  id: 0,
  key,
  position: 0,
  text: key,
  help: null,
  type: 'yesno',
  options: [],
  maxScore: 1,
  weight: 1,
  required: true,
  allowNA: false,
  critical: false,
  evidence: 'none',
  minPhotos: 0,
  visibleIf: null,
  ...over,
});

const scheme = {
  requireSignature: true,
  sections: [
    {
      id: 1,
      title: 'Floor',
      weight: 1,
      position: 1,
      questions: [
        question('exits', { evidence: 'on_fail', minPhotos: 2 }),
        question('promo', { required: false }),
        question('promo_ok', { visibleIf: { questionKey: 'promo', equals: true } }),
        question('tills', { allowNA: true }),
        question('sign', { type: 'signature', maxScore: 0, weight: 0 }),
      ],
    },
  ],
};

describe('perform state', () => {
  it('puts the waiting changes over the server answers, in order', () => {
    const server = [{ questionKey: 'exits', value: true, na: false, comment: 'ok', fileIds: [4] }];
    const waiting: OutboxOp[] = [
      { kind: 'answer', id: 'a', taskId: 1, seq: 1, questionKey: 'exits', patch: { value: false } },
      { kind: 'upload', id: 'u', taskId: 1, seq: 2, questionKey: 'exits', name: 'x.jpg', blob: new Blob([]) },
      { kind: 'answer', id: 'b', taskId: 1, seq: 3, questionKey: 'exits', patch: { files: ['file:4', 'u'] } },
      { kind: 'answer', id: 'c', taskId: 1, seq: 4, questionKey: 'tills', patch: { na: true } },
    ];
    expect(localAnswers(server, waiting)).toEqual({
      exits: { value: false, na: false, comment: 'ok', files: ['file:4', 'u'] },
      tills: { value: null, na: true, comment: null, files: [] },
    });
  });

  it('applies visibleIf live, counts progress over visible questions, and asks for evidence on a failed answer', () => {
    const empty = performView(scheme, {}, null);
    expect(empty.total).toBe(4);
    expect(empty.visible.has('promo_ok')).toBe(false);
    expect(empty.problems).toEqual({ missing: ['exits', 'tills', 'sign'], evidence: [], signature: true });

    const answers = {
      exits: { value: false, na: false, comment: null, files: ['file:1'] },
      promo: { value: true, na: false, comment: null, files: [] },
      tills: { value: null, na: true, comment: null, files: [] },
    };
    const view = performView(scheme, answers, null);
    expect(view.visible.has('promo_ok')).toBe(true);
    expect(view.total).toBe(5);
    expect(view.answered).toBe(3);
    expect(view.evidence.get('exits')).toBe(2);
    expect(view.problems.missing).toEqual(['promo_ok', 'sign']);
    expect(view.problems.evidence).toEqual(['exits']);
  });

  it('takes the signature from the signature question, else the one kept aside', () => {
    const answers = { sign: { value: null, na: false, comment: null, files: ['client-1'] } };
    expect(signatureRef(scheme, answers, null)).toBe('client-1');
    expect(signatureRef({ sections: [{ ...scheme.sections[0], questions: [question('a')] }] }, {}, 'aside')).toBe(
      'aside',
    );
    const signed = performView(
      scheme,
      {
        ...answers,
        exits: { value: true, na: false, comment: null, files: [] },
        tills: { value: true, na: false, comment: null, files: [] },
      },
      'client-1',
    );
    expect(signed.problems).toEqual({ missing: [], evidence: [], signature: false });
  });
});

describe('photo downscaling', () => {
  it('fits a photo within 1600 px on its longer side, never enlarging it', async () => {
    const { fitWithin } = await import('./downscale.ts');
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
});
