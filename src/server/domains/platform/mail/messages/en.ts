// English texts of e-mails and in-app notifications. `{{name}}` is replaced by a value (escaped in HTML).
import type { MailCatalog } from '../mail.types.ts';

export const en: MailCatalog = {
  common: {
    greeting: 'Hello {{name}},',
    greetingAnonymous: 'Hello,',
    signature: 'The Opsdesk team',
    linkIntro: 'Or copy this address into your browser:',
    preferences: 'Choose which e-mails you receive',
    unsubscribe: 'Stop e-mails like this one',
    securityNote: 'This is a security e-mail about your account: it is always sent.',
    ignore: 'If you did not ask for this, you can ignore this e-mail; nothing changes.',
  },
  kinds: {
    passwordReset: {
      title: 'Reset your Opsdesk password',
      body: 'Someone (hopefully you) asked to reset the password of your Opsdesk account. The link is valid for {{minutes}} minutes and works once.',
      action: 'Choose a new password',
    },
    invitation: {
      title: 'You are invited to Opsdesk',
      body: '{{inviter}} invited you to join {{customer}} on Opsdesk. Choose your password within {{days}} days to start; the link works once.',
      action: 'Choose my password',
    },
    registrationAttempt: {
      title: 'Someone tried to register with your Opsdesk address',
      body: 'Someone asked to create an Opsdesk account for {{email}}, which already has one; nothing was changed. If it was you, sign in, or choose a new password.',
      action: 'Sign in',
    },
    visitReminder: {
      title: 'Visit coming up',
      body: 'Your visit to {{visit}} on {{when}} starts soon.',
      action: 'Open the visit',
    },
    visitMissed: {
      title: 'Visit missed',
      body: 'Your visit to {{visit}} on {{when}} ended without being started.',
      action: 'See the visit',
    },
    visitsMissed: {
      title: 'Visits missed',
      body: '{{count}} of your visits ended without being started.',
      action: 'See the tasks',
    },
    teamVisitMissed: {
      title: 'Visit missed in your team',
      body: 'The visit to {{visit}} on {{when}} ended without being started.',
      action: 'See the visit',
    },
    teamVisitsMissed: {
      title: 'Visits missed in your team',
      body: '{{count}} visits of your teams ended without being started.',
      action: 'See the tasks',
    },
    taskApproved: {
      title: 'Task approved',
      body: '{{who}} approved {{project}} at {{location}}.',
      action: 'See the task',
    },
    taskRejected: {
      title: 'Task sent back for rework',
      body: '{{who}} rejected {{project}} at {{location}}. Reason: {{reason}}',
      action: 'Rework the task',
    },
    actionOpened: {
      title: 'Corrective action opened',
      body: '"{{question}}" failed at {{where}}. Due {{due}}.',
      action: 'Open the action',
    },
    actionAssigned: {
      title: 'Corrective action assigned to you',
      body: '{{who}} made you the owner of "{{question}}" at {{where}}.',
      action: 'Open the action',
    },
    actionOverdue: {
      title: 'Corrective action overdue',
      body: '"{{question}}" at {{where}} was due {{due}}.',
      action: 'Open the action',
    },
    actionVerified: {
      title: 'Corrective action verified',
      body: '{{who}} verified "{{question}}" at {{where}}.',
      action: 'Open the action',
    },
    actionVerifiedByTask: {
      title: 'Corrective action verified',
      body: 'An approved inspection at {{where}} passed "{{question}}".',
      action: 'Open the action',
    },
    digest: {
      title: 'Your Opsdesk day: {{count}} updates',
      body: 'What happened for you since your last summary ({{date}}):',
      action: 'Open Opsdesk',
    },
    invoiceSent: {
      title: 'Invoice #{{number}} from {{issuer}}',
      body: 'Invoice #{{number}} for {{company}}, issued {{issued}}, due {{due}}. Total: {{total}}. Balance due: {{balance}}.',
      action: 'View the invoice',
    },
    visitsPlanned: {
      title: 'Visits planned',
      body: 'Visits planned for you in project {{project}} between {{from}} and {{to}}: {{count}}.',
      action: 'See my tasks',
    },
    visitsCancelled: {
      title: 'Planned visits cancelled',
      body: 'Project {{project}} was completed: your planned visits there were cancelled ({{count}}).',
      action: 'See my tasks',
    },
    locationsAssigned: {
      title: 'Locations assigned to you',
      body: 'In project {{project}} you were assigned: {{locations}}. Planned visits that came with them: {{visits}}.',
      action: 'See my tasks',
    },
    taskSubmitted: {
      title: 'Task submitted for review',
      body: '{{inspector}} submitted {{project}} at {{location}} (no score).',
      action: 'Review the task',
    },
    taskSubmittedPassed: {
      title: 'Task submitted for review',
      body: '{{inspector}} submitted {{project}} at {{location}}: score {{score}}, passed.',
      action: 'Review the task',
    },
    taskSubmittedFailed: {
      title: 'Task submitted for review',
      body: '{{inspector}} submitted {{project}} at {{location}}: score {{score}}, not passed.',
      action: 'Review the task',
    },
    taskApprovedComment: {
      title: 'Task approved',
      body: '{{who}} approved {{project}} at {{location}}. Comment: {{comment}}',
      action: 'See the task',
    },
    taskCancelled: {
      title: 'Task cancelled',
      body: '{{who}} cancelled {{project}} at {{location}}. Reason: {{reason}}',
      action: 'See the task',
    },
    webhookDisabled: {
      title: 'A webhook endpoint was turned off',
      body: '{{url}} failed every delivery for 3 days; turn it on again in Management → Integrations.',
      action: 'Open integrations',
    },
    passwordChanged: {
      title: 'Your Opsdesk password was changed',
      body: 'The password of your Opsdesk account was changed on {{when}}, and your other sessions were ended. If it was not you, choose a new password now and tell your administrator.',
      action: 'Review how you sign in',
    },
    twoFactorEnabled: {
      title: 'Two-step sign-in is on',
      body: 'An authenticator app became the second step of signing in to your Opsdesk account on {{when}}, and your other sessions were ended. If it was not you, tell your administrator now.',
      action: 'Review how you sign in',
    },
    twoFactorDisabled: {
      title: 'Two-step sign-in is off',
      body: 'Your Opsdesk account stopped asking for an authenticator code on {{when}}, and your other sessions were ended. If it was not you, choose a new password, turn two-step sign-in on again and tell your administrator.',
      action: 'Review how you sign in',
    },
    recoveryCodesRenewed: {
      title: 'New recovery codes',
      body: 'New recovery codes were made for your Opsdesk account on {{when}}; the ones before no longer work. If it was not you, tell your administrator now.',
      action: 'Review how you sign in',
    },
    passkeyAdded: {
      title: 'A passkey was added',
      body: 'The passkey “{{passkey}}” was added to your Opsdesk account on {{when}}: it signs in without a password. If it was not you, remove it and tell your administrator.',
      action: 'Review how you sign in',
    },
    passkeyRemoved: {
      title: 'A passkey was removed',
      body: 'The passkey “{{passkey}}” was removed from your Opsdesk account on {{when}}; it no longer signs in. If it was not you, tell your administrator now.',
      action: 'Review how you sign in',
    },
  },
};
