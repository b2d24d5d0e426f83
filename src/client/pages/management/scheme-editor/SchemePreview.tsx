import { Heading, Label, Text } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sectionShares, type QuestionDraft, type SchemeDraft } from './scheme-draft.ts';
import { SchemePreviewQuestion } from './SchemePreviewQuestion.tsx';
import classes from './SchemeEditor.module.css';

type Answers = Record<string, string>;

/** Whether a question shows, given the answers so far (its visibleIf condition). */
function isVisible(q: QuestionDraft, answers: Answers): boolean {
  if (!q.visibleIf) return true;
  return answers[q.visibleIf.questionKey] === String(q.visibleIf.equals);
}

/**
 * The scheme as an inspector will see it: sections with their share of the score, questions with
 * their answer controls, rules and conditions. Answers here are only for trying the conditions.
 */
export function SchemePreview({ draft }: { draft: SchemeDraft }) {
  const { t } = useTranslation('business');
  const [answers, setAnswers] = useState<Answers>({});
  const shares = sectionShares(draft.sections);
  const answer = (key: string, value: string) => setAnswers((a) => ({ ...a, [key]: value }));
  let number = 0;

  return (
    <div className={classes.preview} aria-label={t('schemes.preview')}>
      <header className={classes.previewHeader}>
        <Heading as="h2" className={classes.previewTitle}>
          {draft.name || t('schemes.untitled')}
        </Heading>
        {draft.description && <Text as="p">{draft.description}</Text>}
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
              {section.title || t('schemes.untitledSection')}
            </Heading>
            <Label>{t('schemes.shareOfScore', { share: shares[si] })}</Label>
          </div>
          <ol className={classes.previewQuestions}>
            {section.questions.filter((q) => isVisible(q, answers)).map((q) => {
              number += 1;
              return (
                <li key={q.uid} className={classes.previewQuestion} value={number}>
                  <SchemePreviewQuestion question={q} value={answers[q.key] ?? ''} onAnswer={(v) => answer(q.key, v)} />
                </li>
              );
            })}
          </ol>
        </section>
      ))}
      {draft.requireSignature && (
        <div className={classes.signatureBox} role="img" aria-label={t('schemes.type.signature')}>
          {t('schemes.signHere')}
        </div>
      )}
    </div>
  );
}
