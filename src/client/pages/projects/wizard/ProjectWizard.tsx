// The stepped project form of /projects/createProject and /projects/editProject/{id}: details →
// scheme → locations → assignments → slots → review. The step is in the URL (?step=); each step is
// checked before the next opens; "Save draft and leave" saves what the step holds and returns to the
// list. Values typed in earlier steps stay while moving back and forth.
import { ArrowLeftIcon, ArrowRightIcon } from '@primer/octicons-react';
import { Banner, Button, Heading, Spinner, Text } from '@primer/react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { z } from 'zod';
import { msg } from '../../../../shared/errors/validation.ts';
import { isStaleRecordError, parseError } from '../../../../shared/errors.ts';
import { ZCode, zName, zOptionalText } from '../../../../shared/schemas/business.ts';
import { ZInputIsoDate } from '../../../../shared/schemas/common.ts';
import { DEFAULT_ACTION_DUE_DAYS, ZActionDueDays } from '../../../../shared/schemas/corrective-actions.ts';
import { type TProject, ZCreateProjectInput } from '../../../../shared/schemas/projects.ts';
import { useZodForm } from '../../../components/FormDialog/index.ts';
import { NoticeArea, useNotice } from '../../../components/ListPage/index.ts';
import { requireCustomerFor, useIsSuperadmin } from '../../../components/RecordSelect/index.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { trpc } from '../../../lib/trpc.ts';
import { AssignmentsStep } from './AssignmentsStep.tsx';
import { DetailsStep } from './DetailsStep.tsx';
import { LocationsStep } from './LocationsStep.tsx';
import { ReviewStep } from './ReviewStep.tsx';
import { SchemeStep } from './SchemeStep.tsx';
import { StepIndicator } from './StepIndicator.tsx';
import { parseStep, STEPS, stepIndex, type TStep } from './steps.ts';
import { useLocationSelection } from './useLocationSelection.ts';
import type { ProjectValues, StepProps } from './wizard-types.ts';
import classes from './Wizard.module.css';

// The slots step's calendar (FullCalendar) loads only when that step opens.
const SlotsStep = lazy(() => import('./SlotsStep.tsx').then((m) => ({ default: m.SlotsStep })));

const DETAIL_FIELDS = ['customerId', 'code', 'name', 'description', 'startDate', 'endDate', 'actionDueDays'];

/** The details step's check: the create schema's detail fields and its date rule. */
const ZDetails = z
  .object({
    code: ZCode,
    name: zName(),
    description: zOptionalText(4000),
    startDate: ZInputIsoDate,
    endDate: ZInputIsoDate,
    actionDueDays: ZActionDueDays,
  })
  .refine((v) => v.endDate >= v.startDate, {
    message: msg('projects.endAfterStart'),
    path: ['endDate'],
  });
const ZSchemeChoice = z.object({
  schemeId: z
    .number({ error: msg('projects.scheme') })
    .int()
    .positive(msg('projects.scheme')),
});

/** Loads the project (edit) before its form opens. */
export function ProjectWizard({ projectId }: { projectId: number | null }) {
  const { t } = useTranslation('workflow');
  const errorText = useErrorText();
  const project = trpc.projects.byId.useQuery({ id: projectId ?? 0 }, { enabled: projectId !== null });
  if (projectId !== null && project.error) {
    return (
      <div className={classes.page}>
        <Heading as="h1" className={classes.title}>
          {t('wizard.editTitle')}
        </Heading>
        <Banner variant="critical" title={t('wizard.loadFailed')} description={errorText.error(project.error)} />
      </div>
    );
  }
  if (projectId !== null && !project.data) {
    return (
      <div className={classes.loading}>
        <Spinner srText={t('loading')} />
      </div>
    );
  }
  return <WizardBody key={projectId ?? 'new'} project={project.data ?? null} />;
}

function WizardBody({ project }: { project: TProject | null }) {
  const { t } = useTranslation('workflow');
  const errorText = useErrorText();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const superadmin = useIsSuperadmin();
  const utils = trpc.useUtils();
  const notices = useNotice();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const requested = parseStep(new URLSearchParams(search).get('step'));
  // A new project has only its first two steps until it is saved.
  const step: TStep = project || stepIndex(requested) <= 1 ? requested : 'details';
  const [stale, setStale] = useState(false);
  const [stepError, setStepError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [hint, setHint] = useState<string | null>(null);
  const create = trpc.projects.create.useMutation();
  const update = trpc.projects.update.useMutation();

  const schema = useMemo(() => {
    if (step === 'details') return ZDetails;
    // A new project is created here: the whole create input, the scheme's own message first.
    if (step === 'scheme' && !project) return ZSchemeChoice.and(requireCustomerFor(ZCreateProjectInput, superadmin));
    return ZSchemeChoice;
  }, [step, project, superadmin]);
  const form = useZodForm<z.ZodType, ProjectValues>(
    schema,
    {
      customerId: null,
      code: project?.code ?? '',
      name: project?.name ?? '',
      description: project?.description ?? '',
      startDate: project?.startDate ?? '',
      endDate: project?.endDate ?? '',
      actionDueDays: project?.actionDueDays ?? DEFAULT_ACTION_DUE_DAYS,
      schemeId: project?.scheme.id ?? null,
    },
    (v) => ({
      ...v,
      customerId: superadmin ? (v.customerId ?? undefined) : undefined,
      schemeId: v.schemeId ?? undefined,
    }),
  );

  const assignments = trpc.assignments.list.useQuery(
    { projectId: project?.id ?? 0, itemsPerPage: -1, sortBy: 'location' },
    { enabled: !!project },
  );
  const slots = trpc.slots.list.useQuery({ projectId: project?.id ?? 0, itemsPerPage: 1 }, { enabled: !!project });
  const selection = useLocationSelection(project?.id ?? null, assignments.data?.items);

  // How far the steps may be opened from the indicator: what the project already holds, and what was reached.
  const assignedCount = assignments.data?.total ?? 0;
  const slotCount = slots.data?.total ?? 0;
  const saved = !project
    ? 0
    : slotCount > 0
      ? 5
      : assignedCount > 0
        ? 4
        : selection.ready && selection.selected.size > 0
          ? 3
          : 2;
  const [reached, setReached] = useState(() => Math.max(stepIndex(step), project ? 2 : 0));
  const furthest = Math.max(reached, saved);

  /** Open a step; the next step's checks wait for its own Next (`keepErrors`: the server's messages sent us back here). */
  const go = (next: TStep, { replace = false, keepErrors = false } = {}) => {
    setStepError(null);
    setHint(null);
    if (!keepErrors) form.reset(form.values);
    setReached((r) => Math.max(r, stepIndex(next)));
    navigate(`${path}?step=${next}`, { replace });
  };

  // A new step reads from the page's title: focus its heading without the browser's scroll, which left
  // the title under the sticky top bar, and bring the title back below the bar when the last step left
  // the page scrolled past it (the header's scroll margin is the bar's height and a gap).
  const headerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
    const header = headerRef.current;
    if (!header) return;
    const clear = Number.parseFloat(getComputedStyle(header).scrollMarginBlockStart) || 0;
    if (header.getBoundingClientRect().top < clear) header.scrollIntoView({ block: 'start' });
  }, [step]);

  // A refused step: focus its first invalid field (after the step heading took focus, when the step changed).
  const bodyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!form.failedSubmits) return;
    const frame = requestAnimationFrame(() =>
      bodyRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [form.failedSubmits]);

  const refreshProject = async () => {
    await Promise.all([utils.projects.invalidate(), utils.assignments.invalidate(), utils.slots.invalidate()]);
  };

  const run = async (action: () => Promise<boolean>): Promise<boolean> => {
    setBusy(true);
    setStepError(null);
    try {
      return await action();
    } catch (error) {
      if (isStaleRecordError(error)) setStale(true);
      else setStepError(errorText.error(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** The id of the project created by the scheme step (a new project moves to its edit address). */
  const created = useRef<number | null>(null);

  /** Saves the details (and the scheme) to the server: create the first time, update after. Resolves true when saved. */
  const saveProject = (which: 'details' | 'scheme') =>
    form.handleSubmit(async (data) => {
      const input = data as Record<string, unknown>;
      try {
        if (!project) {
          const done = await create.mutateAsync(input as never);
          created.current = done.id;
          await utils.projects.invalidate();
          return;
        }
        const changes: Record<string, unknown> =
          which === 'details'
            ? {
                code: input.code,
                name: input.name,
                description: input.description,
                startDate: input.startDate,
                endDate: input.endDate,
                actionDueDays: input.actionDueDays,
              }
            : project.status === 'draft'
              ? { schemeId: input.schemeId }
              : {};
        const current: Record<string, unknown> = { ...project, schemeId: project.scheme.id };
        if (Object.entries(changes).some(([key, value]) => value !== current[key])) {
          await update.mutateAsync({ id: project.id, version: project.version, ...changes });
          await refreshProject();
        }
      } catch (error) {
        if (isStaleRecordError(error)) setStale(true);
        const fields = Object.keys(parseError(error).fieldErrors);
        if (which === 'scheme' && fields.some((field) => DETAIL_FIELDS.includes(field)))
          go('details', { keepErrors: true });
        throw error;
      }
    });

  /** Checks (and saves) the current step. `draft`: save what there is, without requiring the step to be complete. */
  async function commit(mode: 'next' | 'draft'): Promise<{ ok: boolean; createdId?: number }> {
    switch (step) {
      case 'details':
        return { ok: await (project ? saveProject('details')() : form.handleSubmit(() => undefined)()) };
      case 'scheme': {
        const ok = await saveProject('scheme')();
        return { ok, createdId: created.current ?? undefined };
      }
      case 'locations':
        return { ok: await run(() => selection.commit(mode === 'draft' ? 'draft' : 'next')) };
      case 'assignments': {
        if (mode === 'draft') return { ok: true };
        if (assignedCount === 0 || selection.pending.size > 0) {
          setStepError(t('wizard.assignments.incomplete', { count: selection.pending.size }));
          return { ok: false };
        }
        return { ok: true };
      }
      case 'slots': {
        if (mode === 'draft') return { ok: true };
        if (slotCount === 0) {
          setStepError(t('wizard.slots.none'));
          return { ok: false };
        }
        return { ok: true };
      }
      default:
        return { ok: true };
    }
  }

  async function next() {
    const { ok, createdId } = await commit('next');
    if (!ok) return;
    const target = STEPS[stepIndex(step) + 1];
    if (createdId) navigate(`/projects/editProject/${createdId}?step=${target}`, { replace: true });
    else if (target) go(target);
  }

  async function jump(target: TStep) {
    if (stepIndex(target) < stepIndex(step)) return go(target);
    const { ok, createdId } = await commit('next');
    if (!ok) return;
    if (createdId) navigate(`/projects/editProject/${createdId}?step=${target}`, { replace: true });
    else go(target);
  }

  async function saveDraft() {
    if (!project && step === 'details') {
      // A draft is a project, and a project needs its scheme: check the details, then ask for it.
      if (!(await form.handleSubmit(() => undefined)())) return;
      go('scheme');
      setHint(t('wizard.chooseSchemeToSave'));
      return;
    }
    const { ok } = await commit('draft');
    if (ok) navigate(`/projects?q=${encodeURIComponent(project?.code ?? form.values.code)}`);
  }

  /** A step's check: what the project really holds, not only that the step was passed. */
  const isDone = (s: TStep): boolean => {
    if (s === 'details' || s === 'scheme') return !!project;
    if (s === 'locations') return selection.ready && selection.selected.size > 0;
    if (s === 'assignments') return assignedCount > 0 && selection.pending.size === 0;
    if (s === 'slots') return slotCount > 0;
    return false;
  };

  const props: StepProps = { project, form, superadmin, notices, setError: setStepError, refresh: refreshProject };
  const index = stepIndex(step);
  const title = project ? t('wizard.editTitle', { name: project.name }) : t('wizard.createTitle');

  return (
    <div className={classes.page}>
      <header ref={headerRef} className={classes.header}>
        <Heading as="h1" className={classes.title}>
          {title}
        </Heading>
        {project && (
          <Text as="p" className={classes.muted}>
            {t('wizard.statusLine', { code: project.code, status: t(`projectStatus.${project.status}`) })}
          </Text>
        )}
      </header>
      <StepIndicator current={step} reached={furthest} isDone={isDone} onSelect={(target) => void jump(target)} />
      <NoticeArea notices={notices} />
      <section className={classes.card} aria-labelledby="wizard-step-heading">
        <Heading as="h2" id="wizard-step-heading" ref={headingRef} tabIndex={-1} className={classes.stepTitle}>
          {t('wizard.stepHeading', { n: index + 1, total: STEPS.length, name: t(`wizard.steps.${step}`) })}
        </Heading>
        <Text as="p" className={classes.muted}>
          {t(`wizard.hints.${step}`)}
        </Text>
        {stale && (
          <Banner
            variant="warning"
            title={t('wizard.staleTitle')}
            description={t('wizard.stale')}
            primaryAction={
              <Banner.PrimaryAction
                onClick={() => {
                  setStale(false);
                  void refreshProject();
                }}
              >
                {t('wizard.reload')}
              </Banner.PrimaryAction>
            }
          />
        )}
        {form.formError && !stale && (step === 'details' || step === 'scheme') && (
          <Banner
            variant="critical"
            title={t('wizard.checkFields')}
            description={form.formError}
            aria-live="assertive"
          />
        )}
        {hint && <Banner variant="info" title={hint} hideTitle={false} />}
        {stepError && (
          <Banner variant="critical" title={t('wizard.cannotContinue')} description={stepError} aria-live="assertive" />
        )}
        <div className={classes.stepBody} ref={bodyRef}>
          {(step === 'details' || step === 'scheme') && (
            // Enter in a field goes to the next step.
            <form
              noValidate
              aria-labelledby="wizard-step-heading"
              onSubmit={(e) => {
                e.preventDefault();
                void next();
              }}
            >
              {step === 'details' ? <DetailsStep {...props} /> : <SchemeStep {...props} />}
              <button type="submit" hidden tabIndex={-1} />
            </form>
          )}
          {step === 'locations' && project && <LocationsStep {...props} project={project} selection={selection} />}
          {step === 'assignments' && project && (
            <AssignmentsStep
              {...props}
              project={project}
              selection={selection}
              assignments={assignments.data?.items ?? []}
            />
          )}
          {step === 'slots' && project && (
            <Suspense fallback={<Spinner srText={t('loading')} />}>
              <SlotsStep {...props} project={project} assignments={assignments.data?.items ?? []} />
            </Suspense>
          )}
          {step === 'review' && project && (
            <ReviewStep
              {...props}
              project={project}
              assignments={assignments.data?.items ?? []}
              slotCount={slotCount}
            />
          )}
        </div>
      </section>
      <footer className={classes.footer}>
        <Button
          leadingVisual={ArrowLeftIcon}
          disabled={index === 0 || busy}
          onClick={() => go(STEPS[index - 1])}
          className={classes.directional}
        >
          {t('wizard.back')}
        </Button>
        <div className={classes.footerEnd}>
          <Button onClick={() => void saveDraft()} disabled={busy || form.submitting}>
            {t('wizard.saveDraft')}
          </Button>
          {step !== 'review' && (
            <Button
              variant="primary"
              trailingVisual={ArrowRightIcon}
              onClick={() => void next()}
              loading={busy || form.submitting}
              className={classes.directional}
            >
              {t('wizard.next')}
            </Button>
          )}
        </div>
      </footer>
      {selection.dialog}
    </div>
  );
}
