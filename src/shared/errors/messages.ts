// The catalogue of expected failures: one stable key per message, English text beside it. The server
// throws `new AppError(code, key, values)`; its English text is the REST `message` and the log line,
// and the client translates `errors:<key>` (locales/<lng>/errors.json, nested by area). Add an area
// as `messages/<area>.ts` (`export const <area>Messages = { '<area>.<name>': 'Text {{value}}' } as const`),
// then import it and spread it below; give every key its four translations in errors.json. Values that
// are words to translate (`record`, `table`, `hint`) are described in vocabulary.ts.
import { interpolate } from './interpolate.ts';
import { academyMessages } from './messages/academy.ts';
import { accountMessages } from './messages/account.ts';
import { assignmentsMessages } from './messages/assignments.ts';
import { authMessages } from './messages/auth.ts';
import { calendarMessages } from './messages/calendar.ts';
import { chatMessages } from './messages/chat.ts';
import { commonMessages } from './messages/common.ts';
import { correctiveActionsMessages } from './messages/correctiveActions.ts';
import { customersMessages } from './messages/customers.ts';
import { dashboardsMessages } from './messages/dashboards.ts';
import { directionsMessages } from './messages/directions.ts';
import { emailMessages } from './messages/email.ts';
import { filesMessages } from './messages/files.ts';
import { importsMessages } from './messages/imports.ts';
import { integrationsMessages } from './messages/integrations.ts';
import { invoiceMessages } from './messages/invoice.ts';
import { licensesMessages } from './messages/licenses.ts';
import { locationClassesMessages } from './messages/locationClasses.ts';
import { locationsMessages } from './messages/locations.ts';
import { outboxMessages } from './messages/outbox.ts';
import { pagesMessages } from './messages/pages.ts';
import { permissionsMessages } from './messages/permissions.ts';
import { projectsMessages } from './messages/projects.ts';
import { type RecordName, recordsMessages } from './messages/records.ts';
import { reportsMessages } from './messages/reports.ts';
import { schemesMessages } from './messages/schemes.ts';
import { shopMessages } from './messages/shop.ts';
import { slotsMessages } from './messages/slots.ts';
import { ssoMessages } from './messages/sso.ts';
import { subDirectionsMessages } from './messages/subDirections.ts';
import { tablesMessages } from './messages/tables.ts';
import { tasksMessages } from './messages/tasks.ts';
import { teamsMessages } from './messages/teams.ts';
import { usersMessages } from './messages/users.ts';
import { viewsMessages } from './messages/views.ts';
import { vocabularyKey } from './vocabulary.ts';

export const ERROR_MESSAGES = {
  ...academyMessages,
  ...accountMessages,
  ...assignmentsMessages,
  ...authMessages,
  ...calendarMessages,
  ...chatMessages,
  ...commonMessages,
  ...correctiveActionsMessages,
  ...customersMessages,
  ...dashboardsMessages,
  ...directionsMessages,
  ...emailMessages,
  ...filesMessages,
  ...importsMessages,
  ...integrationsMessages,
  ...invoiceMessages,
  ...licensesMessages,
  ...locationClassesMessages,
  ...locationsMessages,
  ...pagesMessages,
  ...permissionsMessages,
  ...projectsMessages,
  ...recordsMessages,
  ...reportsMessages,
  ...schemesMessages,
  ...shopMessages,
  ...slotsMessages,
  ...ssoMessages,
  ...subDirectionsMessages,
  ...tablesMessages,
  ...tasksMessages,
  ...teamsMessages,
  ...outboxMessages,
  ...usersMessages,
  ...viewsMessages,
} as const;

export type ErrorKey = keyof typeof ERROR_MESSAGES;
export type ErrorValues = Record<string, string | number>;
export type { RecordName };

export function isErrorKey(key: unknown): key is ErrorKey {
  return typeof key === 'string' && Object.hasOwn(ERROR_MESSAGES, key);
}

/** The English text of `key` with `values` in place (vocabulary values in words). */
export function formatMessage(key: ErrorKey, values: ErrorValues = {}): string {
  const resolved: ErrorValues = {};
  for (const [name, value] of Object.entries(values)) {
    const word = vocabularyKey(name, value);
    resolved[name] = word ? ((ERROR_MESSAGES as Record<string, string>)[word.key] ?? word.words) : value;
  }
  return interpolate(ERROR_MESSAGES[key], resolved);
}
