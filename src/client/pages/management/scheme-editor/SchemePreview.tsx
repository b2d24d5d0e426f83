import { Heading, Label, Text } from '@primer/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isQuestionVisible, type ScoreAnswer } from '../../../../shared/workflow/score.ts';
import { SchemePreviewQuestion } from './SchemePreviewQuestion.tsx';
import { previewAnswer, questionNumbers, type SchemeDraft, sectionShares } from './scheme-draft.ts';
import classes from './SchemeEditor.module.css';

/** The preview's answers as its controls hold them (radio values, numbers as typed). */
type RawAnswers = Record<string, string>;

/**
 * The scheme as an inspector will see it: sections with their share of the score, questions with
 * their answer controls, rules and conditions, numbered as in the editor. A question with a condition
 * shows while its condition holds for the answers given here (the rule the server scores by);
 * answers here are only for trying the conditions. One signature box: the signature question's, or
 * the scheme's own when it requires a signature and has no such question.
 */
export function SchemePreview({ draft }: { draft: SchemeDraft }) {
  const { t } = useTranslation('business');
  const [raw, setRaw] = useState<RawAnswers>({});
  const signatureLabel = useId();
  const shares = sectionShares(draft.sections);
  const numbers = questionNumbers(draft.sections);
  const questions = draft.sections.flatMap((s) => s.questions);
  // The score's own rule (src/shared/workflow/score.ts), chained through the questions it names.
  const answers = new Map<string, ScoreAnswer>();
  for (const q of questions) {
    const a = previewAnswer(q, raw[q.key]);
    if (a) answers.set(q.key, a);
  }
  const byKey = new Map(questions.map((q) => [q.key, q]));
  const visible = new Set(questions.filter((q) => isQuestionVisible(q, answers, byKey)).map((q) => q.key));
  const answer = (key: string, value: string) => setRaw((a) => ({ ...a, [key]: value }));
  const signatureQuestion = questions.some((q) => q.type === 'signature' && visible.has(q.key));

  return (
    <div className={classes.preview} aria-label={t('schemes.preview')}>
      <header className={classes.previewHeader}>
        <Heading as="h2" className={classes.previewTitle}>
          <bdi>{draft.name || t('schemes.untitled')}</bdi>
        </Heading>
        {draft.description && (
          <Text as="p" dir="auto">
            {draft.description}
          </Text>
        )}
        <Text as="p" className={classes.muted}>
          {t('schemes.passingScoreIs', { score: draft.passingScore ?? 0 })}
          {draft.requireSignature ? ` · ${t('schemes.signatureRequired')}` : ''}
        </Text>
      </header>
      {draft.sections.length === 0 && <Text as="p">{t('schemes.noSections')}</Text>}
      {draft.sections.map((section, si) => (
        <section key={section.uid} className={classes.previewSection} aria-labelledby={`preview-${section.uid}`}>
          <div className={classes.previewSectionHeader}>
            <Heading as="h3" id={`preview-${section.uid}`} className={classes.previewSectionTitle}>
              <bdi>{section.title || t('schemes.untitledSection')}</bdi>
            </Heading>
            <Label>{t('schemes.shareOfScore', { share: shares[si] })}</Label>
          </div>
          <ol className={classes.previewQuestions}>
            {section.questions
              .filter((q) => visible.has(q.key))
              .map((q) => (
                <li key={q.uid} className={classes.previewQuestion} value={numbers.get(q.uid)}>
                  <SchemePreviewQuestion question={q} value={raw[q.key] ?? ''} onAnswer={(v) => answer(q.key, v)} />
                </li>
              ))}
          </ol>
        </section>
      ))}
      {draft.requireSignature && !signatureQuestion && (
        <div className={classes.previewSignature}>
          <Text weight="semibold" id={signatureLabel}>
            {t('schemes.inspectorSignature')}
          </Text>
          <div className={classes.signatureBox} role="img" aria-labelledby={signatureLabel}>
            {t('schemes.signHere')}
          </div>
        </div>
      )}
    </div>
  );
}
