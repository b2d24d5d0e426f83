import { Checkbox, FormControl, Select, Textarea, TextInput } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { EVIDENCE_RULES, QUESTION_TYPES, type TQuestionType } from '../../../../shared/schemas/schemes.ts';
import { inputDir } from '../../../components/Bidi/index.ts';
import { Field, NumberInput } from '../../../components/FormDialog/index.ts';
import type { QuestionFieldsProps } from './editor-props.ts';
import { SchemeQuestionOptions } from './SchemeQuestionOptions.tsx';
import { SchemeQuestionVisibility } from './SchemeQuestionVisibility.tsx';
import type { QuestionDraft } from './scheme-draft.ts';
import classes from './SchemeEditor.module.css';

/** What a question type scores by default (yes/no and photo pass/fail; score 0-5). */
const DEFAULT_MAX: Partial<Record<TQuestionType, number>> = { score: 5, yesno: 1 };

/** Every field of one question: text, help, type, scoring, rules, options and visibility. */
export function SchemeQuestionEditor({
  question: q,
  path,
  onChange,
  error,
  earlier,
  numbers,
  readOnly,
}: QuestionFieldsProps) {
  const { t } = useTranslation('business');
  const set = <K extends keyof QuestionDraft>(key: K, value: QuestionDraft[K]) =>
    onChange({ [key]: value }, [`${path}.${key}`]);
  const typeLabel = (type: TQuestionType) => t(`schemes.type.${type}`);

  return (
    <div className={classes.questionFields}>
      <Field label={t('schemes.questionText')} required error={error(`${path}.text`)}>
        <TextInput
          block
          dir={inputDir(q.text)}
          value={q.text}
          readOnly={readOnly}
          onChange={(e) => set('text', e.target.value)}
          data-focus={`qtext-${q.uid}`}
        />
      </Field>
      <Field label={t('schemes.help')} error={error(`${path}.help`)} caption={t('schemes.helpHint')}>
        <Textarea
          block
          dir={inputDir(q.help)}
          rows={2}
          resize="vertical"
          value={q.help}
          readOnly={readOnly}
          onChange={(e) => set('help', e.target.value)}
        />
      </Field>
      <div className={classes.grid3}>
        <Field label={t('schemes.questionType')} required disabled={readOnly} error={error(`${path}.type`)}>
          <Select
            block
            value={q.type}
            onChange={(e) => {
              const type = e.target.value as TQuestionType;
              const patch: Partial<QuestionDraft> = { type };
              if (DEFAULT_MAX[type] !== undefined && q.maxScore === DEFAULT_MAX[q.type])
                patch.maxScore = DEFAULT_MAX[type];
              if (type === 'choice' && q.options.length === 0) {
                patch.options = [
                  { value: 'good', label: t('schemes.optionGood'), score: 1 },
                  { value: 'poor', label: t('schemes.optionPoor'), score: 0 },
                ];
              }
              onChange(patch, [`${path}.type`, `${path}.options`]);
            }}
          >
            {QUESTION_TYPES.map((type) => (
              <Select.Option key={type} value={type}>
                {typeLabel(type)}
              </Select.Option>
            ))}
          </Select>
        </Field>
        <Field label={t('schemes.maxScore')} error={error(`${path}.maxScore`)}>
          <NumberInput readOnly={readOnly} value={q.maxScore} min={0} step="any" onChange={(v) => set('maxScore', v)} />
        </Field>
        <Field label={t('schemes.weight')} error={error(`${path}.weight`)} caption={t('schemes.questionWeightHint')}>
          <NumberInput readOnly={readOnly} value={q.weight} min={0} step="any" onChange={(v) => set('weight', v)} />
        </Field>
      </div>
      <div className={classes.checks}>
        {(['required', 'allowNA', 'critical'] as const).map((flag) => (
          <FormControl key={flag} disabled={readOnly}>
            <Checkbox checked={q[flag]} onChange={(e) => set(flag, e.target.checked)} />
            <FormControl.Label>{t(`schemes.${flag}`)}</FormControl.Label>
            <FormControl.Caption>{t(`schemes.${flag}Hint`)}</FormControl.Caption>
          </FormControl>
        ))}
      </div>
      <div className={classes.grid3}>
        <Field label={t('schemes.evidence')} disabled={readOnly} error={error(`${path}.evidence`)}>
          <Select
            block
            value={q.evidence}
            onChange={(e) => set('evidence', e.target.value as QuestionDraft['evidence'])}
          >
            {EVIDENCE_RULES.map((rule) => (
              <Select.Option key={rule} value={rule}>
                {t(`schemes.evidenceRule.${rule}`)}
              </Select.Option>
            ))}
          </Select>
        </Field>
        {q.evidence !== 'none' && (
          <Field label={t('schemes.minPhotos')} error={error(`${path}.minPhotos`)}>
            <NumberInput
              readOnly={readOnly}
              value={q.minPhotos}
              min={0}
              max={20}
              step={1}
              onChange={(v) => set('minPhotos', v)}
            />
          </Field>
        )}
      </div>
      {q.type === 'choice' && (
        <SchemeQuestionOptions question={q} path={path} onChange={onChange} error={error} readOnly={readOnly} />
      )}
      <SchemeQuestionVisibility
        question={q}
        path={path}
        onChange={onChange}
        error={error}
        earlier={earlier}
        numbers={numbers}
        readOnly={readOnly}
      />
    </div>
  );
}
