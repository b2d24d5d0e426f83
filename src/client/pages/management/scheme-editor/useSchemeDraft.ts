// The scheme editor's state: the draft in a form checked by the shared update schema, the last saved
// state it is compared with (what "unsaved" means) and the lockVersion that save carried back, and
// `edit` to apply one structural change (scheme-edits.ts).
import { useCallback, useRef, useState } from 'react';
import { type TSchemeDetail, type TUpdateSchemeInput, ZUpdateSchemeInput } from '../../../../shared/schemas/schemes.ts';
import { useZodForm, type ZodForm } from '../../../components/FormDialog/index.ts';
import { fromDetail, type SchemeDraft, toUpdateInput } from './scheme-draft.ts';
import { editSections, type SchemeEdit, touchedBy } from './scheme-edits.ts';

export interface SchemeDraftState {
  /** The form holding the draft: field setters, messages, submit. */
  form: ZodForm<SchemeDraft, TUpdateSchemeInput>;
  /** The current draft (the form's values). */
  draft: SchemeDraft;
  /** Whether the draft differs from the last saved state (client ids ignored). */
  dirty: boolean;
  /** Apply one change to the sections and questions. */
  edit: (edit: SchemeEdit) => void;
  /** When the draft was last saved in this editor (null: not yet). */
  savedAt: Date | null;
  /** `sent` (a draft as it was sent) is now the saved state, at `lockVersion`. */
  markSaved: (sent: SchemeDraft, lockVersion: number) => void;
  /** A draft as `schemes.update` input (unchecked), carrying the lockVersion the next save must send. */
  toInput: (draft: SchemeDraft) => ReturnType<typeof toUpdateInput> & { lockVersion: number };
}

/** The comparable form of a draft: what the server would store (client ids ignored). */
function snapshotOf(draft: SchemeDraft): string {
  return JSON.stringify(toUpdateInput(0, draft));
}

/**
 * The editable copy of one scheme version. Saves (by hand or automatic) move the saved state forward
 * without starting the editor afresh, so typing during a save and the open panels are kept.
 */
export function useSchemeDraft(detail: TSchemeDetail): SchemeDraftState {
  const [initial] = useState(() => fromDetail(detail));
  // The version the next save says it read: the loaded one, then what each save answered. A version
  // someone else changed since is refused (stale) instead of overwritten.
  const lockVersion = useRef(detail.lockVersion);
  const [saved, setSaved] = useState<{ snapshot: string; at: Date | null }>(() => ({
    snapshot: snapshotOf(initial),
    at: null,
  }));
  const toInput = useCallback(
    (v: SchemeDraft) => ({ ...toUpdateInput(detail.id, v), lockVersion: lockVersion.current }),
    [detail.id],
  );
  const form = useZodForm(ZUpdateSchemeInput, initial, toInput);
  const draft = form.values;
  const dirty = snapshotOf(draft) !== saved.snapshot;

  const markSaved = useCallback((sent: SchemeDraft, version: number) => {
    lockVersion.current = version;
    setSaved({ snapshot: snapshotOf(sent), at: new Date() });
  }, []);

  const edit = (change: SchemeEdit) =>
    form.patch({ sections: editSections(draft.sections, change) }, touchedBy(change));
  return { form, draft, dirty, edit, savedAt: saved.at, markSaved, toInput };
}
