import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { PlusIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { useTranslation } from 'react-i18next';
import type { StructureProps } from './editor-props.ts';
import { SchemeSectionCard } from './SchemeSectionCard.tsx';
import { SchemeSortable, sectionId } from './SchemeSortable.tsx';
import { questionNumbers, sectionShares } from './scheme-draft.ts';
import { newSection } from './scheme-edits.ts';
import classes from './SchemeEditor.module.css';

/** Every section of the scheme, in order (drag to reorder), and the button that adds one. */
export function SchemeSectionList(props: StructureProps) {
  const { t } = useTranslation('business');
  const { scheme, readOnly, focusLater } = props;
  const { draft, form, edit } = scheme;
  const shares = sectionShares(draft.sections);
  const numbers = questionNumbers(draft.sections);
  return (
    <>
      <SchemeSortable scheme={scheme} focusLater={props.focusLater}>
        <SortableContext items={draft.sections.map((s) => sectionId(s.uid))} strategy={verticalListSortingStrategy}>
          {draft.sections.map((section, si) => (
            <SchemeSectionCard
              key={section.uid}
              {...props}
              section={section}
              index={si}
              share={shares[si]}
              numbers={numbers}
            />
          ))}
        </SortableContext>
      </SchemeSortable>
      {form.error('sections') && <p className={classes.error}>{form.error('sections')}</p>}
      {!readOnly && (
        <Button
          leadingVisual={PlusIcon}
          className={classes.addButton}
          data-focus="add-section"
          onClick={() => {
            const section = newSection();
            edit({ type: 'addSection', section });
            focusLater(`title-${section.uid}`);
          }}
        >
          {t('schemes.addSection')}
        </Button>
      )}
    </>
  );
}
