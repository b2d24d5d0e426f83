import { PlusIcon, XIcon } from '@primer/octicons-react';
import { Button, IconButton, TextInput } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { inputDir } from '../../../components/Bidi/index.ts';
import { Field, NumberInput } from '../../../components/FormDialog/index.ts';
import type { QuestionFieldsProps } from './editor-props.ts';
import classes from './SchemeEditor.module.css';

/** The answers of a choice question: label, stored value and score of each (at most 20). */
export function SchemeQuestionOptions({
  question: q,
  path,
  onChange,
  error,
  readOnly,
}: Omit<QuestionFieldsProps, 'earlier' | 'numbers'>) {
  const { t } = useTranslation('business');
  return (
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
              <TextInput
                block
                dir={inputDir(option.label)}
                value={option.label}
                readOnly={readOnly}
                onChange={(e) => setOption({ label: e.target.value })}
              />
            </Field>
            <Field label={t('schemes.optionValue')} error={error(`${optionPath}.value`)}>
              <TextInput
                block
                monospace
                dir={inputDir(option.value, 'ltr')}
                value={option.value}
                readOnly={readOnly}
                onChange={(e) => setOption({ value: e.target.value })}
              />
            </Field>
            <Field label={t('schemes.optionScore')} error={error(`${optionPath}.score`)}>
              <NumberInput
                readOnly={readOnly}
                value={option.score}
                min={0}
                step="any"
                onChange={(v) => setOption({ score: v ?? Number.NaN })}
              />
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
            onChange({ options: [...q.options, { value: `option-${q.options.length + 1}`, label: '', score: 0 }] }, [
              `${path}.options`,
            ])
          }
        >
          {t('schemes.addOption')}
        </Button>
      )}
    </fieldset>
  );
}
