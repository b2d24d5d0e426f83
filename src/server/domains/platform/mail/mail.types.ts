// The shape of the server's texts (each language's file fills it; mail.catalog.ts reads them).
export const MAIL_KINDS = [
  'passwordReset',
  'invitation',
  'registrationAttempt',
  'visitReminder',
  'visitMissed',
  'visitsMissed',
  'teamVisitMissed',
  'teamVisitsMissed',
  'taskApproved',
  'taskRejected',
  'actionOpened',
  'actionAssigned',
  'actionOverdue',
  'actionVerified',
  'actionVerifiedByTask',
  'digest',
  'invoiceSent',
  'visitsPlanned',
  'visitsCancelled',
  'locationsAssigned',
  'taskSubmitted',
  'taskSubmittedPassed',
  'taskSubmittedFailed',
  'taskApprovedComment',
  'taskCancelled',
  'webhookDisabled',
  'passwordChanged',
  'twoFactorEnabled',
  'twoFactorDisabled',
  'recoveryCodesRenewed',
  'passkeyAdded',
  'passkeyRemoved',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export interface KindTexts {
  title: string;
  body: string;
  action: string;
}

export interface MailCatalog {
  common: {
    greeting: string;
    greetingAnonymous: string;
    signature: string;
    linkIntro: string;
    preferences: string;
    unsubscribe: string;
    securityNote: string;
    ignore: string;
  };
  kinds: Record<MailKind, KindTexts>;
}
