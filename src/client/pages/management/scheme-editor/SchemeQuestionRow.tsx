import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  ChevronDownIcon,
  ChevronRightIcon,
  GrabberIcon,
  TrashIcon,
} from '@primer/octicons-react';
import { IconButton, Label } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { hasErrorsUnder } from '../../../components/FormDialog/form-errors.ts';
import type { StructureProps } from './editor-props.ts';
import { SchemeQuestionEditor } from './SchemeQuestionEditor.tsx';
import { questionId, useDragging } from './SchemeSortable.tsx';
import { earlierQuestions, type QuestionDraft, type SectionDraft } from './scheme-draft.ts';
import classes from './SchemeEditor.module.css';

export interface SchemeQuestionRowProps extends StructureProps {
  section: SectionDraft;
  sectionIndex: number;
  question: QuestionDraft;
  index: number;
  /** The question's number in the whole scheme (the same in the preview and the condition picker). */
  number: number;
  /** Numbers of every question, for the condition picker. */
  numbers: Map<string, number>;
}

/**
 * One question of a section: a grab handle, a toggle with its number and text (wrapping, never under
 * the badges), badges (type, critical, errors), move and remove buttons, and when open (or invalid)
 * every field of the question.
 */
export function SchemeQuestionRow({
  scheme,
  readOnly,
  expanded,
  focusLater,
  section,
  sectionIndex: si,
  question: q,
  index: qi,
  number,
  numbers,
}: SchemeQuestionRowProps) {
  const { t } = useTranslation('business');
  const { draft, form, edit } = scheme;
  const dragging = useDragging();
  const sortable = useSortable({
    id: questionId(q.uid),
    disabled: { draggable: readOnly, droppable: dragging === 'section' },
    attributes: { roleDescription: t('schemes.dnd.roleDescription') },
  });
  const path = `sections.${si}.questions.${qi}`;
  const invalid = hasErrorsUnder(form.errors, path);
  const open = expanded.has(q.uid) || invalid;
  const panelId = `panel-${q.uid}`;
  const title = q.text || t('schemes.untitledQuestion');
  return (
    <li
      ref={sortable.setNodeRef}
      className={classes.question}
      data-invalid={invalid || undefined}
      data-dragging={sortable.isDragging || undefined}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
    >
      <div className={classes.questionSummary}>
        {!readOnly && (
          <button
            type="button"
            ref={sortable.setActivatorNodeRef}
            className={classes.handle}
            data-focus={`drag-${q.uid}`}
            {...sortable.attributes}
            {...sortable.listeners}
            aria-label={t('schemes.dnd.dragQuestion', { n: number, text: title })}
          >
            <GrabberIcon aria-hidden />
          </button>
        )}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => expanded.toggle(q.uid)}
          className={classes.questionToggle}
          data-focus={`toggle-${q.uid}`}
        >
          <span className={classes.toggleIcon} aria-hidden>
            {open ? <ChevronDownIcon /> : <ChevronRightIcon />}
          </span>
          <span className={classes.questionText}>
            {number}. <bdi>{title}</bdi>
          </span>
        </button>
        <span className={`${classes.badges} ${classes.rowBadges}`}>
          <Label>{t(`schemes.type.${q.type}`)}</Label>
          {q.critical && <Label variant="danger">{t('schemes.critical')}</Label>}
          {invalid && <Label variant="danger">{t('schemes.hasErrors')}</Label>}
        </span>
        {!readOnly && (
          <span className={`${classes.rowButtons} ${classes.questionButtons}`}>
            <IconButton
              icon={ArrowUpIcon}
              size="small"
              variant="invisible"
              aria-label={t('schemes.moveQuestionUp', { n: number })}
              disabled={qi === 0 && si === 0}
              data-focus={`up-${q.uid}`}
              onClick={() => {
                focusLater(`up-${q.uid}|toggle-${q.uid}`);
                edit({ type: 'moveQuestion', section: si, question: qi, delta: -1 });
              }}
            />
            <IconButton
              icon={ArrowDownIcon}
              size="small"
              variant="invisible"
              aria-label={t('schemes.moveQuestionDown', { n: number })}
              disabled={qi === section.questions.length - 1 && si === draft.sections.length - 1}
              data-focus={`down-${q.uid}`}
              onClick={() => {
                edit({ type: 'moveQuestion', section: si, question: qi, delta: 1 });
                focusLater(`down-${q.uid}|toggle-${q.uid}`);
              }}
            />
            <IconButton
              icon={TrashIcon}
              size="small"
              variant="invisible"
              aria-label={t('schemes.removeQuestion', { n: number })}
              onClick={() => {
                edit({ type: 'removeQuestion', section: si, question: qi });
                focusLater(`add-${section.uid}`);
              }}
            />
          </span>
        )}
      </div>
      {open && (
        <div id={panelId} className={classes.questionPanel}>
          <SchemeQuestionEditor
            question={q}
            path={path}
            readOnly={readOnly}
            error={form.error}
            earlier={earlierQuestions(draft.sections, q.key)}
            numbers={numbers}
            onChange={(patch, touched) => edit({ type: 'updateQuestion', section: si, question: qi, patch, touched })}
          />
        </div>
      )}
    </li>
  );
}
