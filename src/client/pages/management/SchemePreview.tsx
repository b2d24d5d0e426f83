import { FormControl, Heading, Label, Radio, RadioGroup, Select, Text, TextInput, Textarea } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sectionShares, type QuestionDraft, type SchemeDraft } from './scheme-draft.ts';
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
                  <PreviewQuestion question={q} value={answers[q.key] ?? ''} onAnswer={(v) => answer(q.key, v)} />
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

function PreviewQuestion({ question: q, value, onAnswer }: { question: QuestionDraft; value: string; onAnswer: (value: string) => void }) {
  const { t } = useTranslation('business');
  const label = q.text || t('schemes.untitledQuestion');
  const badges = (
    <span className={classes.badges}>
      {q.required && <Label variant="accent">{t('schemes.required')}</Label>}
      {q.critical && <Label variant="danger">{t('schemes.critical')}</Label>}
      {q.evidence !== 'none' && (
        <Label variant="attention">{t(`schemes.evidenceBadge.${q.evidence}`, { n: q.minPhotos ?? 0 })}</Label>
      )}
      <Label variant="secondary">{t('schemes.weightIs', { weight: q.weight ?? 0 })}</Label>
    </span>
  );
  const na = q.allowNA ? [{ value: 'na', label: t('schemes.notApplicable') }] : [];

  if (q.type === 'yesno' || q.type === 'choice') {
    const choices =
      q.type === 'yesno'
        ? [
            { value: 'yes', label: t('schemes.yes') },
            { value: 'no', label: t('schemes.no') },
          ]
        : q.options.map((o) => ({ value: o.value, label: `${o.label || o.value} (${o.score})` }));
    return (
      <RadioGroup name={`preview-${q.uid}`} onChange={(v) => onAnswer(v ?? '')}>
        <RadioGroup.Label>
          {label} {badges}
        </RadioGroup.Label>
        {q.help && <RadioGroup.Caption>{q.help}</RadioGroup.Caption>}
        <div className={classes.previewChoices}>
          {[...choices, ...na].map((c) => (
            <FormControl key={c.value}>
              <Radio value={c.value} checked={value === c.value} />
              <FormControl.Label>{c.label}</FormControl.Label>
            </FormControl>
          ))}
        </div>
      </RadioGroup>
    );
  }

  if (q.type === 'signature') {
    return (
      <div className={classes.previewSignature}>
        <Text weight="semibold">
          {label} {badges}
        </Text>
        {q.help && <Text className={classes.muted}>{q.help}</Text>}
        <div className={classes.signatureBox} role="img" aria-label={t('schemes.type.signature')}>
          {t('schemes.signHere')}
        </div>
      </div>
    );
  }

  return (
    <FormControl>
      <FormControl.Label>
        {label} {badges}
      </FormControl.Label>
      {q.type === 'score' ? (
        <Select value={value} onChange={(e) => onAnswer(e.target.value)}>
          <Select.Option value="">{t('schemes.chooseScore')}</Select.Option>
          {Array.from({ length: Math.max(0, Math.floor(q.maxScore ?? 0)) + 1 }, (_, i) => (
            <Select.Option key={i} value={String(i)}>
              {`${i} / ${q.maxScore ?? 0}`}
            </Select.Option>
          ))}
          {na.map((c) => (
            <Select.Option key={c.value} value={c.value}>
              {c.label}
            </Select.Option>
          ))}
        </Select>
      ) : q.type === 'number' ? (
        <TextInput type="number" value={value} onChange={(e) => onAnswer(e.target.value)} />
      ) : q.type === 'text' ? (
        <Textarea rows={2} value={value} onChange={(e) => onAnswer(e.target.value)} />
      ) : (
        <TextInput type="file" accept="image/*" disabled />
      )}
      {q.help && <FormControl.Caption>{q.help}</FormControl.Caption>}
    </FormControl>
  );
}
