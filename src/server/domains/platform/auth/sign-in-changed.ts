// A change to how a person signs in (password, authenticator, recovery codes, passkeys): its security event
// and the e-mail that tells the person, both in the change's own transaction, so nothing is said of a change
// that did not commit. The e-mail is a security one (always sent, no unsubscribe): someone who took over a
// session and changed these learns nothing the owner does not (OWASP ASVS: users are told of changes to
// their authentication details).
import type { EntityManager } from '@mikro-orm/postgresql';
import { recordSecurityEvent, type SecurityAction } from '../../../lib/audit/audit.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import { customerTimeZone } from '../../organization/customers/customers.refs.ts';
import { sendTemplatedMail } from '../mail/mail.refs.ts';

/** What changed: the e-mail's kind, and the security event's action. */
const ACTIONS = {
  passwordChanged: 'password_change',
  twoFactorEnabled: 'two_factor_on',
  twoFactorDisabled: 'two_factor_off',
  recoveryCodesRenewed: 'recovery_codes_renewed',
  passkeyAdded: 'passkey_added',
  passkeyRemoved: 'passkey_removed',
} as const satisfies Record<string, SecurityAction>;

export type SignInChange = keyof typeof ACTIONS;

/** Where the e-mail's button leads: the account's sign-in settings. */
const SECURITY_PATH = '/pages/account-settings/security';

/**
 * Record `change` of `ctx.user`'s sign-in (`changes`: the event's details) and queue the e-mail telling
 * them, in `em` (the change's transaction). `passkey`: the passkey's name, for the passkey e-mails.
 */
export async function signInChanged(
  em: EntityManager,
  ctx: AuthedContext,
  change: SignInChange,
  details: { changes?: Record<string, unknown>; passkey?: string } = {},
): Promise<void> {
  const { user } = ctx;
  await recordSecurityEvent(em, {
    action: ACTIONS[change],
    userId: user.id,
    customerId: user.customerId,
    actor: { id: user.id, email: user.email },
    changes: details.changes ?? {},
  });
  // The time on the customer's clock (its zone named to a reader elsewhere); UTC for the platform's operators.
  const zone = user.customerId === null ? 'UTC' : await customerTimeZone(em, user.customerId);
  await sendTemplatedMail(em, [
    {
      to: user.email,
      kind: change,
      outboxKind: 'security-notice',
      language: user.language,
      name: user.fullName,
      values: {
        when: { at: new Date().toISOString(), zone },
        ...(details.passkey ? { passkey: details.passkey } : {}),
      },
      baseUrl: ctx.publicUrl ?? '',
      path: SECURITY_PATH,
      userId: user.id,
      customerId: user.customerId,
    },
  ]);
}
