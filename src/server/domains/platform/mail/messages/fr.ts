// Textes français des e-mails et des notifications. `{{name}}` est remplacé par une valeur (échappée en HTML).
import type { MailCatalog } from '../mail.types.ts';

export const fr: MailCatalog = {
  common: {
    greeting: 'Bonjour {{name}},',
    greetingAnonymous: 'Bonjour,',
    signature: 'L’équipe Opsdesk',
    linkIntro: 'Ou copiez cette adresse dans votre navigateur :',
    preferences: 'Choisir les e-mails que vous recevez',
    unsubscribe: 'Ne plus recevoir ce type d’e-mail',
    securityNote: 'Cet e-mail concerne la sécurité de votre compte : il est toujours envoyé.',
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail ; rien ne change.',
  },
  kinds: {
    passwordReset: {
      title: 'Réinitialisez votre mot de passe Opsdesk',
      body: 'Quelqu’un (vous, sans doute) a demandé à réinitialiser le mot de passe de votre compte Opsdesk. Le lien est valable {{minutes}} minutes et ne sert qu’une fois.',
      action: 'Choisir un nouveau mot de passe',
    },
    invitation: {
      title: 'Vous êtes invité sur Opsdesk',
      body: '{{inviter}} vous invite à rejoindre {{customer}} sur Opsdesk. Choisissez votre mot de passe dans les {{days}} jours pour commencer ; le lien ne sert qu’une fois.',
      action: 'Choisir mon mot de passe',
    },
    registrationAttempt: {
      title: 'Quelqu’un a tenté de s’inscrire avec votre adresse Opsdesk',
      body: 'Quelqu’un a demandé un compte Opsdesk pour {{email}}, qui en a déjà un ; rien n’a été modifié. Si c’était vous, connectez-vous, ou choisissez un nouveau mot de passe.',
      action: 'Se connecter',
    },
    visitReminder: {
      title: 'Visite imminente',
      body: 'Votre visite à {{visit}} le {{when}} commence bientôt.',
      action: 'Ouvrir la visite',
    },
    visitMissed: {
      title: 'Visite manquée',
      body: 'Votre visite à {{visit}} du {{when}} s’est terminée sans avoir été commencée.',
      action: 'Voir la visite',
    },
    visitsMissed: {
      title: 'Visites manquées',
      body: '{{count}} de vos visites se sont terminées sans avoir été commencées.',
      action: 'Voir les tâches',
    },
    teamVisitMissed: {
      title: 'Visite manquée dans votre équipe',
      body: 'La visite à {{visit}} du {{when}} s’est terminée sans avoir été commencée.',
      action: 'Voir la visite',
    },
    teamVisitsMissed: {
      title: 'Visites manquées dans votre équipe',
      body: '{{count}} visites de vos équipes se sont terminées sans avoir été commencées.',
      action: 'Voir les tâches',
    },
    taskApproved: {
      title: 'Tâche approuvée',
      body: '{{who}} a approuvé {{project}} à {{location}}.',
      action: 'Voir la tâche',
    },
    taskRejected: {
      title: 'Tâche renvoyée pour reprise',
      body: '{{who}} a rejeté {{project}} à {{location}}. Motif : {{reason}}',
      action: 'Reprendre la tâche',
    },
    actionOpened: {
      title: 'Action corrective ouverte',
      body: '« {{question}} » a échoué à {{where}}. Échéance le {{due}}.',
      action: 'Ouvrir l’action',
    },
    actionAssigned: {
      title: 'Action corrective qui vous est confiée',
      body: '{{who}} vous a désigné responsable de « {{question}} » à {{where}}.',
      action: 'Ouvrir l’action',
    },
    actionOverdue: {
      title: 'Action corrective en retard',
      body: '« {{question}} » à {{where}} était attendue le {{due}}.',
      action: 'Ouvrir l’action',
    },
    actionVerified: {
      title: 'Action corrective vérifiée',
      body: '{{who}} a vérifié « {{question}} » à {{where}}.',
      action: 'Ouvrir l’action',
    },
    actionVerifiedByTask: {
      title: 'Action corrective vérifiée',
      body: 'Une inspection approuvée à {{where}} a validé « {{question}} ».',
      action: 'Ouvrir l’action',
    },
    digest: {
      title: 'Votre journée Opsdesk : {{count}} nouvelles',
      body: 'Ce qui s’est passé pour vous depuis votre dernier résumé ({{date}}) :',
      action: 'Ouvrir Opsdesk',
    },
    invoiceSent: {
      title: 'Facture n° {{number}} de {{issuer}}',
      body: 'Facture n° {{number}} pour {{company}}, émise le {{issued}}, échéance le {{due}}. Total : {{total}}. Reste dû : {{balance}}.',
      action: 'Voir la facture',
    },
    visitsPlanned: {
      title: 'Visites planifiées',
      body: 'Visites planifiées pour vous dans le projet {{project}} entre le {{from}} et le {{to}} : {{count}}.',
      action: 'Voir mes tâches',
    },
    visitsCancelled: {
      title: 'Visites planifiées annulées',
      body: 'Le projet {{project}} est terminé : vos visites planifiées y ont été annulées ({{count}}).',
      action: 'Voir mes tâches',
    },
    locationsAssigned: {
      title: 'Emplacements qui vous sont attribués',
      body: 'Dans le projet {{project}}, on vous a attribué : {{locations}}. Visites planifiées qui vous reviennent avec eux : {{visits}}.',
      action: 'Voir mes tâches',
    },
    taskSubmitted: {
      title: 'Tâche soumise pour revue',
      body: '{{inspector}} a soumis {{project}} à {{location}} (sans score).',
      action: 'Examiner la tâche',
    },
    taskSubmittedPassed: {
      title: 'Tâche soumise pour revue',
      body: '{{inspector}} a soumis {{project}} à {{location}} : score {{score}}, réussi.',
      action: 'Examiner la tâche',
    },
    taskSubmittedFailed: {
      title: 'Tâche soumise pour revue',
      body: '{{inspector}} a soumis {{project}} à {{location}} : score {{score}}, non réussi.',
      action: 'Examiner la tâche',
    },
    taskApprovedComment: {
      title: 'Tâche approuvée',
      body: '{{who}} a approuvé {{project}} à {{location}}. Commentaire : {{comment}}',
      action: 'Voir la tâche',
    },
    taskCancelled: {
      title: 'Tâche annulée',
      body: '{{who}} a annulé {{project}} à {{location}}. Motif : {{reason}}',
      action: 'Voir la tâche',
    },
    webhookDisabled: {
      title: 'Un point de terminaison webhook a été désactivé',
      body: '{{url}} a échoué à chaque envoi pendant 3 jours ; réactivez-le dans Gestion → Intégrations.',
      action: 'Ouvrir les intégrations',
    },
    passwordChanged: {
      title: 'Votre mot de passe Opsdesk a été changé',
      body: 'Le mot de passe de votre compte Opsdesk a été changé le {{when}}, et vos autres sessions ont été fermées. Si ce n’était pas vous, choisissez un nouveau mot de passe dès maintenant et prévenez votre administrateur.',
      action: 'Voir comment vous vous connectez',
    },
    twoFactorEnabled: {
      title: 'La connexion en deux étapes est activée',
      body: 'Une application d’authentification est devenue la deuxième étape de connexion à votre compte Opsdesk le {{when}}, et vos autres sessions ont été fermées. Si ce n’était pas vous, prévenez votre administrateur dès maintenant.',
      action: 'Voir comment vous vous connectez',
    },
    twoFactorDisabled: {
      title: 'La connexion en deux étapes est désactivée',
      body: 'Votre compte Opsdesk ne demande plus de code d’authentification depuis le {{when}}, et vos autres sessions ont été fermées. Si ce n’était pas vous, choisissez un nouveau mot de passe, réactivez la connexion en deux étapes et prévenez votre administrateur.',
      action: 'Voir comment vous vous connectez',
    },
    recoveryCodesRenewed: {
      title: 'Nouveaux codes de secours',
      body: 'De nouveaux codes de secours ont été créés pour votre compte Opsdesk le {{when}} ; les précédents ne fonctionnent plus. Si ce n’était pas vous, prévenez votre administrateur dès maintenant.',
      action: 'Voir comment vous vous connectez',
    },
    passkeyAdded: {
      title: 'Une clé d’accès a été ajoutée',
      body: 'La clé d’accès « {{passkey}} » a été ajoutée à votre compte Opsdesk le {{when}} : elle connecte sans mot de passe. Si ce n’était pas vous, supprimez-la et prévenez votre administrateur.',
      action: 'Voir comment vous vous connectez',
    },
    passkeyRemoved: {
      title: 'Une clé d’accès a été supprimée',
      body: 'La clé d’accès « {{passkey}} » a été supprimée de votre compte Opsdesk le {{when}} ; elle ne connecte plus. Si ce n’était pas vous, prévenez votre administrateur dès maintenant.',
      action: 'Voir comment vous vous connectez',
    },
  },
};
