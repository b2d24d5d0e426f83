import { useTranslation } from 'react-i18next';
import type { TQuestion } from '../../../../shared/schemas/schemes.ts';
import type { TAnswer } from '../../../../shared/schemas/tasks.ts';
import { Bdi, Ltr } from '../../../components/Bidi/index.ts';
import { useFormatters } from '../../../lib/format.ts';

/** An answer's value as text: Yes / No, a score out of its max, the option's label, a number, the text. */
export function AnswerValue({
  question,
  answer,
}: {
  question: TQuestion | undefined;
  answer: TAnswer | null | undefined;
}) {
  const { t } = useTranslation('review');
  const fmt = useFormatters();
  if (!answer) return <span>{t('changes.nothing')}</span>;
  if (answer.na) return <span>{t('answers.na')}</span>;
  const value = answer.value;
  if (value === null) return <span>{answer.fileIds.length ? t('answers.evidence') : t('answers.notAnswered')}</span>;
  if (typeof value === 'boolean') return <span>{value ? t('answers.yes') : t('answers.no')}</span>;
  if (typeof value === 'number') {
    return question?.type === 'score' && question.maxScore > 0 ? (
      <Ltr>{`${fmt.number(value)} / ${fmt.number(question.maxScore)}`}</Ltr>
    ) : (
      <Ltr>{fmt.number(value)}</Ltr>
    );
  }
  const option = question?.type === 'choice' ? question.options.find((o) => o.value === value) : undefined;
  return <Bdi>{option?.label ?? value}</Bdi>;
}
