// النصوص العربية للرسائل والإشعارات. يُستبدل `{{name}}` بقيمة (مُهرَّبة في HTML).
import type { MailCatalog } from '../mail.types.ts';

export const ar: MailCatalog = {
  common: {
    greeting: 'مرحبًا {{name}}،',
    greetingAnonymous: 'مرحبًا،',
    signature: 'فريق Opsdesk',
    linkIntro: 'أو انسخ هذا العنوان في متصفحك:',
    preferences: 'اختر الرسائل التي تصلك',
    unsubscribe: 'إيقاف الرسائل من هذا النوع',
    securityNote: 'هذه رسالة أمان تخص حسابك: تُرسل دائمًا.',
    ignore: 'إن لم تطلب ذلك فتجاهل هذه الرسالة؛ لن يتغير شيء.',
  },
  kinds: {
    passwordReset: {
      title: 'أعد تعيين كلمة مرور Opsdesk',
      body: 'طلب أحدهم (أنت على الأرجح) إعادة تعيين كلمة مرور حسابك في Opsdesk. الرابط صالح لمدة {{minutes}} دقيقة ويعمل مرة واحدة.',
      action: 'اختيار كلمة مرور جديدة',
    },
    invitation: {
      title: 'أنت مدعو إلى Opsdesk',
      body: 'دعاك {{inviter}} للانضمام إلى {{customer}} على Opsdesk. اختر كلمة المرور خلال {{days}} أيام للبدء؛ الرابط يعمل مرة واحدة.',
      action: 'اختيار كلمة المرور',
    },
    registrationAttempt: {
      title: 'حاول أحدهم التسجيل بعنوانك في Opsdesk',
      body: 'طلب أحدهم إنشاء حساب Opsdesk للعنوان {{email}} الذي لديه حساب بالفعل؛ لم يتغير شيء. إن كنت أنت فسجّل الدخول أو اختر كلمة مرور جديدة.',
      action: 'تسجيل الدخول',
    },
    visitReminder: {
      title: 'زيارة قريبة',
      body: 'تبدأ زيارتك إلى {{visit}} في {{when}} قريبًا.',
      action: 'فتح الزيارة',
    },
    visitMissed: {
      title: 'زيارة فائتة',
      body: 'انتهت زيارتك إلى {{visit}} في {{when}} دون أن تبدأ.',
      action: 'عرض الزيارة',
    },
    visitsMissed: {
      title: 'زيارات فائتة',
      body: 'انتهت {{count}} من زياراتك دون أن تبدأ.',
      action: 'عرض المهام',
    },
    teamVisitMissed: {
      title: 'زيارة فائتة في فريقك',
      body: 'انتهت الزيارة إلى {{visit}} في {{when}} دون أن تبدأ.',
      action: 'عرض الزيارة',
    },
    teamVisitsMissed: {
      title: 'زيارات فائتة في فريقك',
      body: 'انتهت {{count}} زيارات لفرقك دون أن تبدأ.',
      action: 'عرض المهام',
    },
    taskApproved: {
      title: 'تمت الموافقة على المهمة',
      body: 'وافق {{who}} على {{project}} في {{location}}.',
      action: 'عرض المهمة',
    },
    taskRejected: {
      title: 'أُعيدت المهمة لإعادة العمل',
      body: 'رفض {{who}} {{project}} في {{location}}. السبب: {{reason}}',
      action: 'إعادة العمل على المهمة',
    },
    actionOpened: {
      title: 'فُتح إجراء تصحيحي',
      body: 'لم ينجح «{{question}}» في {{where}}. الموعد النهائي {{due}}.',
      action: 'فتح الإجراء',
    },
    actionAssigned: {
      title: 'أُسند إليك إجراء تصحيحي',
      body: 'جعلك {{who}} مسؤولًا عن «{{question}}» في {{where}}.',
      action: 'فتح الإجراء',
    },
    actionOverdue: {
      title: 'إجراء تصحيحي متأخر',
      body: 'كان موعد «{{question}}» في {{where}} هو {{due}}.',
      action: 'فتح الإجراء',
    },
    actionVerified: {
      title: 'تم التحقق من الإجراء التصحيحي',
      body: 'تحقق {{who}} من «{{question}}» في {{where}}.',
      action: 'فتح الإجراء',
    },
    actionVerifiedByTask: {
      title: 'تم التحقق من الإجراء التصحيحي',
      body: 'اجتاز فحص معتمد في {{where}} البند «{{question}}».',
      action: 'فتح الإجراء',
    },
    digest: {
      title: 'يومك في Opsdesk: {{count}} مستجدات',
      body: 'ما جرى لك منذ ملخصك الأخير ({{date}}):',
      action: 'فتح Opsdesk',
    },
    invoiceSent: {
      title: 'الفاتورة رقم {{number}} من {{issuer}}',
      body: 'الفاتورة رقم {{number}} إلى {{company}}، صادرة في {{issued}}، تستحق في {{due}}. الإجمالي: {{total}}. المبلغ المستحق: {{balance}}.',
      action: 'عرض الفاتورة',
    },
    visitsPlanned: {
      title: 'زيارات مخطط لها',
      body: 'زيارات خُطط لها لك في المشروع {{project}} بين {{from}} و{{to}}: {{count}}.',
      action: 'عرض مهامي',
    },
    visitsCancelled: {
      title: 'أُلغيت الزيارات المخطط لها',
      body: 'اكتمل المشروع {{project}}: أُلغيت زياراتك المخطط لها فيه ({{count}}).',
      action: 'عرض مهامي',
    },
    locationsAssigned: {
      title: 'مواقع أُسندت إليك',
      body: 'في المشروع {{project}} أُسند إليك: {{locations}}. الزيارات المخطط لها التي انتقلت إليك معها: {{visits}}.',
      action: 'عرض مهامي',
    },
    taskSubmitted: {
      title: 'مهمة قُدمت للمراجعة',
      body: 'قدّم {{inspector}} {{project}} في {{location}} (بلا درجة).',
      action: 'مراجعة المهمة',
    },
    taskSubmittedPassed: {
      title: 'مهمة قُدمت للمراجعة',
      body: 'قدّم {{inspector}} {{project}} في {{location}}: الدرجة {{score}}، ناجحة.',
      action: 'مراجعة المهمة',
    },
    taskSubmittedFailed: {
      title: 'مهمة قُدمت للمراجعة',
      body: 'قدّم {{inspector}} {{project}} في {{location}}: الدرجة {{score}}، غير ناجحة.',
      action: 'مراجعة المهمة',
    },
    taskApprovedComment: {
      title: 'تمت الموافقة على المهمة',
      body: 'وافق {{who}} على {{project}} في {{location}}. تعليق: {{comment}}',
      action: 'عرض المهمة',
    },
    taskCancelled: {
      title: 'أُلغيت المهمة',
      body: 'ألغى {{who}} {{project}} في {{location}}. السبب: {{reason}}',
      action: 'عرض المهمة',
    },
    webhookDisabled: {
      title: 'أُوقفت نقطة نهاية webhook',
      body: 'فشل {{url}} في كل عملية تسليم لمدة 3 أيام؛ أعد تفعيله من الإدارة ← التكاملات.',
      action: 'فتح التكاملات',
    },
    passwordChanged: {
      title: 'تم تغيير كلمة مرور Opsdesk الخاصة بك',
      body: 'تم تغيير كلمة مرور حسابك في Opsdesk في {{when}}، وأُنهيت جلساتك الأخرى. إن لم تكن أنت من فعل ذلك، فاختر كلمة مرور جديدة الآن وأبلغ المسؤول.',
      action: 'راجع طريقة تسجيل دخولك',
    },
    twoFactorEnabled: {
      title: 'تم تفعيل تسجيل الدخول بخطوتين',
      body: 'أصبح تطبيق المصادقة الخطوة الثانية لتسجيل الدخول إلى حسابك في Opsdesk في {{when}}، وأُنهيت جلساتك الأخرى. إن لم تكن أنت من فعل ذلك، فأبلغ المسؤول الآن.',
      action: 'راجع طريقة تسجيل دخولك',
    },
    twoFactorDisabled: {
      title: 'تم إيقاف تسجيل الدخول بخطوتين',
      body: 'لم يعد حسابك في Opsdesk يطلب رمز المصادقة منذ {{when}}، وأُنهيت جلساتك الأخرى. إن لم تكن أنت من فعل ذلك، فاختر كلمة مرور جديدة وأعد تفعيل تسجيل الدخول بخطوتين وأبلغ المسؤول.',
      action: 'راجع طريقة تسجيل دخولك',
    },
    recoveryCodesRenewed: {
      title: 'رموز استرداد جديدة',
      body: 'أُنشئت رموز استرداد جديدة لحسابك في Opsdesk في {{when}}؛ ولم تعد الرموز السابقة صالحة. إن لم تكن أنت من فعل ذلك، فأبلغ المسؤول الآن.',
      action: 'راجع طريقة تسجيل دخولك',
    },
    passkeyAdded: {
      title: 'تمت إضافة مفتاح مرور',
      body: 'أُضيف مفتاح المرور «{{passkey}}» إلى حسابك في Opsdesk في {{when}}: وهو يسجّل الدخول دون كلمة مرور. إن لم تكن أنت من فعل ذلك، فاحذفه وأبلغ المسؤول.',
      action: 'راجع طريقة تسجيل دخولك',
    },
    passkeyRemoved: {
      title: 'تمت إزالة مفتاح مرور',
      body: 'أُزيل مفتاح المرور «{{passkey}}» من حسابك في Opsdesk في {{when}}؛ ولم يعد يسجّل الدخول. إن لم تكن أنت من فعل ذلك، فأبلغ المسؤول الآن.',
      action: 'راجع طريقة تسجيل دخولك',
    },
  },
};
