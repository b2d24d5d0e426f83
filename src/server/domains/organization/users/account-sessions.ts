// Reaching sign-in sessions (platform/auth's) from users and teams: through the service context, where
// app.ts puts them (lib/context.ts `AccountSessions`), never through an import of platform.
import type { AccountSessions, MailLink, ServiceContext } from '../../../lib/context.ts';

/** The context's account sessions; a programming error when a caller built its context without them. */
export function accountsOf(ctx: Pick<ServiceContext, 'accounts'>): AccountSessions {
  if (!ctx.accounts) throw new Error('account sessions missing from the service context (app.ts puts them there)');
  return ctx.accounts;
}

/** Where an e-mailed link points (the origin the request came to) and the outbox it goes through. */
export function mailLinkOf(ctx: Pick<ServiceContext, 'origin' | 'outbox'>): MailLink {
  if (!ctx.outbox)
    throw new Error('the app outbox is missing from the service context (the session plugin puts it there)');
  return { baseUrl: ctx.origin ?? '', outbox: ctx.outbox };
}
