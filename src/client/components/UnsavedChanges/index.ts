// The unsaved-changes guard: one provider around the app, one hook per form.
export { type UnsavedChangesGuard, UnsavedChangesProvider, useUnsavedChangesGuard } from './UnsavedChanges.tsx';
