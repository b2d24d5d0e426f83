import { Select, TextInput } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/FormDialog/index.ts';
import type { QuestionFieldsProps } from './editor-props.ts';
import { type QuestionDraft, typedEquals } from './scheme-draft.ts';
import classes from './SchemeEditor.module.css';

/**
 * "Show only if": an earlier question and the answer it must have for this one to show, kept as the
 * task stores that answer (yes/no a boolean, a number for score and number), as the score compares it.
 */
export function SchemeQuestionVisibility({
  question: q,
  path,
  onChange,
  error,
  earlier,
  numbers,
  readOnly,
}: QuestionFieldsProps) {
  const { t } = useTranslation('business');
  const set = (value: QuestionDraft['visibleIf']) => onChange({ visibleIf: value }, [`${path}.visibleIf`]);
  const target = earlier.find((e) => e.key === q.visibleIf?.questionKey);
  return (
    <fieldset className={classes.subFieldset}>
      <legend className={classes.legend}>{t('schemes.visibleIf')}</legend>
      <div className={classes.grid2}>
        <Field
          label={t('schemes.visibleIfQuestion')}
          disabled={readOnly || earlier.length === 0}
          error={error(`${path}.visibleIf.questionKey`)}
        >
          <Select
            block
            value={q.visibleIf?.questionKey ?? ''}
            onChange={(e) => {
              const next = earlier.find((x) => x.key === e.target.value);
              if (!next) return set(null);
              const first =
                next.type === 'yesno'
                  ? true
                  : next.type === 'choice'
                    ? (next.options[0]?.value ?? '')
                    : next.type === 'score' || next.type === 'number'
                      ? 0
                      : '';
              set({
                questionKey: next.key,
                equals: next.key === q.visibleIf?.questionKey ? q.visibleIf.equals : first,
              });
            }}
          >
            <Select.Option value="">{t('schemes.alwaysVisible')}</Select.Option>
            {earlier.map((e) => (
              <Select.Option key={e.key} value={e.key}>
                {`${numbers.get(e.uid) ?? ''}. ${e.text || t('schemes.untitledQuestion')}`}
              </Select.Option>
            ))}
          </Select>
        </Field>
        {q.visibleIf && (
          <Field
            label={t('schemes.visibleIfEquals')}
            // The choices are disabled when read-only; the free value stays readable (read-only).
            disabled={readOnly && (target?.type === 'yesno' || target?.type === 'choice')}
            error={error(`${path}.visibleIf.equals`)}
          >
            {target?.type === 'yesno' ? (
              <Select
                block
                value={String(typedEquals('yesno', q.visibleIf.equals))}
                onChange={(e) => set({ ...q.visibleIf!, equals: e.target.value === 'true' })}
              >
                <Select.Option value="true">{t('schemes.yes')}</Select.Option>
                <Select.Option value="false">{t('schemes.no')}</Select.Option>
              </Select>
            ) : target?.type === 'choice' ? (
              <Select
                block
                value={String(q.visibleIf.equals)}
                onChange={(e) => set({ ...q.visibleIf!, equals: e.target.value })}
              >
                {target.options.map((o) => (
                  <Select.Option key={o.value} value={o.value}>
                    {o.label || o.value}
                  </Select.Option>
                ))}
              </Select>
            ) : (
              <TextInput
                block
                type={target?.type === 'score' || target?.type === 'number' ? 'number' : 'text'}
                readOnly={readOnly}
                value={String(q.visibleIf.equals)}
                onChange={(e) => set({ ...q.visibleIf!, equals: typedEquals(target?.type, e.target.value) })}
              />
            )}
          </Field>
        )}
      </div>
    </fieldset>
  );
}
