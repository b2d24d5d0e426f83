// A customer's single sign-on settings (OpenID Connect): read and change them. A customer's admin for
// their own customer, superadmin for any (`customerId`); another customer is NOT_FOUND. The client
// secret is encrypted with SECRETS_KEY before it is stored and is never returned. Throws FORBIDDEN,
// NOT_FOUND, BAD_REQUEST (field errors: issuer, clientSecret, defaultRole), CONFLICT (a domain of another customer).
import { sql } from 'kysely';
import type { TSsoConfig, TSsoGetInput, TSsoUpdateInput } from '../../../../shared/schemas/sso.ts';
import { db } from '../../../db/kysely.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { recordAudit } from '../../../lib/audit/audit.ts';
import { requireUser } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { withTransaction } from '../../../lib/scope.ts';
import { encryptSecret } from '../../../lib/secrets.ts';
import { requireCustomer } from '../../organization/customers/customers.refs.ts';
import { clientConfiguration, issuerProblem } from './sso.oidc.ts';
import { ssoProviderOfCustomer } from './sso.refs.ts';

/** The roles that manage a customer's single sign-on (superadmin: any customer; admin: their own). */
export const SSO_MANAGERS = ['superadmin', 'admin'] as const;

/** Step 1 of both entry points: who may, and which customer they mean. */
async function ssoCustomerId(ctx: ServiceContext, customerId: number | undefined): Promise<number> {
  requireUser(ctx);
  if (!(SSO_MANAGERS as readonly string[]).includes(ctx.user.role)) {
    throw new AppError('FORBIDDEN', 'common.forbidden', { action: 'update', record: 'Customer' });
  }
  if (ctx.user.customerId !== null) {
    if (customerId !== undefined && customerId !== ctx.user.customerId) throw notFound('Customer');
    return ctx.user.customerId;
  }
  if (customerId === undefined) {
    throw new AppError('BAD_REQUEST', 'sso.customerRequired', {}, { customerId: 'sso.customerRequired' });
  }
  await requireCustomer(ctx.em, customerId);
  return customerId;
}

async function readSso(ctx: AuthedContext, customerId: number): Promise<TSsoConfig> {
  const row = await ssoProviderOfCustomer(ctx.em, customerId);
  return {
    customerId,
    configured: !!row,
    issuer: row?.issuer ?? '',
    clientId: row?.clientId ?? '',
    emailDomains: row?.emailDomains ?? [],
    defaultRole: (row?.defaultRole as TSsoConfig['defaultRole'] | undefined) ?? 'businessuser',
    autoCreate: row?.autoCreate ?? false,
    enforced: row?.enforced ?? false,
    hasClientSecret: !!row,
  };
}

/** sso.get: the customer's provider settings (never the secret); `configured: false` when it has none. */
export async function getSso(ctx: ServiceContext, input: TSsoGetInput): Promise<TSsoConfig> {
  const customerId = await ssoCustomerId(ctx, input?.customerId);
  requireUser(ctx);
  return readSso(ctx, customerId);
}

/** The domains of the list that another customer's provider already claims. */
async function domainsTakenElsewhere(ctx: AuthedContext, customerId: number, domains: string[]): Promise<string[]> {
  const rows = await db(ctx.em)
    .selectFrom('customer_sso')
    .select(sql<string>`unnest(email_domains)`.as('domain'))
    .where('customer_id', '!=', customerId)
    .execute();
  const taken = new Set(rows.map((r) => r.domain));
  return domains.filter((d) => taken.has(d));
}

/**
 * sso.update: set the customer's provider. Steps: who → secrets key → issuer (scheme, then discovery
 * answers) → domains free → write (secret encrypted, kept when not sent) → audit (never the secret).
 */
export async function updateSso(ctx: ServiceContext, input: TSsoUpdateInput): Promise<TSsoConfig> {
  const customerId = await ssoCustomerId(ctx, input.customerId);
  requireUser(ctx);

  const key = ctx.sso?.secretsKey;
  if (!key) throw new AppError('BAD_REQUEST', 'sso.secretsKeyMissing');
  if (input.defaultRole === 'superadmin') {
    throw new AppError('BAD_REQUEST', 'sso.defaultRole', {}, { defaultRole: 'sso.defaultRole' });
  }

  const insecure = issuerProblem(input.issuer, ctx.sso);
  if (insecure) throw new AppError('BAD_REQUEST', insecure, {}, { issuer: insecure });
  const before = await ssoProviderOfCustomer(ctx.em, customerId);
  const secret = input.clientSecret?.length ? input.clientSecret : null;
  if (!secret && !before) {
    throw new AppError('BAD_REQUEST', 'sso.clientSecretRequired', {}, { clientSecret: 'sso.clientSecretRequired' });
  }
  const domains = [...new Set(input.emailDomains)];
  const taken = await domainsTakenElsewhere(ctx, customerId, domains);
  if (taken.length) {
    throw new AppError('CONFLICT', 'sso.domainTaken', { domain: taken[0] }, { emailDomains: 'sso.domainTaken' });
  }
  try {
    // An issuer whose discovery does not answer with valid metadata is refused now, not at the first sign-in.
    await clientConfiguration(
      { issuer: input.issuer, clientId: input.clientId, clientSecret: secret ?? 'unchanged' },
      ctx.sso,
    );
  } catch {
    throw new AppError('BAD_REQUEST', 'sso.discoveryFailed', {}, { issuer: 'sso.discoveryFailed' });
  }

  await withTransaction(ctx, async (tx) => {
    const now = new Date();
    const values = {
      issuer: input.issuer,
      client_id: input.clientId,
      email_domains: domains,
      default_role: input.defaultRole,
      auto_create: input.autoCreate,
      enforced: input.enforced,
      updated_at: now,
    };
    const encrypted = secret ? encryptSecret(key, secret) : before!.clientSecretEncrypted;
    await db(tx.em)
      .insertInto('customer_sso')
      .values({ ...values, customer_id: customerId, client_secret_encrypted: encrypted, created_at: now })
      .onConflict((oc) => oc.column('customer_id').doUpdateSet({ ...values, client_secret_encrypted: encrypted }))
      .execute();
    recordAudit(tx, {
      action: 'update',
      entityType: 'Customer',
      entityId: customerId,
      customerId,
      changes: {
        sso: {
          from: before && {
            issuer: before.issuer,
            clientId: before.clientId,
            emailDomains: before.emailDomains,
            defaultRole: before.defaultRole,
            autoCreate: before.autoCreate,
            enforced: before.enforced,
          },
          to: {
            issuer: input.issuer,
            clientId: input.clientId,
            emailDomains: domains,
            defaultRole: input.defaultRole,
            autoCreate: input.autoCreate,
            enforced: input.enforced,
          },
        },
        clientSecretChanged: !!secret,
      },
    });
    await tx.em.flush();
  });
  return readSso(ctx, customerId);
}
