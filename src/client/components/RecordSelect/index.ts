// Selects of related records (customers, directions, sub-directions, location classes, teams, users).
export { CustomerFilter, useIsSuperadmin } from './CustomerFilter.tsx';
export { RecordSelect, type RecordOption, type RecordSelectProps } from './RecordSelect.tsx';
export * from './options.ts';
export { CHOOSE_CUSTOMER, CustomerField, requireCustomerFor, useCustomerRecordForm, type CustomerRecordFormOptions } from './customer-field.tsx';
export { UserMultiPicker, type PickedUser, type UserMultiPickerProps } from './UserMultiPicker.tsx';
