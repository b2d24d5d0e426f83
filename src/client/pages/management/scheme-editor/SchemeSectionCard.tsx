import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDownIcon, ArrowUpIcon, GrabberIcon, PlusIcon, TrashIcon } from '@primer/octicons-react';
import { Button, IconButton, Text, TextInput } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { inputDir } from '../../../components/Bidi/index.ts';
import { Field, NumberInput } from '../../../components/FormDialog/index.ts';
import type { StructureProps } from './editor-props.ts';
import { SchemeQuestionRow } from './SchemeQuestionRow.tsx';
import { containerId, questionId, sectionId, useDragging } from './SchemeSortable.tsx';
import type { SectionDraft } from './scheme-draft.ts';
import { newQuestion } from './scheme-edits.ts';
import classes from './SchemeEditor.module.css';

export interface SchemeSectionCardProps extends StructureProps {
  section: SectionDraft;
  index: number;
  /** The section's share of the score, in percent. */
  share: number;
  /** Every question's number in the scheme (by uid). */
  numbers: Map<string, number>;
}

/**
 * One section: a grab handle, title, weight, move and remove buttons, its questions (sortable, and a
 * drop target for questions from other sections) and the button that adds one.
 */
export function SchemeSectionCard(props: SchemeSectionCardProps) {
  const { t } = useTranslation('business');
  const { section, index: si, share, numbers, ...structure } = props;
  const { scheme, readOnly, expanded, focusLater } = structure;
  const { draft, form, edit } = scheme;
  const dragging = useDragging();
  const sortable = useSortable({
    id: sectionId(section.uid),
    disabled: { draggable: readOnly, droppable: dragging === 'question' },
    attributes: { roleDescription: t('schemes.dnd.roleDescription') },
  });
  // An empty section's list takes a dragged question; in one with questions, they are the targets.
  const list = useDroppable({
    id: containerId(section.uid),
    disabled: readOnly || dragging !== 'question' || section.questions.length > 0,
  });
  const sectionPath = `sections.${si}`;
  const title = section.title || t('schemes.untitledSection');
  return (
    <fieldset
      ref={sortable.setNodeRef}
      className={classes.card}
      aria-labelledby={`legend-${section.uid}`}
      data-dragging={sortable.isDragging || undefined}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
    >
      <legend className={classes.legend} id={`legend-${section.uid}`}>
        {t('schemes.sectionN', { n: si + 1, title })}
      </legend>
      <div className={classes.sectionHeader}>
        {!readOnly && (
          <button
            type="button"
            ref={sortable.setActivatorNodeRef}
            className={`${classes.handle} ${classes.sectionHandle}`}
            data-focus={`drag-${section.uid}`}
            {...sortable.attributes}
            {...sortable.listeners}
            aria-label={t('schemes.dnd.dragSection', { n: si + 1, title })}
          >
            <GrabberIcon aria-hidden />
          </button>
        )}
        <Field
          label={t('schemes.sectionTitle')}
          required
          error={form.error(`${sectionPath}.title`)}
          className={classes.grow}
        >
          <TextInput
            block
            dir={inputDir(section.title)}
            readOnly={readOnly}
            value={section.title}
            data-focus={`title-${section.uid}`}
            onChange={(e) => edit({ type: 'updateSection', section: si, patch: { title: e.target.value } })}
          />
        </Field>
        <Field
          label={t('schemes.weight')}
          error={form.error(`${sectionPath}.weight`)}
          caption={t('schemes.shareOfScore', { share })}
        >
          <NumberInput
            readOnly={readOnly}
            value={section.weight}
            min={0}
            step="any"
            onChange={(v) => edit({ type: 'updateSection', section: si, patch: { weight: v } })}
          />
        </Field>
        {!readOnly && (
          <div className={classes.rowButtons}>
            <IconButton
              icon={ArrowUpIcon}
              size="small"
              aria-label={t('schemes.moveSectionUp', { n: si + 1 })}
              disabled={si === 0}
              data-focus={`sup-${section.uid}`}
              onClick={() => {
                edit({ type: 'moveSection', section: si, delta: -1 });
                focusLater(`sup-${section.uid}|sdown-${section.uid}`);
              }}
            />
            <IconButton
              icon={ArrowDownIcon}
              size="small"
              aria-label={t('schemes.moveSectionDown', { n: si + 1 })}
              disabled={si === draft.sections.length - 1}
              data-focus={`sdown-${section.uid}`}
              onClick={() => {
                edit({ type: 'moveSection', section: si, delta: 1 });
                focusLater(`sdown-${section.uid}|sup-${section.uid}`);
              }}
            />
            <IconButton
              icon={TrashIcon}
              size="small"
              variant="danger"
              aria-label={t('schemes.removeSection', { n: si + 1 })}
              onClick={() => {
                edit({ type: 'removeSection', section: si });
                focusLater('add-section');
              }}
            />
          </div>
        )}
      </div>
      {form.error(`${sectionPath}.questions`) && (
        <p className={classes.error}>{form.error(`${sectionPath}.questions`)}</p>
      )}
      <div ref={list.setNodeRef} className={classes.questionList} data-over={list.isOver || undefined}>
        {section.questions.length === 0 ? (
          <Text as="p" className={classes.muted}>
            {t('schemes.noQuestions')}
          </Text>
        ) : (
          <SortableContext
            items={section.questions.map((q) => questionId(q.uid))}
            strategy={verticalListSortingStrategy}
          >
            <ol className={classes.questions}>
              {section.questions.map((q, qi) => (
                <SchemeQuestionRow
                  key={q.uid}
                  {...structure}
                  section={section}
                  sectionIndex={si}
                  question={q}
                  index={qi}
                  number={numbers.get(q.uid) ?? qi + 1}
                  numbers={numbers}
                />
              ))}
            </ol>
          </SortableContext>
        )}
      </div>
      {!readOnly && (
        <Button
          leadingVisual={PlusIcon}
          size="small"
          className={classes.addButton}
          data-focus={`add-${section.uid}`}
          onClick={() => {
            const question = newQuestion();
            edit({ type: 'addQuestion', section: si, question });
            expanded.open(question.uid);
            focusLater(`qtext-${question.uid}`);
          }}
        >
          {t('schemes.addQuestion')}
        </Button>
      )}
    </fieldset>
  );
}
