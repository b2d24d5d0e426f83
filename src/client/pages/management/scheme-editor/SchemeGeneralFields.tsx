import { Checkbox, FormControl, Textarea, TextInput } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { inputDir } from '../../../components/Bidi/index.ts';
import { Field, NumberInput } from '../../../components/FormDialog/index.ts';
import type { SchemeDraftState } from './useSchemeDraft.ts';
import classes from './SchemeEditor.module.css';

export interface SchemeGeneralFieldsProps {
  form: SchemeDraftState['form'];
  readOnly: boolean;
}

/** Name, description, passing score and signature rule of the scheme. */
export function SchemeGeneralFields({ form, readOnly }: SchemeGeneralFieldsProps) {
  const { t } = useTranslation('business');
  const draft = form.values;
  return (
    <fieldset className={classes.card} disabled={readOnly}>
      <legend className={classes.legend}>{t('schemes.general')}</legend>
      <Field label={t('fields.name')} required error={form.error('name')}>
        <TextInput
          block
          dir={inputDir(draft.name)}
          value={draft.name}
          onChange={(e) => form.set('name', e.target.value)}
        />
      </Field>
      <Field label={t('fields.description')} error={form.error('description')}>
        <Textarea
          block
          dir={inputDir(draft.description)}
          rows={2}
          resize="vertical"
          value={draft.description}
          onChange={(e) => form.set('description', e.target.value)}
        />
      </Field>
      <div className={classes.grid2}>
        <Field
          label={t('schemes.passingScore')}
          required
          error={form.error('passingScore')}
          caption={t('schemes.passingScoreHint')}
        >
          <NumberInput
            readOnly={readOnly}
            value={draft.passingScore}
            min={0}
            max={100}
            step={1}
            onChange={(v) => form.set('passingScore', v)}
          />
        </Field>
        <FormControl>
          <Checkbox checked={draft.requireSignature} onChange={(e) => form.set('requireSignature', e.target.checked)} />
          <FormControl.Label>{t('schemes.requireSignature')}</FormControl.Label>
          <FormControl.Caption>{t('schemes.requireSignatureHint')}</FormControl.Caption>
        </FormControl>
      </div>
    </fieldset>
  );
}
