// Dialog + shared zod schema + field-level messages, for every create and edit form.
export { FormDialog, type FormDialogProps } from './FormDialog.tsx';
export { CheckboxField, Field, NumberField, NumberInput, SelectField, TextareaField, TextField, type SelectOption } from './fields.tsx';
export { FIX_FIELDS, useValidationMessage, useZodForm, type ZodForm } from './useZodForm.ts';
export { describeMessage, issuesToFieldErrors, type FieldErrors } from './form-errors.ts';
export { default as formClasses } from './FormDialog.module.css';
export { useSaveRecord } from './useSaveRecord.ts';
export { StaleRecordBanner, type StaleRecordBannerProps } from './StaleRecordBanner.tsx';
