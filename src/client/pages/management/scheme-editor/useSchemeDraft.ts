// The scheme editor's state: the draft in a form checked by the shared update schema, whether it
// differs from the loaded version, and `edit` to apply one structural change (scheme-edits.ts).
import { useEffect, useMemo } from 'react';
import { ZUpdateSchemeInput, type TSchemeDetail, type TUpdateSchemeInput } from '../../../../shared/schemas/schemes.ts';
import { useZodForm, type ZodForm } from '../../../components/FormDialog/index.ts';
import { fromDetail, sameDraft, toUpdateInput, type SchemeDraft } from './scheme-draft.ts';
import { editSections, touchedBy, type SchemeEdit } from './scheme-edits.ts';

export interface SchemeDraftState {
  /** The form holding the draft: field setters, messages, submit. */
  form: ZodForm<SchemeDraft, TUpdateSchemeInput>;
  /** The current draft (the form's values). */
  draft: SchemeDraft;
  /** Whether the draft differs from the loaded version (client ids ignored). */
  dirty: boolean;
  /** Apply one change to the sections and questions. */
  edit: (edit: SchemeEdit) => void;
}

/** The editable copy of one scheme version; leaving the page with unsaved changes asks first. */
export function useSchemeDraft(detail: TSchemeDetail): SchemeDraftState {
  const initial = useMemo(() => fromDetail(detail), [detail]);
  // The save carries the lockVersion read: a version someone else changed since is refused (stale).
  const form = useZodForm(ZUpdateSchemeInput, initial, (v: SchemeDraft) => ({ ...toUpdateInput(detail.id, v), lockVersion: detail.lockVersion }));
  const draft = form.values;
  const dirty = !sameDraft(draft, initial);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const edit = (change: SchemeEdit) => form.patch({ sections: editSections(draft.sections, change) }, touchedBy(change));
  return { form, draft, dirty, edit };
}
