import { ArrowDownIcon, ArrowUpIcon, ChevronDownIcon, ChevronRightIcon, TrashIcon } from '@primer/octicons-react';
import { Button, IconButton, Label } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { hasErrorsUnder } from '../../../components/FormDialog/form-errors.ts';
import { earlierQuestions, type QuestionDraft, type SectionDraft } from './scheme-draft.ts';
import { SchemeQuestionEditor } from './SchemeQuestionEditor.tsx';
import type { StructureProps } from './editor-props.ts';
import classes from './SchemeEditor.module.css';

export interface SchemeQuestionRowProps extends StructureProps {
  section: SectionDraft;
  sectionIndex: number;
  question: QuestionDraft;
  index: number;
}

/**
 * One question of a section: a toggle with its number and text, badges (type, critical, errors), move
 * and remove buttons, and when open (or invalid) every field of the question.
 */
export function SchemeQuestionRow({ scheme, readOnly, expanded, focusLater, section, sectionIndex: si, question: q, index: qi }: SchemeQuestionRowProps) {
  const { t } = useTranslation('business');
  const { draft, form, edit } = scheme;
  const path = `sections.${si}.questions.${qi}`;
  const invalid = hasErrorsUnder(form.errors, path);
  const open = expanded.has(q.uid) || invalid;
  const panelId = `panel-${q.uid}`;
  return (
    <li className={classes.question} data-invalid={invalid || undefined}>
      <div className={classes.questionSummary}>
        <Button
          variant="invisible"
          size="small"
          leadingVisual={open ? ChevronDownIcon : ChevronRightIcon}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => expanded.toggle(q.uid)}
          className={classes.questionToggle}
          data-focus={`toggle-${q.uid}`}
        >
          <span className={classes.questionText}>
            {qi + 1}. {q.text || t('schemes.untitledQuestion')}
          </span>
        </Button>
        <span className={classes.badges}>
          <Label>{t(`schemes.type.${q.type}`)}</Label>
          {q.critical && <Label variant="danger">{t('schemes.critical')}</Label>}
          {invalid && <Label variant="danger">{t('schemes.hasErrors')}</Label>}
        </span>
        {!readOnly && (
          <span className={classes.rowButtons}>
            <IconButton
              icon={ArrowUpIcon}
              size="small"
              variant="invisible"
              aria-label={t('schemes.moveQuestionUp', { n: qi + 1 })}
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
              aria-label={t('schemes.moveQuestionDown', { n: qi + 1 })}
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
              aria-label={t('schemes.removeQuestion', { n: qi + 1 })}
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
            onChange={(patch, touched) => edit({ type: 'updateQuestion', section: si, question: qi, patch, touched })}
          />
        </div>
      )}
    </li>
  );
}
