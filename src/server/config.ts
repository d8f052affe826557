/**
 * Every environment variable the server reads, parsed once with zod (DESIGN.md §6).
 * A bad value stops the start with a message naming the variable, not a crash later on.
 */
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CHALLENGE_DATA_MAX_MB, DEFAULT_TEST_DATA_MAX_MB } from '../contract/test-data.ts';
import { STUDENT_SIGNUP_MODES, type StudentSignUpMode } from '../contract/auth.ts';
import { judgeConfigFromEnv, type JudgeConfig } from './judge/config.ts';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * TRUST_PROXY: a flag, or the proxies' addresses and CIDR ranges (and proxy-addr's names for
 * loopback, link-local and unique-local ranges). With a list, X-Forwarded-For is read only from a
 * peer in it, so a server also reachable directly cannot be told any address by a client.
 */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const;
const TRUST_PROXY_ERROR =
  "TRUST_PROXY must be true, false, or a list of the proxies' addresses or CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1)";
const proxyList = z
  .string()
  .transform((v) => v.split(/[\s,]+/u).filter((item) => item !== ''))
  .pipe(
    z
      .array(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6(), z.enum(PROXY_RANGE_NAMES)]))
      .min(1, { error: TRUST_PROXY_ERROR }),
  );
const trustProxy = z.union([flag, proxyList], { error: TRUST_PROXY_ERROR });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  DATA_DIR: z.string().default('./data'),
  STATIC_DIR: z.string().default('./dist'),
  DATABASE_URL: optionalText,
  JWT_SECRET: optionalText.pipe(
    z.string().min(32, { error: 'JWT_SECRET must be at least 32 characters' }).optional(),
  ),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  ADMIN_EMAIL: optionalText,
  ADMIN_PASSWORD: optionalText,
  SMTP_URL: optionalText,
  MAIL_FROM: optionalText,
  COMPILER_URL_TEMPLATE: optionalText,
  COMPILER_APP_KEY: optionalText,
  JUDGE_CONCURRENCY: z.coerce.number().int().positive().default(os.availableParallelism()),
  JUDGE_SANDBOX: z.enum(['bwrap', 'none']).default('bwrap'),
  // The durable judge queue (issue 13). `false` on servers when separate `npm run worker`
  // processes judge; the embedded default judges in the server process.
  JUDGE_IN_PROCESS: flag.default(true),
  // Added to a job's worst case (compile + tests × wall limit) to make its lease.
  JUDGE_LEASE_MARGIN_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // How often expired leases (a worker that died mid-run) are looked for.
  JUDGE_LEASE_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  // How often an idle worker asks the queue for work (wake-ups make it sooner).
  JUDGE_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  // Tries after the first when the judge itself fails on a submission.
  JUDGE_RETRY_LIMIT: z.coerce.number().int().min(0).max(10).default(2),
  // On SIGTERM, running jobs may finish this long before they are handed back to the queue.
  JUDGE_STOP_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // How often each judging process refreshes its heartbeat (the admin's queue status).
  JUDGE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  // How often the judge's readiness (sandbox, seccomp, languages) is probed again (/api/health).
  JUDGE_READINESS_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // A submission that reaches the server this long after the deadline is still judged.
  SUBMISSION_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
  // How long after the deadline a submission the page queued while offline (before the deadline)
  // may still arrive: a lab whose network died at the end is not punished, but nobody can extend
  // the test by staying offline.
  SUBMISSION_OFFLINE_ALLOWANCE_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
  // Big test data (issue 14 item 6): the largest test file, and all of a challenge's tests.
  TEST_DATA_MAX_MB: z.coerce.number().int().min(1).max(4096).default(DEFAULT_TEST_DATA_MAX_MB),
  CHALLENGE_DATA_MAX_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(65536)
    .default(DEFAULT_CHALLENGE_DATA_MAX_MB),
  TZ: z.string().default('UTC'),
  REDIS_URL: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  // Failed logins allowed per window. The per-IP figure is high because a whole lab often
  // shares one address behind NAT; the per-account one is what stops password guessing.
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(300),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  // Failed logins per account per hour from clients that never signed in to it (issue 30): what
  // bounds a guess spread over many addresses. 0 turns the budget off.
  LOGIN_UNKNOWN_FAILURES_PER_HOUR: z.coerce.number().int().min(0).default(20),
  // Longest a sign-in (or sign-up, or reset) may wait for its password hash, queue included,
  // before it is answered 503 with Retry-After: under the page's 10 s timeout.
  SIGN_IN_WAIT_SECONDS: z.coerce.number().min(0).max(300).default(8),
  // Mail (password reset). Without SMTP_URL messages go to DATA_DIR/outbox as .eml files.
  SMTP_IGNORE_TLS: flag.default(false),
  SMTP_REQUIRE_TLS: flag.default(false),
  SMTP_TLS_REJECT_UNAUTHORIZED: flag.default(true),
  MAIL_SEND_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(4),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().min(0).max(300).default(2),
  // The audit log's retention (issue 33): entries older are deleted; never under 30 days.
  AUDIT_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(30)
    .max(36_500)
    .default(365 * 3),
  RESET_TOKEN_TTL_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(30),
  // Reset requests allowed per window, counted whether or not the address has an account.
  RESET_MAX_REQUESTS_PER_EMAIL: z.coerce.number().int().positive().default(5),
  RESET_MAX_REQUESTS_PER_IP: z.coerce.number().int().positive().default(100),
  RESET_REQUEST_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  // Who may sign up (issue 15 item 3): open (spec), roster (uploaded emails only), verify (all
  // new accounts confirm their email). A roster entry is claimed by a mailed link in every mode.
  STUDENT_SIGNUP: z.enum(STUDENT_SIGNUP_MODES).default('open'),
  // Campus single sign-on (issue 18): all three of issuer, client id and secret, or none.
  OIDC_ISSUER: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_ALLOWED_DOMAINS: optionalText,
  OIDC_ADMIN_EMAILS: optionalText,
  OIDC_ADMIN_GROUP: optionalText,
  OIDC_TEACHER_GROUP: optionalText,
  OIDC_ASSISTANT_GROUP: optionalText,
  OIDC_BUTTON_LABEL: optionalText.pipe(z.string().max(60).optional()),
});

/** The variables the schema reads (the configuration table must name each: config-reference.ts). */
export const schemaVariableNames: readonly string[] = Object.keys(envSchema.shape);

/** A comma- or space-separated list, lower-cased (emails and domains compare that way). */
const lowerList = (value: string | undefined) =>
  (value ?? '')
    .split(/[\s,]+/u)
    .map((item) => item.trim().toLowerCase().replace(/^@/u, ''))
    .filter((item) => item !== '');

export type OidcConfig = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Email domains whose new students may sign up by SSO; empty: any. */
  allowedDomains: string[];
  adminEmails: string[];
  /** A value of the ID token's `groups` claim that makes an administrator (an owner). */
  adminGroup: string | undefined;
  /** Values of `groups` that make a teacher, an assistant (issue 33), on their first sign-in. */
  teacherGroup: string | undefined;
  assistantGroup: string | undefined;
  buttonLabel: string;
};

function oidcConfig(e: z.infer<typeof envSchema>): OidcConfig | undefined {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = e;
  if (!issuer && !clientId && !clientSecret) return undefined;
  if (!issuer || !clientId || !clientSecret)
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_*: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together',
    );
  return {
    issuer,
    clientId,
    clientSecret,
    allowedDomains: lowerList(e.OIDC_ALLOWED_DOMAINS),
    adminEmails: lowerList(e.OIDC_ADMIN_EMAILS),
    adminGroup: e.OIDC_ADMIN_GROUP,
    teacherGroup: e.OIDC_TEACHER_GROUP,
    assistantGroup: e.OIDC_ASSISTANT_GROUP,
    buttonLabel: e.OIDC_BUTTON_LABEL ?? 'campus account',
  };
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  staticDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  sessionTtlSeconds: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  compilerUrlTemplate: string | undefined;
  compilerAppKey: string | undefined;
  judgeConcurrency: number;
  judgeSandbox: 'bwrap' | 'none';
  /** Everything the judge reads (JUDGE_* variables), JUDGE_CONCURRENCY and JUDGE_SANDBOX included. */
  judge: JudgeConfig;
  /** The durable judge queue and its workers. */
  judgeQueue: {
    inProcess: boolean;
    leaseMarginSeconds: number;
    leaseCheckSeconds: number;
    pollSeconds: number;
    retryLimit: number;
    stopTimeoutSeconds: number;
    heartbeatSeconds: number;
  };
  /** How often the judge's readiness is probed again. */
  judgeReadinessCheckSeconds: number;
  submissionGraceSeconds: number;
  submissionOfflineAllowanceSeconds: number;
  /** Big test data: the largest test file and all of one challenge's tests, in bytes. */
  testData: { maxFileBytes: number; maxChallengeBytes: number };
  timeZone: string;
  redisUrl: string | undefined;
  logLevel: string;
  /** Fastify's trustProxy: a flag, or the proxies' addresses and ranges. */
  trustProxy: boolean | string[];
  loginLimits: { perAccount: number; perIp: number; windowSeconds: number };
  /** Failed logins per account per window from clients unknown to it; 0: no budget. */
  unknownClientBudget: { failures: number; windowSeconds: number };
  signInWaitMs: number;
  smtpTls: { ignoreTls: boolean; requireTls: boolean; rejectUnauthorized: boolean };
  /** A failed send is tried `attempts` times in all, waiting firstDelayMs, then twice as long... */
  mailRetry: { attempts: number; firstDelayMs: number };
  resetTokenTtlSeconds: number;
  auditRetentionDays: number;
  resetLimits: { perAccount: number; perIp: number; windowSeconds: number };
  studentSignUp: StudentSignUpMode;
  /** Single sign-on, when configured. */
  oidc: OidcConfig | undefined;
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  let judge: JudgeConfig;
  try {
    judge = judgeConfigFromEnv(env, { sandbox: e.JUDGE_SANDBOX, concurrency: e.JUDGE_CONCURRENCY });
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  JUDGE_*: ${(error as Error).message}`);
  }
  // DATA_DIR is 0700 (private-data-dir.ts): boxes, which run as other users, could not reach
  // their own code through it, and every submission would fail.
  const dataDir = path.resolve(e.DATA_DIR);
  const work = path.resolve(judge.workDir);
  if (work === dataDir || work.startsWith(`${dataDir}${path.sep}`))
    throw new ConfigError(
      `Invalid configuration:\n  JUDGE_WORK_DIR (${work}) must not be inside DATA_DIR (${dataDir}), which only the portal's own user may enter.`,
    );
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    staticDir: path.resolve(e.STATIC_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    sessionTtlSeconds: Math.round(e.SESSION_TTL_HOURS * 3600),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    compilerUrlTemplate: e.COMPILER_URL_TEMPLATE,
    compilerAppKey: e.COMPILER_APP_KEY,
    judgeConcurrency: e.JUDGE_CONCURRENCY,
    judgeSandbox: e.JUDGE_SANDBOX,
    judge,
    judgeQueue: {
      inProcess: e.JUDGE_IN_PROCESS,
      leaseMarginSeconds: e.JUDGE_LEASE_MARGIN_SECONDS,
      leaseCheckSeconds: e.JUDGE_LEASE_CHECK_SECONDS,
      pollSeconds: e.JUDGE_POLL_SECONDS,
      retryLimit: e.JUDGE_RETRY_LIMIT,
      stopTimeoutSeconds: e.JUDGE_STOP_TIMEOUT_SECONDS,
      heartbeatSeconds: e.JUDGE_HEARTBEAT_SECONDS,
    },
    judgeReadinessCheckSeconds: e.JUDGE_READINESS_CHECK_SECONDS,
    submissionGraceSeconds: e.SUBMISSION_GRACE_SECONDS,
    submissionOfflineAllowanceSeconds: e.SUBMISSION_OFFLINE_ALLOWANCE_SECONDS,
    testData: {
      maxFileBytes: e.TEST_DATA_MAX_MB * 1024 * 1024,
      maxChallengeBytes: e.CHALLENGE_DATA_MAX_MB * 1024 * 1024,
    },
    timeZone: e.TZ,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    signInWaitMs: Math.round(e.SIGN_IN_WAIT_SECONDS * 1000),
    loginLimits: {
      perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: Math.round(e.LOGIN_FAILURE_WINDOW_MINUTES * 60),
    },
    unknownClientBudget: {
      failures: e.LOGIN_UNKNOWN_FAILURES_PER_HOUR,
      windowSeconds: 3600,
    },
    smtpTls: {
      ignoreTls: e.SMTP_IGNORE_TLS,
      requireTls: e.SMTP_REQUIRE_TLS,
      rejectUnauthorized: e.SMTP_TLS_REJECT_UNAUTHORIZED,
    },
    mailRetry: {
      attempts: e.MAIL_SEND_ATTEMPTS,
      firstDelayMs: Math.round(e.MAIL_RETRY_DELAY_SECONDS * 1000),
    },
    resetTokenTtlSeconds: Math.round(e.RESET_TOKEN_TTL_MINUTES * 60),
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    resetLimits: {
      perAccount: e.RESET_MAX_REQUESTS_PER_EMAIL,
      perIp: e.RESET_MAX_REQUESTS_PER_IP,
      windowSeconds: Math.round(e.RESET_REQUEST_WINDOW_MINUTES * 60),
    },
    studentSignUp: e.STUDENT_SIGNUP,
    oidc: oidcConfig(e),
  };
}
