// /apps/academy/course-details/:id (and /apps/academy/course-details: the first course): a course's page
// with its sections and lectures. Ticking a lecture saves it at once (apps.academy.setTopicCompleted with
// the lecture's version): the server recomputes the course's progress and answers the page as it now
// stands; a lecture changed elsewhere since it was read is refused (CONFLICT) and the page reloads.
import { ArrowLeftIcon } from '@primer/octicons-react';
import { Banner, Checkbox, FormControl, Heading, Label, Spinner, Text } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { pathFor } from '../../../app/routes.tsx';
import { QueryError } from '../../../components/QueryError/index.ts';
import { useToast } from '../../../components/Toast/index.ts';
import { useCan } from '../../../lib/can.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useFormatters } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { CourseProgress, percentOf, useDuration } from './academy-ui.tsx';
import classes from './Academy.module.css';

export default function CourseDetailsPage() {
  const { t } = useTranslation('academy');
  const errorText = useErrorText();
  const fmt = useFormatters();
  const can = useCan();
  const duration = useDuration();
  const toast = useToast();
  const utils = trpc.useUtils();
  const params = useParams<{ id?: string }>();
  const courseId = params.id !== undefined && /^\d+$/.test(params.id) ? Number(params.id) : undefined;
  const input = courseId === undefined ? {} : { courseId };
  const details = trpc.apps.academy.courseDetails.useQuery(input, {
    retry: (count, error) => error.data?.code !== 'NOT_FOUND' && count < 2,
  });
  const [pending, setPending] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const tick = trpc.apps.academy.setTopicCompleted.useMutation({
    onSuccess: (course) => {
      utils.apps.academy.courseDetails.setData(input, course);
      void utils.apps.academy.courses.list.invalidate();
      void utils.apps.academy.summary.invalidate();
      toast.show({ message: t('details.saved'), variant: 'success' });
    },
    onError: (error) => {
      setProblem(
        error.data?.code === 'CONFLICT'
          ? t('details.conflict')
          : `${t('details.saveFailed')}: ${errorText.error(error)}`,
      );
      void details.refetch();
    },
    onSettled: () => setPending(null),
  });
  const mayTick = can('manage', 'DemoApp');
  const d = details.data;

  return (
    <div className={classes.page}>
      <Link href={pathFor('apps-academy-my-course')} className={classes.back}>
        <ArrowLeftIcon aria-hidden="true" className={classes.flipRtl} /> {t('details.back')}
      </Link>
      {details.error &&
        (details.error.data?.code === 'NOT_FOUND' ? (
          <Banner variant="warning" title={t('details.notFound')} />
        ) : (
          <QueryError title={t('loadFailed')} error={details.error} onRetry={details.refetch} />
        ))}
      {details.isLoading && <Spinner srText={t('loading')} />}
      {d && (
        <>
          <header className={classes.card}>
            <span className={classes.cardMeta}>
              <Label>{t(`tag.${d.tag}`)}</Label>
            </span>
            <Heading as="h1" className={classes.title}>
              <bdi dir="auto">{d.title}</bdi>
            </Heading>
            <div className={classes.instructor}>
              <img src={d.instructorAvatar} alt="" className={classes.avatar} />
              <span>
                <Text as="p" className={classes.strong}>
                  {d.instructor}
                </Text>
                <Text as="p" className={classes.muted}>
                  {d.instructorPosition}
                </Text>
              </span>
            </div>
            <section aria-labelledby="ac-progress">
              <Heading as="h2" id="ac-progress" className={classes.cardTitle}>
                {t('details.progress')}
              </Heading>
              <CourseProgress
                title={d.title}
                done={d.completedLectures}
                total={d.totalLectures}
                testId="course-progress"
              />
              <Text as="p" className={classes.srOnly} aria-live="polite">
                {t('details.progressText', {
                  done: d.completedLectures,
                  total: d.totalLectures,
                  percent: percentOf(d.completedLectures, d.totalLectures),
                })}
              </Text>
            </section>
          </header>
          <div className={classes.detailGrid}>
            <section className={classes.card} aria-labelledby="ac-content">
              <Heading as="h2" id="ac-content" className={classes.cardTitle}>
                {t('details.content')}
              </Heading>
              {!mayTick && <Banner variant="info" title={t('details.readOnly')} hideTitle={false} />}
              {problem && <Banner variant="critical" title={problem} onDismiss={() => setProblem(null)} />}
              {d.content.length === 0 && <Text className={classes.muted}>{t('details.empty')}</Text>}
              {d.content.map((section) => {
                const done = section.topics.filter((x) => x.isCompleted).length;
                return (
                  <section
                    key={section.id}
                    className={classes.section}
                    aria-labelledby={`ac-s-${section.id}`}
                    data-section={section.id}
                  >
                    <Heading as="h3" id={`ac-s-${section.id}`} className={classes.sectionTitle}>
                      <bdi dir="auto">{section.title}</bdi>
                    </Heading>
                    <Text as="p" className={classes.muted}>
                      {t('details.sectionStatus', {
                        done: fmt.number(done),
                        total: fmt.number(section.topics.length),
                        time: duration(section.time),
                      })}
                    </Text>
                    <ul className={classes.topics}>
                      {section.topics.map((topic) => (
                        <li key={topic.id} data-topic={topic.id}>
                          <FormControl disabled={!mayTick || pending === topic.id}>
                            <Checkbox
                              checked={topic.isCompleted}
                              onChange={(e) => {
                                const checked = e.target.checked;
                                setPending(topic.id);
                                setProblem(null);
                                // Shown at once; the server's answer (or a reload on refusal) replaces it.
                                utils.apps.academy.courseDetails.setData(
                                  input,
                                  (old) =>
                                    old && {
                                      ...old,
                                      content: old.content.map((s) => ({
                                        ...s,
                                        topics: s.topics.map((x) =>
                                          x.id === topic.id ? { ...x, isCompleted: checked } : x,
                                        ),
                                      })),
                                    },
                                );
                                tick.mutate({ topicId: topic.id, isCompleted: checked, version: topic.version });
                              }}
                            />
                            <FormControl.Label className={classes.topicLabel}>
                              <bdi dir="auto">{topic.title}</bdi>
                            </FormControl.Label>
                            <FormControl.Caption>{duration(topic.time)}</FormControl.Caption>
                          </FormControl>
                        </li>
                      ))}
                    </ul>
                  </section>
                );
              })}
            </section>
            <section className={classes.card} aria-labelledby="ac-about">
              <Heading as="h2" id="ac-about" className={classes.cardTitle}>
                {t('details.about')}
              </Heading>
              <Text as="p">{d.about}</Text>
              <dl className={classes.facts} aria-label={t('details.facts')}>
                <Fact label={t('details.skillLevel')} value={d.skillLevel} />
                <Fact label={t('details.students')} value={fmt.number(d.totalStudents)} />
                <Fact label={t('details.language')} value={d.language} />
                <Fact label={t('details.captions')} value={d.isCaptions ? t('details.yes') : t('details.no')} />
                <Fact label={t('details.lectures')} value={fmt.number(d.totalLectures)} />
                <Fact
                  label={t('details.length')}
                  value={t('details.hours', { n: fmt.number(Number.parseFloat(d.length)) })}
                />
              </dl>
              <Heading as="h3" className={classes.sectionTitle}>
                {t('details.description')}
              </Heading>
              {d.description.map((paragraph, i) => (
                <Text as="p" key={i}>
                  {paragraph}
                </Text>
              ))}
            </section>
          </div>
        </>
      )}
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
