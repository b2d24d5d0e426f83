// Props the parts of the scheme editor share: the structure (sections, questions) and the fields
// of one question.
import type { QuestionDraft } from './scheme-draft.ts';
import type { ExpandedQuestions } from './useExpandedQuestions.ts';
import type { SchemeDraftState } from './useSchemeDraft.ts';

export interface StructureProps {
  scheme: SchemeDraftState;
  readOnly: boolean;
  /** Open question panels. */
  expanded: ExpandedQuestions;
  /** Focus the element with this `data-focus` (or the next candidate after `|`) once rendered. */
  focusLater: (target: string) => void;
}

export interface QuestionFieldsProps {
  question: QuestionDraft;
  /** Dotted path of the question in the input (`sections.0.questions.2`). */
  path: string;
  onChange: (patch: Partial<QuestionDraft>, touched: string[]) => void;
  error: (path: string) => string | undefined;
  /** Questions before this one (for "show only if"). */
  earlier: QuestionDraft[];
  /** Every question's number in the scheme (by uid), as the editor and preview show it. */
  numbers: Map<string, number>;
  readOnly: boolean;
}
