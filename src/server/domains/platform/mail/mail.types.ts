// The shape of the server's texts (each language's file fills it; mail.catalog.ts reads them).
/** The notices of a change to how a person signs in (platform/auth/sign-in-changed.ts): security e-mails. */
export const SIGN_IN_CHANGE_KINDS = [
  'passwordChanged',
  'twoFactorEnabled',
  'twoFactorDisabled',
  'recoveryCodesRenewed',
  'passkeyAdded',
  'passkeyRemoved',
] as const;

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
  ...SIGN_IN_CHANGE_KINDS,
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
