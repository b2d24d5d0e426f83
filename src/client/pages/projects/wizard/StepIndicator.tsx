import { CheckIcon } from '@primer/octicons-react';
import { useTranslation } from 'react-i18next';
import { STEPS, stepIndex, type TStep } from './steps.ts';
import classes from './Wizard.module.css';

/**
 * The steps as an ordered list of buttons: the current one marked `aria-current="step"`, those whose
 * content is complete (`isDone`, from what the project holds) with a check, those not reached yet disabled.
 * Tab reaches each enabled step; Enter or Space opens it.
 */
export function StepIndicator({
  current,
  reached,
  isDone,
  onSelect,
}: {
  current: TStep;
  reached: number;
  /** Whether the step's content is complete (a passed step with nothing in it gets no check). */
  isDone: (step: TStep) => boolean;
  onSelect: (step: TStep) => void;
}) {
  const { t } = useTranslation('workflow');
  const at = stepIndex(current);
  return (
    <nav aria-label={t('wizard.stepsLabel')} className={classes.stepsNav}>
      <ol className={classes.steps}>
        {STEPS.map((step, index) => {
          const state =
            index === at ? 'current' : index < at || index <= reached ? (isDone(step) ? 'done' : 'open') : 'locked';
          return (
            <li key={step} className={classes.step} data-state={state}>
              <button
                type="button"
                className={classes.stepButton}
                aria-current={index === at ? 'step' : undefined}
                disabled={state === 'locked'}
                onClick={() => index !== at && onSelect(step)}
              >
                <span className={classes.stepNumber} aria-hidden="true">
                  {state === 'done' ? <CheckIcon size={12} /> : index + 1}
                </span>
                <span className={classes.stepName}>
                  <span className={classes.visuallyHidden}>
                    {t('wizard.stepOf', { n: index + 1, total: STEPS.length })}{' '}
                  </span>
                  {t(`wizard.steps.${step}`)}
                  {state === 'done' && <span className={classes.visuallyHidden}> ({t('wizard.stepDone')})</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
