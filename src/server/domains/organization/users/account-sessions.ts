// Reaching sign-in sessions (platform/auth's) from users and teams: through the service context, where
// app.ts puts them (lib/context.ts `AccountSessions`), never through an import of platform.
import type { AccountSessions, MailLink, ServiceContext } from '../../../lib/context.ts';

/** The context's account sessions; a programming error when a caller built its context without them. */
export function accountsOf(ctx: Pick<ServiceContext, 'accounts'>): AccountSessions {
  if (!ctx.accounts) throw new Error('account sessions missing from the service context (app.ts puts them there)');
  return ctx.accounts;
}

/** Where an e-mailed link points (PUBLIC_URL) and the outbox it goes through. */
export function mailLinkOf(ctx: Pick<ServiceContext, 'publicUrl' | 'outbox'>): MailLink {
  if (!ctx.outbox || ctx.publicUrl === undefined)
    throw new Error(
      'the app outbox or public URL is missing from the service context (the session plugin puts them there)',
    );
  return { baseUrl: ctx.publicUrl, outbox: ctx.outbox };
}
