// The schemas' own validation messages, by key: a schema writes `.max(200, msg('name.max'))`, so the
// issue's message is the key; the client translates `validation:<key>` with the parameters
// (`{{maximum}}`, `{{minimum}}`…) and the server formats the English below for REST bodies and logs.
// zod's built-in messages carry no key: the client words them by issue code (see `FieldIssue`).
import { interpolate } from './interpolate.ts';

export const VALIDATION_MESSAGES = {
  'academy.isCompleted': 'isCompleted must be true or false',
  'academy.version': 'version must be the version of the lecture you read',

  'account.currentPasswordRequired': 'Current password is required',
  'account.language': 'Choose one of the languages',
  'account.newPasswordSame': 'Choose a password different from the current one',

  'apiKeys.expiresInFuture': 'The expiry must be in the future',

  'assignments.locationsMax': 'At most 5,000 locations at once',
  'assignments.locationsRequired': 'Choose at least one location',
  'assignments.plannedVisitsMax': 'Planned visits must be at most {{maximum}}',
  'assignments.plannedVisitsMin': 'Planned visits must be {{minimum}} or more',
  'assignments.plannedVisitsWhole': 'Planned visits must be a whole number',

  'audit.action': 'action must be one of {{values}}',
  'audit.entityType': 'entityType must be one of {{values}}',

  'auth.customerCodeRequired': 'Customer code is required',

  'calendar.endBeforeStart': 'End must not be before start',

  'chat.messageRequired': 'Message is required',

  'classes.color': 'Color must be a hex color such as #1f883d',

  'code.chars': 'Code may contain letters, digits, "-", "_" and "." only',
  'code.customerChars': 'Code may contain letters, digits and "-" only',
  'code.max': 'Code must be at most {{maximum}} characters',
  'code.min': 'Code must be at least {{minimum}} characters',
  'code.required': 'Code is required',

  'correctiveActions.dueDays': 'Days until an action is due must be a whole number from 1 to 365',
  'correctiveActions.evidenceMax': 'At most {{maximum}} evidence files',
  'correctiveActions.noteMax': 'Note must be at most 4,000 characters',
  'correctiveActions.noteRequired': 'Note is required: say what was done',

  'customer.choose': 'Choose a customer',

  'customers.country': 'Country must be an ISO 3166 alpha-2 code such as FR',

  'date.invalid': 'Invalid date',
  'date.isoDate': 'Expected a date as YYYY-MM-DD',
  'date.range': 'Expected a date between the years 1 and 9999',

  'demoUsers.maxChars': 'At most {{maximum}} characters',
  'demoUsers.minChars': 'At least {{minimum}} characters',
  'demoUsers.phoneChars': 'Digits, spaces, brackets, dashes and a leading + only',
  'demoUsers.required': 'Required',
  'demoUsers.usernameChars': 'Letters, digits, dots, dashes and underscores only',

  'direction.choose': 'Choose a direction',

  'email.attachmentsMax': 'At most {{maximum}} attachments',
  'email.dataEmpty': 'data must set at least one of isRead, isStarred, isDeleted, folder',
  'email.expected': 'Expected an e-mail address',
  'email.idsRequired': 'ids must name at least one e-mail',
  'email.invalid': 'Enter a valid email address',
  'email.labelOrData': 'Give a label to toggle or data to merge',
  'email.messageTooLong': 'Message is too long',
  'email.recipientRequired': 'Add at least one recipient',
  'email.recipients': 'Enter valid e-mail addresses',
  'email.required': 'Email is required',
  'email.subjectMax': 'Subject must be at most {{maximum}} characters',

  'files.clientIdMax': 'clientId must be at most {{maximum}} characters',

  'fullName.min': 'Full name must be at least {{minimum}} characters',

  'geo.bothOrNeither': 'Give both latitude and longitude, or neither',
  'geo.latitude': 'Latitude must be between -90 and 90',
  'geo.longitude': 'Longitude must be between -180 and 180',

  'id.invalid': 'Invalid option: expected the id of a record',

  'invoice.client': 'Choose a client',
  'invoice.dueBeforeIssue': 'Must not be before the issue date',
  'invoice.itemDescription': 'Describe the item',
  'invoice.itemsMax': 'At most {{maximum}} items',
  'invoice.itemsRequired': 'Add at least one item',
  'invoice.taxMax': 'At most {{maximum}} %',

  'licenses.expiresAfterStart': 'The license must expire after it starts',
  'licenses.reasonMin': 'Give a reason (at least {{minimum}} characters)',
  'licenses.seatsMin': 'Seats must be at least {{minimum}}',

  'locations.closingAfterOpening': 'Closing time must be after opening time',
  'locations.intervalsMax': 'At most {{maximum}} intervals per day',
  'locations.intervalsOverlap': 'Opening intervals of a day must not overlap',
  'locations.radiusMax': 'Geofence radius must be at most 10 000 m',
  'locations.radiusMin': 'Geofence radius must be at least {{minimum}} m',

  'name.max': 'Name must be at most {{maximum}} characters',
  'name.required': 'Name is required',

  'number.atLeast': 'At least {{minimum}}',
  'number.expected': 'Expected a number',
  'number.max': 'Must be at most {{maximum}}',
  'number.negative': 'Must not be negative',
  'number.positive': 'Must be more than 0',
  'number.twoDecimals': 'At most two decimals',
  'number.whole': 'Expected a whole number',

  'paging.itemsPerPage': 'itemsPerPage must be -1 (all) or between 1 and {{max}}',

  'password.max': 'Password must be at most {{maximum}} characters',
  'password.min': 'Password must be at least {{minimum}} characters',
  'password.required': 'Password is required',

  'sso.domain': 'Enter a domain such as example.com',
  'sso.issuerRequired': 'Issuer is required',
  'sso.issuer': 'Issuer must be an address such as https://login.example.com/realms/acme',
  'sso.clientIdRequired': 'Client ID is required',
  'sso.domainsRequired': 'Add at least one e-mail domain',

  'twoFactor.codeRequired': 'Enter the code of your authenticator app or a recovery code',

  'period.endAfterStart': 'The period must end after it starts',

  'permissions.name': 'Name the permission',

  'projects.endAfterStart': 'End date must be on or after the start date',
  'projects.scheme': 'Choose a scheme',

  'reason.max': 'Reason must be at most 2,000 characters',
  'reason.required': 'Reason is required',

  'reports.kind': 'Choose one of the report kinds: {{values}}',
  'reports.month': 'Expected a month as YYYY-MM, e.g. 2026-03',
  'reports.monthOrder': 'The last month must not be before the first month',

  'schemes.optionLabelRequired': 'Option label is required',
  'schemes.optionValueRequired': 'Option value is required',
  'schemes.questionKeyChars': 'Question keys may contain letters, digits, "_" and "-" only',
  'schemes.questionTextRequired': 'Question text is required',
  'schemes.sectionTitleRequired': 'Section title is required',

  'shop.paymentMethod': 'Accept at least one payment method',
  'shop.skuChars': 'SKU may contain letters, digits, "-", "_" and "." only',
  'shop.skuRequired': 'SKU is required',
  'shop.stockWithoutQuantity': 'A product with quantity 0 cannot be in stock',
  'shop.storeName': 'Enter the store name',

  'slots.endAfterStart': 'The slot must end after it starts',
  'slots.ruleRequired': 'Rule is required',
  'slots.visitMax': 'A visit lasts at most 12 hours',
  'slots.visitMin': 'A visit lasts at least {{minimum}} minutes',
  'slots.weekdayRequired': 'Choose at least one weekday',

  'subDirection.choose': 'Choose a sub-direction',

  'tasks.accuracyMax': 'Accuracy must be at most 100 km',
  'tasks.accuracyMin': 'Accuracy must be {{minimum}} or more',
  'tasks.answersMax': 'At most 500 answers at once',
  'tasks.answersRequired': 'Send at least one answer',
  'tasks.clientMutationIdMax': 'clientMutationId must be at most {{maximum}} characters',
  'tasks.clientMutationIdRequired': 'clientMutationId is required',
  'tasks.commentMax': 'Comment must be at most 2,000 characters',
  'tasks.filesMax': 'At most {{maximum}} files per answer',
  'tasks.outOfFenceReasonMax': 'Reason must be at most 1,000 characters',
  'tasks.pdfLanguage': 'lang must be one of {{values}}',
  'tasks.questionCommentEmpty': 'A question comment cannot be empty',
  'tasks.questionCommentMax': 'A question comment must be at most 2,000 characters',
  'tasks.questionCommentsMax': 'At most 500 question comments',
  'tasks.reasonRequired': 'A reason is required',

  'text.max': 'Must be at most {{maximum}} characters',

  'time.format': 'Use a 24-hour time such as 08:30',

  'timeZone.iana': 'Time zone must be an IANA zone such as Europe/Paris',

  'title.required': 'Title is required',

  'url.http': 'Must be a web address starting with http:// or https://',
  'url.image': 'Must be an http(s) address or a PNG, JPEG, GIF or WebP data URL',

  'webhooks.eventsRequired': 'Choose at least one event',

  'views.listKey': 'Choose one of the lists that keep views',
  'views.query': 'The query must be an encoded URL query string such as q=north&active=true',
  'views.queryMax': 'The query must be at most {{maximum}} characters',
} as const;

export type ValidationKey = keyof typeof VALIDATION_MESSAGES;

export function isValidationKey(key: unknown): key is ValidationKey {
  return typeof key === 'string' && Object.hasOwn(VALIDATION_MESSAGES, key);
}

/** A schema's own message, by key (the message is the key itself). */
export function msg(key: ValidationKey): ValidationKey {
  return key;
}

/** The English text of a validation key with the parameters in place. */
export function formatValidation(key: ValidationKey, params: Record<string, string | number | boolean> = {}): string {
  return interpolate(
    VALIDATION_MESSAGES[key],
    Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
  );
}
