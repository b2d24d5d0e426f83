// REST: POST /api/auth/login (REST clients' body: field errors, one action per rule) and POST /api/auth/logout.
import type { FastifyPluginAsync } from 'fastify';
import type { AppRule } from '../../../../shared/abilities/index.ts';
import { ZLoginInput } from '../../../../shared/schemas/auth.ts';
import { TWO_FACTOR_REQUIRED } from '../../../../shared/schemas/two-factor.ts';
import type { AppConfig } from '../../../config.ts';
import { AppError, zodFieldErrors } from '../../../lib/app-error.ts';
import { clearSessionCookies, setSessionCookies } from './auth.cookies.ts';
import * as auth from './auth.service.ts';

/**
 * The spec's rule shape: one action per rule. CASL accepts `action: [...]`, but REST clients written
 * against the spec read `action` as a string, so such a rule becomes one rule per action, in order.
 */
export function oneActionPerRule(rules: readonly AppRule[]): AppRule[] {
  return rules.flatMap((rule) =>
    Array.isArray(rule.action) ? rule.action.map((action) => ({ ...rule, action })) : [rule],
  );
}

export const authRest: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  app.post('/auth/login', async (request, reply) => {
    const parsed = ZLoginInput.safeParse(request.body ?? {});
    if (!parsed.success) return reply.code(400).send({ errors: zodFieldErrors(parsed.error) });
    try {
      const result = await app.guardLogin(request, parsed.data.email, () =>
        auth.login(request.em, parsed.data, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          sessionTtlMs: config.sessionTtlMs,
          sessionIdleMinutes: config.sessionIdleMinutes,
          secretsKey: config.secretsKey,
        }),
      );
      setSessionCookies(reply, result, config.cookieSecure);
      return reply.code(201).send({
        userAbilityRules: oneActionPerRule(result.userAbilityRules),
        accessToken: result.accessToken,
        userData: result.userData,
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'BAD_REQUEST') {
        return reply.code(400).send({ errors: error.fieldErrors ?? { email: [error.message] } });
      }
      if (error instanceof AppError && error.reason === TWO_FACTOR_REQUIRED) {
        return reply.code(401).send({ message: error.message, twoFactorRequired: true, reason: error.reason });
      }
      throw error;
    }
  });

  app.post('/auth/logout', async (request, reply) => {
    if (request.user) await auth.logout(request.em, request.user.sessionId);
    clearSessionCookies(reply);
    return reply.code(204).send();
  });
};
