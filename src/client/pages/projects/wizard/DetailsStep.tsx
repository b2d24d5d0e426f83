import { useTranslation } from 'react-i18next';
import { formClasses, NumberField, TextareaField, TextField } from '../../../components/FormDialog/index.ts';
import { RecordSelect, useCustomerOptions } from '../../../components/RecordSelect/index.ts';
import type { StepProps } from './wizard-types.ts';

/** Step 1: code, name, description and the period (the customer too, for the superadmin's new project). */
export function DetailsStep({ project, form, superadmin }: StepProps) {
  const { t } = useTranslation('workflow');
  const customers = useCustomerOptions(superadmin && !project);
  const datesLocked =
    !!project && project.status !== 'draft' && project.status !== 'active' && project.status !== 'on_hold';
  return (
    <div className={formClasses.form}>
      {superadmin && !project && (
        <RecordSelect
          label={t('fields.customer')}
          required
          placeholder={t('wizard.details.chooseCustomer')}
          options={customers.options}
          loading={customers.loading}
          value={form.values.customerId}
          onChange={(id) => form.set('customerId', id)}
          error={form.error('customerId')}
        />
      )}
      <div className={formClasses.row}>
        <TextField
          form={form}
          name="code"
          label={t('fields.code')}
          required
          monospace
          caption={t('wizard.details.codeHint')}
        />
        <TextField form={form} name="name" label={t('fields.name')} required />
      </div>
      <TextareaField form={form} name="description" label={t('fields.description')} rows={3} />
      <div className={formClasses.row}>
        <TextField
          form={form}
          name="startDate"
          type="date"
          label={t('fields.startDate')}
          required
          disabled={datesLocked}
        />
        <TextField form={form} name="endDate" type="date" label={t('fields.endDate')} required disabled={datesLocked} />
      </div>
      <NumberField
        form={form}
        name="actionDueDays"
        label={t('fields.actionDueDays')}
        caption={t('wizard.details.actionDueDaysHint')}
        min={1}
        max={365}
        step={1}
        required
      />
    </div>
  );
}
