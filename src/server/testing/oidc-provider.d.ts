// The part of oidc-provider (dev dependency, no types of its own) that the single sign-on tests use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>> | Record<string, unknown>;
  }
  interface Configuration {
    clients: Record<string, unknown>[];
    findAccount(ctx: unknown, sub: string): Promise<Account | undefined> | Account | undefined;
    claims?: Record<string, string[]>;
    pkce?: { required?: () => boolean };
    features?: Record<string, { enabled: boolean }>;
    cookies?: { keys: string[] };
    ttl?: Record<string, number>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    /** Ends a sign-in interaction with its result (`login: { accountId, amr? }`, `consent`, …). */
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: Record<string, unknown>,
    ): Promise<void>;
  }
}
