import { LockIcon } from '@primer/octicons-react';
import { Banner, FormControl, Radio, RadioGroup, Spinner, Text } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text.ts';
import { trpc } from '../../../lib/trpc.ts';
import type { StepProps } from './wizard-types.ts';
import classes from './Wizard.module.css';

/** Step 2: the published scheme version the project applies (locked once the project is no longer a draft). */
export function SchemeStep({ project, form, superadmin }: StepProps) {
  const { t } = useTranslation('workflow');
  const errorText = useErrorText();
  const customerId = project?.customerId ?? (superadmin ? form.values.customerId : null);
  const schemes = trpc.schemes.list.useQuery(
    { view: 'latestPublished', itemsPerPage: -1, sortBy: 'name', ...(customerId ? { customerId } : {}) },
    { enabled: !superadmin || !!customerId },
  );
  const locked = !!project && project.status !== 'draft';
  const options = schemes.data?.items ?? [];
  // The project's own version stays listed even when a newer one was published since.
  const current = project && !options.some((s) => s.id === project.scheme.id) ? project.scheme : null;
  const error = form.error('schemeId');

  if (superadmin && !customerId)
    return <Banner variant="info" title={t('wizard.scheme.chooseCustomerFirst')} hideTitle={false} />;
  if (schemes.isLoading) return <Spinner srText={t('loading')} />;
  if (schemes.error)
    return <Banner variant="critical" title={t('wizard.loadFailed')} description={errorText.error(schemes.error)} />;
  if (!options.length && !current)
    return <Banner variant="warning" title={t('wizard.scheme.none')} hideTitle={false} />;

  return (
    <div className={classes.stack}>
      {locked && (
        <Text as="p" className={classes.lockNote}>
          <LockIcon size={16} /> {t('wizard.scheme.locked')}
        </Text>
      )}
      <RadioGroup name="schemeId" required onChange={(value) => value && form.set('schemeId', Number(value))}>
        <RadioGroup.Label>{t('fields.scheme')}</RadioGroup.Label>
        {current && (
          <FormControl disabled={locked}>
            <Radio
              value={String(current.id)}
              checked={form.values.schemeId === current.id}
              onChange={() => form.set('schemeId', current.id)}
            />
            <FormControl.Label>
              {t('wizard.scheme.option', { name: current.name, version: current.version })}
            </FormControl.Label>
          </FormControl>
        )}
        {options.map((scheme) => (
          <FormControl key={scheme.id} disabled={locked}>
            <Radio
              value={String(scheme.id)}
              checked={form.values.schemeId === scheme.id}
              onChange={() => form.set('schemeId', scheme.id)}
            />
            <FormControl.Label>
              {t('wizard.scheme.option', { name: scheme.name, version: scheme.version })}
            </FormControl.Label>
            <FormControl.Caption>
              {t('wizard.scheme.caption', {
                questions: scheme.questionCount,
                sections: scheme.sectionCount,
                passing: scheme.passingScore,
              })}
            </FormControl.Caption>
          </FormControl>
        ))}
        {error && <RadioGroup.Validation variant="error">{error}</RadioGroup.Validation>}
      </RadioGroup>
    </div>
  );
}
