// The unsaved-changes guard: one provider around the app, one hook per form.
export { UnsavedChangesProvider, useUnsavedChangesGuard, type UnsavedChangesGuard } from './UnsavedChanges.tsx';
