// Dialog + shared zod schema + field-level messages, for every create and edit form.
export { FormDialog, type FormDialogProps } from './FormDialog.tsx';
export {
  CheckboxField,
  Field,
  NumberField,
  NumberInput,
  SelectField,
  type SelectOption,
  TextareaField,
  TextField,
} from './fields.tsx';
export { type FieldErrors, issuesToFieldErrors } from './form-errors.ts';
export { StaleRecordBanner, type StaleRecordBannerProps } from './StaleRecordBanner.tsx';
export { useSaveRecord } from './useSaveRecord.ts';
export { useZodForm, type ZodForm } from './useZodForm.ts';
export { default as formClasses } from './FormDialog.module.css';
