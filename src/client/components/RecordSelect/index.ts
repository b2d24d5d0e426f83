// Selects of related records (customers, directions, sub-directions, location classes, teams, users).
export { CustomerFilter, useIsSuperadmin } from './CustomerFilter.tsx';
export {
  CHOOSE_CUSTOMER,
  CustomerField,
  type CustomerRecordFormOptions,
  requireCustomerFor,
  useCustomerRecordForm,
} from './customer-field.tsx';
export * from './options.ts';
export { type RecordOption, RecordSelect, type RecordSelectProps } from './RecordSelect.tsx';
export { type PickedUser, UserMultiPicker, type UserMultiPickerProps } from './UserMultiPicker.tsx';
