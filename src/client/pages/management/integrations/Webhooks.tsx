import { PlusIcon, WebhookIcon } from '@primer/octicons-react';
import { Button, Checkbox, CheckboxGroup, FormControl, Heading, Label } from '@primer/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type TWebhook,
  WEBHOOK_EVENTS,
  ZCreateWebhookInput,
  ZUpdateWebhookInput,
} from '../../../../shared/schemas/integrations.ts';
import { FormDialog, TextareaField, TextField, useZodForm } from '../../../components/FormDialog/index.ts';
import { useConfirmDialog } from '../../../components/ListPage/useConfirmDialog.tsx';
import { QueryStates } from '../../../components/QueryError/index.ts';
import { useToast } from '../../../components/Toast/index.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { trpc } from '../../../lib/trpc.ts';
import { DeliveriesDialog } from './Deliveries.tsx';
import { SecretDialog } from './SecretDialog.tsx';
import classes from './Integrations.module.css';

/**
 * The customer's webhook endpoints: add (the signing secret shown once), edit, enable or disable, send
 * a test event, read the deliveries (and redeliver), delete after a confirmation.
 */
export function WebhooksSection({ customerId }: { customerId?: number }) {
  const { t } = useTranslation('integrations');
  const errorText = useErrorText();
  const toast = useToast();
  const headingId = useId();
  const utils = trpc.useUtils();
  const query = trpc.webhooks.list.useQuery({ customerId });
  const update = trpc.webhooks.update.useMutation();
  const remove = trpc.webhooks.delete.useMutation();
  const test = trpc.webhooks.test.useMutation();
  const { confirm, dialog } = useConfirmDialog();
  const [editing, setEditing] = useState<TWebhook | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [log, setLog] = useState<TWebhook | null>(null);

  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      toast.show({ message: done, variant: 'success' });
    } catch (error) {
      toast.show({ message: errorText.error(error), variant: 'critical' });
    }
    await utils.webhooks.list.invalidate();
  };
  const onDelete = async (hook: TWebhook) => {
    const ok = await confirm({
      title: t('hooks.deleteTitle', { url: hook.url }),
      content: t('hooks.deleteContent'),
      confirmLabel: t('hooks.delete'),
    });
    if (ok) await act(() => remove.mutateAsync({ id: hook.id }), t('hooks.deleted'));
  };

  const items = query.data?.items ?? [];
  return (
    <section className={classes.section} aria-labelledby={headingId}>
      <div className={classes.sectionHeader}>
        <Heading as="h2" id={headingId} className={classes.sectionTitle}>
          {t('hooks.title')}
        </Heading>
        <Button leadingVisual={PlusIcon} onClick={() => setEditing('new')}>
          {t('hooks.new')}
        </Button>
      </div>
      <QueryStates query={query} count={items.length} empty={t('hooks.empty')} className={classes.muted} />
      {items.length > 0 && (
        <ul className={classes.list} aria-label={t('hooks.label')}>
          {items.map((hook) => (
            <li key={hook.id} className={classes.item}>
              <div className={classes.main}>
                <span className={classes.name}>
                  <WebhookIcon aria-hidden="true" />
                  <span className={classes.code}>{hook.url}</span>
                  <Label variant={hook.enabled ? 'success' : 'secondary'}>
                    {hook.enabled ? t('hooks.enabled') : t('hooks.disabled')}
                  </Label>
                </span>
                <span className={classes.facts}>
                  {hook.description && <span>{hook.description}</span>}
                  <span title={hook.events.map((e) => t(`event.${e}`)).join(', ')}>
                    {t('hooks.eventCount', { count: hook.events.length })}
                  </span>
                  {hook.disabledReason === 'failing' && <span>{t('hooks.disabledFailing')}</span>}
                </span>
              </div>
              <div className={classes.actions} role="group" aria-label={t('hooks.actions', { url: hook.url })}>
                <Button
                  size="small"
                  aria-label={t('hooks.deliveriesNamed', { url: hook.url })}
                  onClick={() => setLog(hook)}
                >
                  {t('hooks.deliveries')}
                </Button>
                <Button
                  size="small"
                  aria-label={t('hooks.testNamed', { url: hook.url })}
                  onClick={() => void act(() => test.mutateAsync({ id: hook.id }), t('hooks.testSent'))}
                >
                  {t('hooks.test')}
                </Button>
                <Button
                  size="small"
                  aria-label={t(hook.enabled ? 'hooks.disableNamed' : 'hooks.enableNamed', { url: hook.url })}
                  onClick={() =>
                    void act(() => update.mutateAsync({ id: hook.id, enabled: !hook.enabled }), t('hooks.saved'))
                  }
                >
                  {hook.enabled ? t('hooks.disable') : t('hooks.enable')}
                </Button>
                <Button
                  size="small"
                  aria-label={t('hooks.editNamed', { url: hook.url })}
                  onClick={() => setEditing(hook)}
                >
                  {t('hooks.edit')}
                </Button>
                <Button
                  size="small"
                  variant="danger"
                  aria-label={t('hooks.deleteNamed', { url: hook.url })}
                  onClick={() => void onDelete(hook)}
                >
                  {t('hooks.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <WebhookDialog
          hook={editing === 'new' ? null : editing}
          customerId={customerId}
          onClose={() => setEditing(null)}
          onSaved={(created) => {
            setEditing(null);
            if (created) setSecret(created);
            else toast.show({ message: t('hooks.saved'), variant: 'success' });
            void utils.webhooks.list.invalidate();
          }}
        />
      )}
      {secret && (
        <SecretDialog
          title={t('hooks.createdTitle')}
          intro={t('hooks.createdIntro')}
          label={t('hooks.secretLabel')}
          secret={secret}
          onClose={() => setSecret(null)}
        />
      )}
      {log && <DeliveriesDialog hook={log} onClose={() => setLog(null)} />}
      {dialog}
    </section>
  );
}

function WebhookDialog({
  hook,
  customerId,
  onClose,
  onSaved,
}: {
  hook: TWebhook | null;
  customerId?: number;
  onClose: () => void;
  /** With the signing secret when the endpoint is new. */
  onSaved: (secret: string | null) => void;
}) {
  const { t } = useTranslation('integrations');
  const create = trpc.webhooks.create.useMutation();
  const update = trpc.webhooks.update.useMutation();
  const form = useZodForm(
    hook ? ZUpdateWebhookInput : ZCreateWebhookInput,
    { url: hook?.url ?? '', description: hook?.description ?? '', events: hook?.events ?? [] },
    (v) => (hook ? { id: hook.id, ...v } : { customerId, ...v }),
  );
  const eventsError = form.error('events');
  const toggle = (event: string, on: boolean) => {
    const events = form.values.events.filter((e) => e !== event);
    form.set('events', on ? WEBHOOK_EVENTS.filter((e) => e === event || events.includes(e)) : events);
  };
  return (
    <FormDialog
      title={hook ? t('hooks.edit') : t('hooks.new')}
      form={form}
      submitLabel={hook ? t('hooks.save') : t('hooks.create')}
      onClose={onClose}
      onSubmit={async (data) => {
        if (hook) {
          await update.mutateAsync(data as Parameters<typeof update.mutateAsync>[0]);
          onSaved(null);
        } else {
          const created = await create.mutateAsync(data as Parameters<typeof create.mutateAsync>[0]);
          onSaved(created.secret);
        }
      }}
    >
      <TextField form={form} name="url" type="url" label={t('hooks.url')} caption={t('hooks.urlHint')} required />
      <TextareaField form={form} name="description" label={t('hooks.description')} />
      <CheckboxGroup required>
        <CheckboxGroup.Label>{t('hooks.events')}</CheckboxGroup.Label>
        <CheckboxGroup.Caption>{t('hooks.eventsHint')}</CheckboxGroup.Caption>
        <div className={classes.events}>
          {WEBHOOK_EVENTS.map((event) => (
            <FormControl key={event}>
              <Checkbox
                name="events"
                value={event}
                checked={form.values.events.includes(event)}
                onChange={(e) => toggle(event, e.target.checked)}
              />
              <FormControl.Label>{t(`event.${event}`)}</FormControl.Label>
              <FormControl.Caption>
                <span className={classes.code}>{event}</span>
              </FormControl.Caption>
            </FormControl>
          ))}
        </div>
        {eventsError && <CheckboxGroup.Validation variant="error">{eventsError}</CheckboxGroup.Validation>}
      </CheckboxGroup>
    </FormDialog>
  );
}
