// One question of the scheme as a group named by its text: the control fitted to its type (yes/no as
// two big radios, a score as a segmented radio control or a spinbutton, choices as radios named by their
// label, a number spinbutton, a text box), N/A where allowed, its help, its evidence prompt and photos.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TQuestion } from '../../../../shared/schemas/schemes.ts';
import { Bdi } from '../../../components/Bidi/index.ts';
import type { AnswerPatch } from './outbox.ts';
import { PhotoInput, type PhotoProps } from './PhotoInput.tsx';
import type { LocalAnswer } from './perform-state.ts';
import { SignaturePad } from './SignaturePad.tsx';
import classes from './Perform.module.css';

/** Scores up to this many points are radios; beyond, a spinbutton. */
const SEGMENTED_MAX = 10;

export interface QuestionFieldProps {
  question: TQuestion;
  answer: LocalAnswer | undefined;
  onChange: (patch: AnswerPatch) => void;
  /** Photos still owed by the evidence rule (0: none). */
  evidenceNeeded: number;
  flagged: boolean;
  /** The reviewer's comment on this question when the task was sent back. */
  reviewComment?: string | null;
  photos: PhotoProps;
}

export function QuestionField({
  question: q,
  answer,
  onChange,
  evidenceNeeded,
  flagged,
  reviewComment,
  photos,
}: QuestionFieldProps) {
  const { t } = useTranslation('perform');
  const id = useId();
  const legendId = `${id}-legend`;
  const helpId = `${id}-help`;
  const na = Boolean(answer?.na) && q.allowNA;
  const value = answer?.value ?? null;
  const name = `${id}-value`;
  const describedBy = q.help ? helpId : undefined;
  const showPhotos = q.type === 'photo' || q.evidence !== 'none';

  const radio = (label: string, checked: boolean, onSelect: () => void, extra = '') => (
    <label className={`${classes.choice} ${extra}`} key={label}>
      <input type="radio" name={name} checked={checked} disabled={na} onChange={onSelect} />
      <Bdi>{label}</Bdi>
    </label>
  );

  let control: React.ReactNode = null;
  switch (q.type) {
    case 'yesno':
      control = (
        <div className={classes.bigChoices}>
          {radio(t('yes'), value === true, () => onChange({ value: true, na: false }))}
          {radio(t('no'), value === false, () => onChange({ value: false, na: false }))}
        </div>
      );
      break;
    case 'score':
      control =
        q.maxScore <= SEGMENTED_MAX && Number.isInteger(q.maxScore) ? (
          <div className={classes.choices}>
            {Array.from({ length: q.maxScore + 1 }, (_, n) =>
              radio(String(n), value === n, () => onChange({ value: n, na: false }), classes.segment),
            )}
          </div>
        ) : (
          <NumberBox
            labelledBy={legendId}
            value={value}
            min={0}
            max={q.maxScore}
            disabled={na}
            onChange={(v) => onChange({ value: v, na: false })}
          />
        );
      break;
    case 'choice':
      control = (
        <div className={classes.choices}>
          {q.options.map((o) => radio(o.label, value === o.value, () => onChange({ value: o.value, na: false })))}
        </div>
      );
      break;
    case 'number':
      control = (
        <NumberBox
          labelledBy={legendId}
          value={value}
          min={0}
          disabled={na}
          onChange={(v) => onChange({ value: v, na: false })}
        />
      );
      break;
    case 'text':
      control = (
        <textarea
          className={classes.input}
          dir="auto"
          rows={3}
          aria-labelledby={legendId}
          value={typeof value === 'string' ? value : ''}
          disabled={na}
          onChange={(e) => onChange({ value: e.target.value === '' ? null : e.target.value })}
        />
      );
      break;
    case 'signature':
      control = (
        <SignaturePad
          questionKey={q.key}
          files={answer?.files ?? []}
          onFiles={(files) => onChange({ files })}
          photos={photos}
        />
      );
      break;
    case 'photo':
      break;
  }

  return (
    <fieldset
      className={`${classes.question} ${flagged ? classes.flagged : ''}`}
      aria-describedby={describedBy}
      data-question={q.key}
    >
      <legend id={legendId} className={classes.legend}>
        <Bdi>{q.text}</Bdi>
        {q.required && (
          <span className={classes.required} aria-hidden="true">
            {' *'}
          </span>
        )}
        {flagged && <span className={classes.required}> · {t('flagged')}</span>}
      </legend>
      {reviewComment && (
        <p className={classes.reviewComment}>
          {t('reviewerSays')} <Bdi>{reviewComment}</Bdi>
        </p>
      )}
      {q.help && (
        <p id={helpId} className={classes.help}>
          <Bdi>{q.help}</Bdi>
        </p>
      )}
      {q.required && <span className={classes.srOnly}>{t('requiredHint')}</span>}
      {control}
      {q.allowNA && (
        <label className={classes.naRow}>
          <input type="checkbox" checked={na} onChange={(e) => onChange({ na: e.target.checked })} />
          {t('na')}
        </label>
      )}
      {evidenceNeeded > 0 && !na && (
        <p className={classes.evidence}>{t('evidenceNeeded', { count: evidenceNeeded })}</p>
      )}
      {showPhotos && !na && (
        <PhotoInput
          questionKey={q.key}
          files={answer?.files ?? []}
          onFiles={(files) => onChange({ files })}
          {...photos}
        />
      )}
    </fieldset>
  );
}

function NumberBox(props: {
  labelledBy: string;
  value: unknown;
  min?: number;
  max?: number;
  disabled: boolean;
  onChange: (v: number | null) => void;
}) {
  return (
    <input
      type="number"
      inputMode="decimal"
      className={`${classes.input} ${classes.numberInput}`}
      aria-labelledby={props.labelledBy}
      min={props.min}
      max={props.max}
      step="any"
      disabled={props.disabled}
      value={typeof props.value === 'number' ? props.value : ''}
      onChange={(e) => {
        const raw = e.target.value;
        const n = raw === '' ? null : Number(raw);
        props.onChange(n === null || Number.isFinite(n) ? n : null);
      }}
    />
  );
}
