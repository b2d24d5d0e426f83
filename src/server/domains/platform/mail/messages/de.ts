// Deutsche Texte der E-Mails und Benachrichtigungen. `{{name}}` wird durch einen Wert ersetzt (in HTML maskiert).
import type { MailCatalog } from '../mail.types.ts';

export const de: MailCatalog = {
  common: {
    greeting: 'Hallo {{name}},',
    greetingAnonymous: 'Hallo,',
    signature: 'Ihr Opsdesk-Team',
    linkIntro: 'Oder kopieren Sie diese Adresse in Ihren Browser:',
    preferences: 'Festlegen, welche E-Mails Sie erhalten',
    unsubscribe: 'Keine E-Mails dieser Art mehr',
    securityNote: 'Dies ist eine Sicherheits-E-Mail zu Ihrem Konto: Sie wird immer gesendet.',
    ignore: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; es ändert sich nichts.',
  },
  kinds: {
    passwordReset: {
      title: 'Setzen Sie Ihr Opsdesk-Passwort zurück',
      body: 'Jemand (hoffentlich Sie) hat das Zurücksetzen des Passworts Ihres Opsdesk-Kontos angefordert. Der Link ist {{minutes}} Minuten gültig und funktioniert einmal.',
      action: 'Neues Passwort wählen',
    },
    invitation: {
      title: 'Sie sind zu Opsdesk eingeladen',
      body: '{{inviter}} hat Sie eingeladen, {{customer}} auf Opsdesk beizutreten. Wählen Sie innerhalb von {{days}} Tagen Ihr Passwort; der Link funktioniert einmal.',
      action: 'Mein Passwort wählen',
    },
    registrationAttempt: {
      title: 'Jemand wollte sich mit Ihrer Opsdesk-Adresse registrieren',
      body: 'Jemand hat ein Opsdesk-Konto für {{email}} beantragt, das bereits eines hat; nichts wurde geändert. Waren Sie es, melden Sie sich an oder wählen Sie ein neues Passwort.',
      action: 'Anmelden',
    },
    visitReminder: {
      title: 'Besuch steht bevor',
      body: 'Ihr Besuch bei {{visit}} am {{when}} beginnt bald.',
      action: 'Besuch öffnen',
    },
    visitMissed: {
      title: 'Besuch versäumt',
      body: 'Ihr Besuch bei {{visit}} am {{when}} endete, ohne begonnen zu werden.',
      action: 'Besuch ansehen',
    },
    visitsMissed: {
      title: 'Besuche versäumt',
      body: '{{count}} Ihrer Besuche endeten, ohne begonnen zu werden.',
      action: 'Aufgaben ansehen',
    },
    teamVisitMissed: {
      title: 'Besuch in Ihrem Team versäumt',
      body: 'Der Besuch bei {{visit}} am {{when}} endete, ohne begonnen zu werden.',
      action: 'Besuch ansehen',
    },
    teamVisitsMissed: {
      title: 'Besuche in Ihrem Team versäumt',
      body: '{{count}} Besuche Ihrer Teams endeten, ohne begonnen zu werden.',
      action: 'Aufgaben ansehen',
    },
    taskApproved: {
      title: 'Aufgabe freigegeben',
      body: '{{who}} hat {{project}} bei {{location}} freigegeben.',
      action: 'Aufgabe ansehen',
    },
    taskRejected: {
      title: 'Aufgabe zur Nacharbeit zurückgegeben',
      body: '{{who}} hat {{project}} bei {{location}} abgelehnt. Grund: {{reason}}',
      action: 'Aufgabe nacharbeiten',
    },
    actionOpened: {
      title: 'Korrekturmaßnahme eröffnet',
      body: '„{{question}}“ ist bei {{where}} nicht bestanden. Fällig am {{due}}.',
      action: 'Maßnahme öffnen',
    },
    actionAssigned: {
      title: 'Korrekturmaßnahme an Sie übertragen',
      body: '{{who}} hat Sie zum Verantwortlichen für „{{question}}“ bei {{where}} gemacht.',
      action: 'Maßnahme öffnen',
    },
    actionOverdue: {
      title: 'Korrekturmaßnahme überfällig',
      body: '„{{question}}“ bei {{where}} war am {{due}} fällig.',
      action: 'Maßnahme öffnen',
    },
    actionVerified: {
      title: 'Korrekturmaßnahme geprüft',
      body: '{{who}} hat „{{question}}“ bei {{where}} geprüft.',
      action: 'Maßnahme öffnen',
    },
    actionVerifiedByTask: {
      title: 'Korrekturmaßnahme geprüft',
      body: 'Eine freigegebene Inspektion bei {{where}} hat „{{question}}“ bestanden.',
      action: 'Maßnahme öffnen',
    },
    digest: {
      title: 'Ihr Opsdesk-Tag: {{count}} Neuigkeiten',
      body: 'Was seit Ihrer letzten Zusammenfassung ({{date}}) für Sie geschehen ist:',
      action: 'Opsdesk öffnen',
    },
    invoiceSent: {
      title: 'Rechnung Nr. {{number}} von {{issuer}}',
      body: 'Rechnung Nr. {{number}} für {{company}}, ausgestellt am {{issued}}, fällig am {{due}}. Gesamt: {{total}}. Offener Betrag: {{balance}}.',
      action: 'Rechnung ansehen',
    },
    visitsPlanned: {
      title: 'Besuche geplant',
      body: 'Für Sie geplante Besuche im Projekt {{project}} zwischen {{from}} und {{to}}: {{count}}.',
      action: 'Meine Aufgaben ansehen',
    },
    visitsCancelled: {
      title: 'Geplante Besuche abgesagt',
      body: 'Das Projekt {{project}} wurde abgeschlossen: Ihre geplanten Besuche dort wurden abgesagt ({{count}}).',
      action: 'Meine Aufgaben ansehen',
    },
    locationsAssigned: {
      title: 'Ihnen zugewiesene Standorte',
      body: 'Im Projekt {{project}} wurde Ihnen zugewiesen: {{locations}}. Damit übernommene geplante Besuche: {{visits}}.',
      action: 'Meine Aufgaben ansehen',
    },
    taskSubmitted: {
      title: 'Aufgabe zur Prüfung eingereicht',
      body: '{{inspector}} hat {{project}} bei {{location}} eingereicht (ohne Punktzahl).',
      action: 'Aufgabe prüfen',
    },
    taskSubmittedPassed: {
      title: 'Aufgabe zur Prüfung eingereicht',
      body: '{{inspector}} hat {{project}} bei {{location}} eingereicht: Punktzahl {{score}}, bestanden.',
      action: 'Aufgabe prüfen',
    },
    taskSubmittedFailed: {
      title: 'Aufgabe zur Prüfung eingereicht',
      body: '{{inspector}} hat {{project}} bei {{location}} eingereicht: Punktzahl {{score}}, nicht bestanden.',
      action: 'Aufgabe prüfen',
    },
    taskApprovedComment: {
      title: 'Aufgabe genehmigt',
      body: '{{who}} hat {{project}} bei {{location}} genehmigt. Kommentar: {{comment}}',
      action: 'Aufgabe ansehen',
    },
    taskCancelled: {
      title: 'Aufgabe storniert',
      body: '{{who}} hat {{project}} bei {{location}} storniert. Grund: {{reason}}',
      action: 'Aufgabe ansehen',
    },
    webhookDisabled: {
      title: 'Ein Webhook-Endpunkt wurde deaktiviert',
      body: '{{url}} ist 3 Tage lang bei jeder Zustellung gescheitert; aktivieren Sie ihn wieder unter Verwaltung → Integrationen.',
      action: 'Integrationen öffnen',
    },
    passwordChanged: {
      title: 'Ihr Opsdesk-Passwort wurde geändert',
      body: 'Das Passwort Ihres Opsdesk-Kontos wurde am {{when}} geändert, und Ihre anderen Sitzungen wurden beendet. Wenn Sie das nicht waren, wählen Sie jetzt ein neues Passwort und informieren Sie Ihre Administration.',
      action: 'Anmeldung überprüfen',
    },
    twoFactorEnabled: {
      title: 'Zweistufige Anmeldung ist aktiviert',
      body: 'Eine Authenticator-App wurde am {{when}} zum zweiten Schritt der Anmeldung bei Ihrem Opsdesk-Konto, und Ihre anderen Sitzungen wurden beendet. Wenn Sie das nicht waren, informieren Sie jetzt Ihre Administration.',
      action: 'Anmeldung überprüfen',
    },
    twoFactorDisabled: {
      title: 'Zweistufige Anmeldung ist deaktiviert',
      body: 'Ihr Opsdesk-Konto fragt seit dem {{when}} nicht mehr nach einem Authenticator-Code, und Ihre anderen Sitzungen wurden beendet. Wenn Sie das nicht waren, wählen Sie ein neues Passwort, aktivieren Sie die zweistufige Anmeldung wieder und informieren Sie Ihre Administration.',
      action: 'Anmeldung überprüfen',
    },
    recoveryCodesRenewed: {
      title: 'Neue Wiederherstellungscodes',
      body: 'Für Ihr Opsdesk-Konto wurden am {{when}} neue Wiederherstellungscodes erstellt; die bisherigen gelten nicht mehr. Wenn Sie das nicht waren, informieren Sie jetzt Ihre Administration.',
      action: 'Anmeldung überprüfen',
    },
    passkeyAdded: {
      title: 'Ein Passkey wurde hinzugefügt',
      body: 'Der Passkey „{{passkey}}“ wurde am {{when}} zu Ihrem Opsdesk-Konto hinzugefügt: Er meldet ohne Passwort an. Wenn Sie das nicht waren, entfernen Sie ihn und informieren Sie Ihre Administration.',
      action: 'Anmeldung überprüfen',
    },
    passkeyRemoved: {
      title: 'Ein Passkey wurde entfernt',
      body: 'Der Passkey „{{passkey}}“ wurde am {{when}} aus Ihrem Opsdesk-Konto entfernt; er meldet nicht mehr an. Wenn Sie das nicht waren, informieren Sie jetzt Ihre Administration.',
      action: 'Anmeldung überprüfen',
    },
  },
};
