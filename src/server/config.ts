// Environment parsed once at boot with zod; the defaults are the documented ones (README, Configuration).
// Edit when a new setting is added; every problem is reported at once.
import path from 'node:path';
import { z } from 'zod';
import type { SsoSettings } from './lib/context.ts';

const boolish = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Which proxies may name the client (X-Forwarded-For / -Proto / -Host): `false` (default: none, the
 * socket's peer is the client), `true` (every hop: only when nothing but the proxy can reach the
 * app), or a comma-separated list of the proxies' addresses or CIDRs (safer: only they are believed).
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): boolean | string[] => {
    if (/^(true|1)$/i.test(v)) return true;
    if (/^(false|0)$/i.test(v)) return false;
    const list = v
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    const ok =
      list.length > 0 && list.every((a) => z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]).safeParse(a).success);
    if (ok) return list;
    ctx.addIssue({ code: 'custom', message: "use true, false, or the proxies' addresses/CIDRs separated by commas" });
    return z.NEVER;
  });

/**
 * A sender or reply address: `ops@example.com` or `Opsdesk <ops@example.com>`. Never a line break, so a
 * header built from it cannot carry another header.
 */
const mailAddress = z
  .string()
  .trim()
  .transform((v, ctx): { name: string; address: string } => {
    const match = /^(?:(.*?)\s*<([^<>\s]+)>|([^<>\s]+))$/.exec(v);
    const address = match?.[2] ?? match?.[3] ?? '';
    const name = (match?.[1] ?? '').replace(/^"(.*)"$/, '$1');
    if (/[\r\n]/.test(v) || !z.email().safeParse(address).success) {
      ctx.addIssue({ code: 'custom', message: 'an e-mail address, e.g. ops@example.com or Opsdesk <ops@example.com>' });
      return z.NEVER;
    }
    return { name, address };
  });

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
    DATABASE_POOL_WAIT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
    DATA_DIR: z.string().min(1).default('./.data'),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
    // A session without "remember me" ends when unused this long (remembered ones: after 7 days unused).
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(43_200).default(120),
    LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
    COOKIE_SECURE: boolish.optional(),
    TRUST_PROXY: trustProxy.optional(),
    CLIENT_DIST: z.string().optional(),
    JOBS: boolish.optional(),
    REMINDER_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
    // Uploaded files go to S3-compatible storage when FILES_S3_BUCKET is set, else under DATA_DIR/files.
    FILES_S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3-63 lowercase letters, digits, dots and hyphens')
      .optional(),
    FILES_S3_ENDPOINT: z
      .url({
        protocol: /^https?$/,
        message: 'an http(s) URL, e.g. https://s3.eu-west-3.amazonaws.com or http://minio:9000',
      })
      .optional(),
    FILES_S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, 'a region name such as eu-west-3')
      .optional(),
    FILES_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    FILES_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    FILES_S3_FORCE_PATH_STYLE: boolish.optional(),
    PUBLIC_URL: z
      .url({
        protocol: /^https?$/,
        message: 'the http(s) address users reach the app at, e.g. https://ops.example.com',
      })
      .optional(),
    SEED_DEMO: boolish.optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(12, 'at least 12 characters').max(128).optional(),
    METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
    API_RATE_LIMIT: z.coerce.number().int().positive().default(600),
    WEBHOOKS_ALLOW_PRIVATE_TARGETS: boolish.optional(),
    // Encrypts secrets kept in the database (webhook signing secrets, SSO client secrets): AES-256-GCM, see lib/secrets.ts.
    SECRETS_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, '32 bytes as 64 hex characters, e.g. the output of `openssl rand -hex 32`')
      .optional(),
    // E-mail leaves over SMTP when SMTP_URL is set; without it, e-mail stays in the outbox and the log.
    SMTP_URL: z
      .url({
        protocol: /^smtps?$/,
        message: 'an SMTP URL: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465',
      })
      .refine((v) => URL.canParse(v) && new URL(v).hostname !== '', 'an SMTP URL with a host')
      .optional(),
    MAIL_FROM: mailAddress.optional(),
    SSO_ALLOW_INSECURE_ISSUER: boolish.optional(),
    MAIL_REPLY_TO: mailAddress.optional(),
    MAIL_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(25),
  })
  .superRefine((e, ctx) => {
    const s3Settings = [
      'FILES_S3_ENDPOINT',
      'FILES_S3_REGION',
      'FILES_S3_ACCESS_KEY_ID',
      'FILES_S3_SECRET_ACCESS_KEY',
      'FILES_S3_FORCE_PATH_STYLE',
    ] as const;
    if (e.SMTP_URL !== undefined && e.MAIL_FROM === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message: 'required when SMTP_URL is set (the sender address)',
      });
    }
    if (e.ADMIN_PASSWORD !== undefined && e.ADMIN_EMAIL === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'required when ADMIN_PASSWORD is set' });
    }
    const given = s3Settings.filter((k) => e[k] !== undefined);
    if (!e.FILES_S3_BUCKET && given.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['FILES_S3_BUCKET'],
        message: `required when ${given.join(', ')} ${given.length > 1 ? 'are' : 'is'} set`,
      });
    }
    if ((e.FILES_S3_ACCESS_KEY_ID === undefined) !== (e.FILES_S3_SECRET_ACCESS_KEY === undefined)) {
      const missing = e.FILES_S3_ACCESS_KEY_ID === undefined ? 'FILES_S3_ACCESS_KEY_ID' : 'FILES_S3_SECRET_ACCESS_KEY';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message:
          'set both FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY, or neither (the SDK then finds credentials itself)',
      });
    }
  });

/** Where uploaded files are kept: a folder (default `DATA_DIR/files`) or an S3-compatible bucket. */
export type FileStorageConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** Unset: AWS S3 itself. */
      endpoint?: string;
      region: string;
      /** Unset: the SDK's own chain (environment, instance role…). */
      credentials?: { accessKeyId: string; secretAccessKey: string };
      /** Path-style URLs (`endpoint/bucket/key`), which most S3-compatible servers need. */
      forcePathStyle: boolean;
    };

/** The process's connection pool: at most `max` connections; a request waits `waitMs` for one, then is refused (503). */
export interface DatabasePool {
  max: number;
  waitMs: number;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl?: string;
  /** Connections to PostgreSQL this process opens at most, and how long a request waits for one (then 503). */
  databasePool: DatabasePool;
  dataDir: string;
  embeddedPgPort?: number;
  logLevel: string;
  sessionTtlMs: number;
  /** SESSION_IDLE_MINUTES: a session without "remember me" ends when unused this long. */
  sessionIdleMinutes: number;
  /** Failed sign-ins per (email, client address) before each further try waits longer (2 s, 4 s, …). */
  loginRateLimit: number;
  cookieSecure: boolean;
  /** Fastify's `trustProxy`: false unless TRUST_PROXY names the reverse proxy. */
  trustProxy: boolean | string[];
  clientDist: string;
  /** Run the scheduled jobs (missed visits, reminders) in this process; off by default under NODE_ENV=test. */
  jobs: boolean;
  /** Minutes before a visit starts that its inspector is reminded. */
  reminderMinutes: number;
  files: FileStorageConfig;
  /** The address users reach the app at, without a trailing slash: every link in an e-mail starts with it. */
  publicUrl: string;
  /** Seed the demo customers and accounts into an empty database (default: only with the embedded database). */
  seedDemo: boolean;
  /** Without demo data, the first superadmin of an empty database; without a password a one-time link is logged. */
  admin?: { email: string; password?: string };
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /** Requests one API key may make per minute on /api/v1 (counted across every process). */
  apiRateLimit: number;
  /** Let webhooks reach loopback, private and link-local addresses (a local receiver in development). */
  webhooksAllowPrivateTargets: boolean;
  /** SECRETS_KEY: encrypts webhook signing secrets at rest; null keeps them readable. */
  secretsKey: Buffer | null;
  /** Delivery over SMTP (SMTP_URL, MAIL_FROM, MAIL_REPLY_TO); unset, e-mail stays in the outbox. */
  mail?: MailConfig;
  /** SECRETS_KEY (encrypts stored SSO client secrets) and SSO_ALLOW_INSECURE_ISSUER. */
  sso: SsoSettings;
}

/** An e-mail address with an optional display name. */
export interface MailAddress {
  name: string;
  address: string;
}

export interface MailConfig {
  /** `smtp://…` (STARTTLS when offered) or `smtps://…` (TLS from the start), credentials in it. */
  smtpUrl: string;
  from: MailAddress;
  replyTo?: MailAddress;
  /** E-mails handed to the SMTP server per second at most, per process (MAIL_RATE_LIMIT; default 25). */
  ratePerSecond?: number;
}

export class ConfigError extends Error {}

/** Parse `env` into an AppConfig; throws ConfigError listing every invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePool: { max: e.DATABASE_POOL_MAX, waitMs: e.DATABASE_POOL_WAIT_SECONDS * 1000 },
    dataDir: path.resolve(e.DATA_DIR),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    cookieSecure: e.COOKIE_SECURE ?? false,
    trustProxy: e.TRUST_PROXY ?? false,
    clientDist: path.resolve(e.CLIENT_DIST ?? 'dist/client'),
    jobs: e.JOBS ?? e.NODE_ENV !== 'test',
    reminderMinutes: e.REMINDER_MINUTES,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    admin: e.ADMIN_EMAIL ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    metricsToken: e.METRICS_TOKEN,
    apiRateLimit: e.API_RATE_LIMIT,
    webhooksAllowPrivateTargets: e.WEBHOOKS_ALLOW_PRIVATE_TARGETS ?? false,
    sso: {
      secretsKey: e.SECRETS_KEY ? Buffer.from(e.SECRETS_KEY, 'hex') : null,
      allowInsecureIssuer: e.SSO_ALLOW_INSECURE_ISSUER ?? false,
    },
    secretsKey: e.SECRETS_KEY ? Buffer.from(e.SECRETS_KEY, 'hex') : null,
    mail:
      e.SMTP_URL && e.MAIL_FROM
        ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, replyTo: e.MAIL_REPLY_TO, ratePerSecond: e.MAIL_RATE_LIMIT }
        : undefined,
    files: e.FILES_S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.FILES_S3_BUCKET,
          endpoint: e.FILES_S3_ENDPOINT,
          region: e.FILES_S3_REGION ?? 'us-east-1',
          credentials:
            e.FILES_S3_ACCESS_KEY_ID && e.FILES_S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.FILES_S3_ACCESS_KEY_ID, secretAccessKey: e.FILES_S3_SECRET_ACCESS_KEY }
              : undefined,
          // A custom endpoint is usually an S3-compatible server (MinIO, Ceph…), which wants path style.
          forcePathStyle: e.FILES_S3_FORCE_PATH_STYLE ?? Boolean(e.FILES_S3_ENDPOINT),
        }
      : { kind: 'disk', dir: path.join(path.resolve(e.DATA_DIR), 'files') },
  };
}
