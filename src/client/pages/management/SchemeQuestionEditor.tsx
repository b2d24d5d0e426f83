import { PlusIcon, XIcon } from '@primer/octicons-react';
import { Button, Checkbox, FormControl, IconButton, Select, TextInput, Textarea } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { EVIDENCE_RULES, QUESTION_TYPES, type TQuestionType } from '../../../shared/schemas/schemes.ts';
import { Field, NumberInput } from '../../components/FormDialog/index.ts';
import type { QuestionDraft } from './scheme-draft.ts';
import classes from './SchemeEditor.module.css';

/** What a question type scores by default (yes/no and photo pass/fail; score 0-5). */
const DEFAULT_MAX: Partial<Record<TQuestionType, number>> = { score: 5, yesno: 1 };

export interface SchemeQuestionEditorProps {
  question: QuestionDraft;
  /** Dotted path of the question in the input (`sections.0.questions.2`). */
  path: string;
  onChange: (patch: Partial<QuestionDraft>, touched: string[]) => void;
  error: (path: string) => string | undefined;
  /** Questions before this one (for "show only if"). */
  earlier: QuestionDraft[];
  readOnly: boolean;
}

/** Every field of one question: text, help, type, scoring, rules, options and visibility. */
export function SchemeQuestionEditor({ question: q, path, onChange, error, earlier, readOnly }: SchemeQuestionEditorProps) {
  const { t } = useTranslation('business');
  const set = <K extends keyof QuestionDraft>(key: K, value: QuestionDraft[K]) => onChange({ [key]: value }, [`${path}.${key}`]);
  const target = earlier.find((e) => e.key === q.visibleIf?.questionKey);
  const typeLabel = (type: TQuestionType) => t(`schemes.type.${type}`);

  return (
    <div className={classes.questionFields}>
      <Field label={t('schemes.questionText')} required error={error(`${path}.text`)}>
        <TextInput block value={q.text} readOnly={readOnly} onChange={(e) => set('text', e.target.value)} data-focus={`qtext-${q.uid}`} />
      </Field>
      <Field label={t('schemes.help')} error={error(`${path}.help`)} caption={t('schemes.helpHint')}>
        <Textarea block rows={2} resize="vertical" value={q.help} readOnly={readOnly} onChange={(e) => set('help', e.target.value)} />
      </Field>
      <div className={classes.grid3}>
        <Field label={t('schemes.questionType')} required error={error(`${path}.type`)}>
          <Select
            block
            value={q.type}
            disabled={readOnly}
            onChange={(e) => {
              const type = e.target.value as TQuestionType;
              const patch: Partial<QuestionDraft> = { type };
              if (DEFAULT_MAX[type] !== undefined && q.maxScore === DEFAULT_MAX[q.type]) patch.maxScore = DEFAULT_MAX[type];
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
        <Field label={t('schemes.evidence')} error={error(`${path}.evidence`)}>
          <Select block value={q.evidence} disabled={readOnly} onChange={(e) => set('evidence', e.target.value as QuestionDraft['evidence'])}>
            {EVIDENCE_RULES.map((rule) => (
              <Select.Option key={rule} value={rule}>
                {t(`schemes.evidenceRule.${rule}`)}
              </Select.Option>
            ))}
          </Select>
        </Field>
        {q.evidence !== 'none' && (
          <Field label={t('schemes.minPhotos')} error={error(`${path}.minPhotos`)}>
            <NumberInput readOnly={readOnly} value={q.minPhotos} min={0} max={20} step={1} onChange={(v) => set('minPhotos', v)} />
          </Field>
        )}
      </div>
      {q.type === 'choice' && (
        <fieldset className={classes.subFieldset}>
          <legend className={classes.legend}>{t('schemes.options')}</legend>
          {error(`${path}.options`) && <p className={classes.error}>{error(`${path}.options`)}</p>}
          {q.options.map((option, i) => {
            const optionPath = `${path}.options.${i}`;
            const setOption = (patch: Partial<typeof option>) =>
              onChange({ options: q.options.map((o, j) => (j === i ? { ...o, ...patch } : o)) }, [optionPath]);
            return (
              <div key={i} className={classes.optionRow}>
                <Field label={t('schemes.optionLabel')} error={error(`${optionPath}.label`)}>
                  <TextInput block value={option.label} readOnly={readOnly} onChange={(e) => setOption({ label: e.target.value })} />
                </Field>
                <Field label={t('schemes.optionValue')} error={error(`${optionPath}.value`)}>
                  <TextInput block monospace value={option.value} readOnly={readOnly} onChange={(e) => setOption({ value: e.target.value })} />
                </Field>
                <Field label={t('schemes.optionScore')} error={error(`${optionPath}.score`)}>
                  <NumberInput readOnly={readOnly} value={option.score} min={0} step="any" onChange={(v) => setOption({ score: v ?? Number.NaN })} />
                </Field>
                {!readOnly && (
                  <IconButton
                    icon={XIcon}
                    variant="invisible"
                    aria-label={t('schemes.removeOption', { n: i + 1 })}
                    onClick={() => onChange({ options: q.options.filter((_, j) => j !== i) }, [`${path}.options`])}
                    className={classes.optionRemove}
                  />
                )}
              </div>
            );
          })}
          {!readOnly && (
            <Button
              size="small"
              leadingVisual={PlusIcon}
              disabled={q.options.length >= 20}
              onClick={() =>
                onChange({ options: [...q.options, { value: `option-${q.options.length + 1}`, label: '', score: 0 }] }, [`${path}.options`])
              }
            >
              {t('schemes.addOption')}
            </Button>
          )}
        </fieldset>
      )}
      <fieldset className={classes.subFieldset}>
        <legend className={classes.legend}>{t('schemes.visibleIf')}</legend>
        <div className={classes.grid2}>
          <Field label={t('schemes.visibleIfQuestion')} error={error(`${path}.visibleIf.questionKey`)}>
            <Select
              block
              disabled={readOnly || earlier.length === 0}
              value={q.visibleIf?.questionKey ?? ''}
              onChange={(e) =>
                set('visibleIf', e.target.value ? { questionKey: e.target.value, equals: q.visibleIf?.equals ?? 'yes' } : null)
              }
            >
              <Select.Option value="">{t('schemes.alwaysVisible')}</Select.Option>
              {earlier.map((e, i) => (
                <Select.Option key={e.key} value={e.key}>
                  {`${i + 1}. ${e.text || t('schemes.untitledQuestion')}`}
                </Select.Option>
              ))}
            </Select>
          </Field>
          {q.visibleIf && (
            <Field label={t('schemes.visibleIfEquals')} error={error(`${path}.visibleIf.equals`)}>
              {target?.type === 'yesno' ? (
                <Select block disabled={readOnly} value={String(q.visibleIf.equals)} onChange={(e) => set('visibleIf', { ...q.visibleIf!, equals: e.target.value })}>
                  <Select.Option value="yes">{t('schemes.yes')}</Select.Option>
                  <Select.Option value="no">{t('schemes.no')}</Select.Option>
                </Select>
              ) : target?.type === 'choice' ? (
                <Select block disabled={readOnly} value={String(q.visibleIf.equals)} onChange={(e) => set('visibleIf', { ...q.visibleIf!, equals: e.target.value })}>
                  {target.options.map((o) => (
                    <Select.Option key={o.value} value={o.value}>
                      {o.label || o.value}
                    </Select.Option>
                  ))}
                </Select>
              ) : (
                <TextInput block readOnly={readOnly} value={String(q.visibleIf.equals)} onChange={(e) => set('visibleIf', { ...q.visibleIf!, equals: e.target.value })} />
              )}
            </Field>
          )}
        </div>
      </fieldset>
    </div>
  );
}
