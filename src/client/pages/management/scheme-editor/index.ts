// The scheme editor of /management/schemes: one version's structure, preview, versions and publishing.
export { SchemeEditor, type SchemeEditorProps } from './SchemeEditor.tsx';
export { SCHEME_STATUS_VARIANT } from './SchemeEditorHeader.tsx';
