import { FormControl, Label, Radio, RadioGroup, Select, Text, Textarea, TextInput } from '@primer/react';
import { useTranslation } from 'react-i18next';
import type { QuestionDraft } from './scheme-draft.ts';
import classes from './SchemeEditor.module.css';

/** One question of the preview with the answer control of its type, its badges and help. */
export function SchemePreviewQuestion({
  question: q,
  value,
  onAnswer,
}: {
  question: QuestionDraft;
  value: string;
  onAnswer: (value: string) => void;
}) {
  const { t } = useTranslation('business');
  // User text isolated from the page's direction (English text in Arabic keeps its punctuation).
  const label = <bdi>{q.text || t('schemes.untitledQuestion')}</bdi>;
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
        {q.help && (
          <RadioGroup.Caption>
            <bdi>{q.help}</bdi>
          </RadioGroup.Caption>
        )}
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
        <Text weight="semibold" id={`label-${q.uid}`}>
          {label} {badges}
        </Text>
        {q.help && (
          <Text className={classes.muted} dir="auto">
            {q.help}
          </Text>
        )}
        <div className={classes.signatureBox} role="img" aria-labelledby={`label-${q.uid}`}>
          {t('schemes.signHere')}
        </div>
      </div>
    );
  }

  // A photo cannot be taken in the preview: its input is disabled through the control (Primer asks).
  const photo = q.type !== 'score' && q.type !== 'number' && q.type !== 'text';
  return (
    <FormControl disabled={photo}>
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
        <TextInput type="file" accept="image/*" />
      )}
      {q.help && (
        <FormControl.Caption>
          <bdi>{q.help}</bdi>
        </FormControl.Caption>
      )}
    </FormControl>
  );
}
