import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './paths.js';
import { defaultPoolSize } from './db/pool-size.js';

export type PlatformMode = 'simulated' | 'real';
export type PaymentMode = 'test' | 'live';

export interface PaymentsConfig {
  /** 'test': the built-in test checkout takes every payment (D10.2); 'live': Stripe and PayPal. */
  mode: PaymentMode;
  /**
   * Signs the test checkout's events: TEST_PAYMENT_SECRET, else a random secret kept in DATA_DIR
   * (`withInstallationSecrets`), else (tests, scripts) one random per process.
   */
  testSecret?: string;
  stripe?: { secretKey: string; webhookSecret: string };
  paypal?: {
    clientId: string;
    secret: string;
    webhookId: string;
    apiBase: string;
    plans: Record<string, string>;
  };
}

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
}

/** S3-compatible storage for uploaded images (S3_*); when unset, images are kept under DATA_DIR/media. */
export interface S3Config {
  /** A MinIO, R2, ... address (S3_ENDPOINT); unset for AWS itself, whose address follows from the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Key prefix inside the bucket, e.g. 'marquee/' (empty for none). */
  prefix: string;
  /** {endpoint}/{bucket}/{key} instead of {bucket}.{endpoint host}/{key}: on by default with S3_ENDPOINT. */
  forcePathStyle: boolean;
}

/**
 * The live chat of the help area (docs/domain.md H9): Marquee's own (the default) or Intercom's
 * Messenger. `identitySecret` signs the member's id (HMAC-SHA256) as the hosted service verifies it.
 */
export interface ChatConfig {
  provider: 'marquee' | 'intercom';
  identitySecret: string;
  /** Intercom's workspace (app) id. */
  appId?: string;
  /** Intercom's API region, https://api-iam.intercom.io unless the workspace is hosted in the EU or Australia. */
  apiBase?: string;
}

/** The Instagram growth service's offer shown on the Exchange (spec 4 §1, docs/domain.md EX13). */
export interface InstagramPromo {
  service: string;
  /** Its address: an http(s) address, or a path of this site (the simulated service). */
  url: string;
  code: string;
  /** The offer as the page words it (the spec's 15% off). */
  discount: string;
}

export interface AppConfig {
  port: number;
  host: string;
  /** Folder for the embedded database and uploads (DATA_DIR). */
  dataDir: string;
  /** Where uploaded images are stored: S3-compatible storage when configured, else DATA_DIR/media. */
  s3?: S3Config;
  /** A PostgreSQL server; when unset the embedded PGlite database in dataDir is used. */
  databaseUrl?: string;
  /** Address the site is reached at; used in links that mails carry. */
  publicUrl: string;
  smtp?: SmtpConfig;
  mailFrom: string;
  platformMode: PlatformMode;
  payments: PaymentsConfig;
  /** Built web app to serve; skipped when the folder has no index.html. */
  webDist: string;
  /** The built Pro extension (EXTENSION_DIST), zipped for this site when downloaded (docs/domain.md PX10). */
  extensionDist: string;
  /** Lets tests and the journeys move the clock through /v4/operations/dev/clock (never in production). */
  controllableClock: boolean;
  /** Number of proxies in front of the app whose X-Forwarded-For is trusted for the sign-in limits. */
  trustProxy: boolean;
  logLevel: string;
  /** Connections this server keeps to PostgreSQL (DATABASE_POOL_SIZE, R9). */
  databasePoolSize: number;
  /** How long a shutdown waits for open requests and a running job before the process exits anyway (SHUTDOWN_TIMEOUT_MS, R7). */
  shutdownTimeoutMs: number;
  /** NODE_ENV=production: the checks of `productionProblems` apply and no development route exists. */
  production: boolean;
  /** Seed the demo community on a first start with no members (SEED_DEMO). */
  seedDemo: boolean;
  /** The unsafe settings an operator allowed explicitly in production (UNSAFE_*). */
  unsafe: UnsafeAllowances;
  /** The help area's live chat (CHAT_*). */
  chat: ChatConfig;
  /**
   * The Exchange's growth-service promo (INSTAGRAM_PROMO_*, EX13): the operator's, or outside
   * production with the platforms simulated the simulated service; null when none is set.
   */
  instagramPromo: InstagramPromo | null;
}

export interface UnsafeAllowances {
  outboxMail: boolean;
  testPayments: boolean;
  demoSeed: boolean;
  defaultSecrets: boolean;
  partialProviders: boolean;
  simulatedPlatforms: boolean;
}

/** Secrets the README or the demo names: a site that keeps one is open to anyone who read them. */
const DOCUMENTED_SECRETS = new Set(['marquee-test-checkout', 'marquee-demo', 'changeme', 'secret']);

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const flag = (name: string, fallback: boolean) =>
  optionalText.pipe(
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], {
        error: `${name} must be true or false.`,
      })
      .optional()
      .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v))),
  );
/** A whole number from 1 (to `max`, when given), or `fallback` when unset. */
const positive = (name: string, fallback: number, max = 99_999) => {
  const error =
    max < 99_999
      ? `${name} must be a whole number from 1 to ${max}.`
      : `${name} must be a positive whole number.`;
  return optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, { error })
      .optional()
      .transform((v) => (v === undefined ? fallback : Number(v)))
      .pipe(z.number().int().min(1, { error }).max(max, { error })),
  );
};
const choice = <T extends string>(name: string, allowed: readonly [T, ...T[]], fallback: T) =>
  optionalText.pipe(
    z
      .enum(allowed, { error: `${name} must be one of ${allowed.join(', ')}.` })
      .optional()
      .transform((v): T => v ?? fallback),
  );
const url = (name: string) =>
  optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^\s/]+/i, { error: `${name} must be an http or https address.` })
      .optional(),
  );

/** Every setting the app reads, each documented in the README with its default. */
const envSchema = z.object({
  NODE_ENV: optionalText,
  PORT: positive('PORT', 3000),
  SHUTDOWN_TIMEOUT_MS: positive('SHUTDOWN_TIMEOUT_MS', 20_000),
  HOST: optionalText,
  DATA_DIR: optionalText,
  WEB_DIST: optionalText,
  EXTENSION_DIST: optionalText,
  DATABASE_POOL_SIZE: positive('DATABASE_POOL_SIZE', defaultPoolSize(), 99),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must be a postgres:// address.' })
      .optional(),
  ),
  PUBLIC_URL: url('PUBLIC_URL'),
  SEED_DEMO: flag('SEED_DEMO', true),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_REGION: optionalText,
  S3_ENDPOINT: url('S3_ENDPOINT'),
  S3_PREFIX: optionalText,
  // No fixed default: path-style unless S3 is AWS itself (see loadConfig).
  S3_FORCE_PATH_STYLE: optionalText.pipe(
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'S3_FORCE_PATH_STYLE must be true or false.' })
      .optional()
      .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes'].includes(v))),
  ),
  SMTP_HOST: optionalText,
  SMTP_PORT: positive('SMTP_PORT', 587),
  SMTP_SECURE: flag('SMTP_SECURE', false),
  SMTP_USER: optionalText,
  SMTP_PASS: optionalText,
  MAIL_FROM: optionalText,
  PLATFORM_MODE: choice('PLATFORM_MODE', ['simulated', 'real'], 'simulated'),
  PAYMENT_MODE: choice('PAYMENT_MODE', ['test', 'live'], 'test'),
  TEST_PAYMENT_SECRET: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_SECRET: optionalText,
  PAYPAL_WEBHOOK_ID: optionalText,
  PAYPAL_API_BASE: url('PAYPAL_API_BASE'),
  PAYPAL_PLANS: optionalText,
  CHAT_PROVIDER: choice('CHAT_PROVIDER', ['marquee', 'intercom'], 'marquee'),
  CHAT_APP_ID: optionalText,
  CHAT_IDENTITY_SECRET: optionalText,
  CHAT_API_BASE: url('CHAT_API_BASE'),
  INSTAGRAM_PROMO_SERVICE: optionalText,
  INSTAGRAM_PROMO_URL: url('INSTAGRAM_PROMO_URL'),
  INSTAGRAM_PROMO_CODE: optionalText,
  CONTROLLABLE_CLOCK: flag('CONTROLLABLE_CLOCK', false),
  TRUST_PROXY: flag('TRUST_PROXY', false),
  LOG_LEVEL: choice('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
  UNSAFE_OUTBOX_MAIL: flag('UNSAFE_OUTBOX_MAIL', false),
  UNSAFE_TEST_PAYMENTS: flag('UNSAFE_TEST_PAYMENTS', false),
  UNSAFE_DEMO_SEED: flag('UNSAFE_DEMO_SEED', false),
  UNSAFE_DEFAULT_SECRETS: flag('UNSAFE_DEFAULT_SECRETS', false),
  UNSAFE_PARTIAL_PROVIDERS: flag('UNSAFE_PARTIAL_PROVIDERS', false),
  UNSAFE_SIMULATED_PLATFORMS: flag('UNSAFE_SIMULATED_PLATFORMS', false),
});
type Env = z.output<typeof envSchema>;

/** A setting that cannot be read; the message names it. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Marquee cannot start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads the configuration from environment variables (README "Configuration"; docs/domain.md R2), validated by one schema. */
export function loadConfig(raw: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`));
  }
  const env = parsed.data;
  const port = env.PORT;
  const production = env.NODE_ENV === 'production';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, 'data')),
    databaseUrl: env.DATABASE_URL,
    s3:
      env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.S3_ENDPOINT?.replace(/\/$/, ''),
            bucket: env.S3_BUCKET,
            region: env.S3_REGION ?? 'us-east-1',
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            prefix: env.S3_PREFIX ?? '',
            // MinIO and most self-hosted services answer path-style only; AWS prefers the bucket in the host.
            forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
          }
        : undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: env.SMTP_PORT,
          secure: env.SMTP_SECURE,
          user: env.SMTP_USER,
          pass: env.SMTP_PASS,
        }
      : undefined,
    mailFrom: env.MAIL_FROM ?? 'Marquee <support@marquee.local>',
    platformMode: env.PLATFORM_MODE,
    payments: {
      mode: env.PAYMENT_MODE,
      testSecret: env.TEST_PAYMENT_SECRET,
      stripe:
        env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
          ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET }
          : undefined,
      paypal:
        env.PAYPAL_CLIENT_ID && env.PAYPAL_SECRET && env.PAYPAL_WEBHOOK_ID
          ? {
              clientId: env.PAYPAL_CLIENT_ID,
              secret: env.PAYPAL_SECRET,
              webhookId: env.PAYPAL_WEBHOOK_ID,
              apiBase: env.PAYPAL_API_BASE ?? 'https://api-m.paypal.com',
              plans: paypalPlans(env.PAYPAL_PLANS),
            }
          : undefined,
    },
    webDist: path.resolve(env.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist')),
    extensionDist: path.resolve(env.EXTENSION_DIST ?? path.join(REPO_ROOT, 'apps/extension/dist')),
    controllableClock: !production && env.CONTROLLABLE_CLOCK,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    production,
    seedDemo: env.SEED_DEMO,
    unsafe: {
      outboxMail: env.UNSAFE_OUTBOX_MAIL,
      testPayments: env.UNSAFE_TEST_PAYMENTS,
      demoSeed: env.UNSAFE_DEMO_SEED,
      defaultSecrets: env.UNSAFE_DEFAULT_SECRETS,
      partialProviders: env.UNSAFE_PARTIAL_PROVIDERS,
      simulatedPlatforms: env.UNSAFE_SIMULATED_PLATFORMS,
    },
    chat: chatConfig(env),
    instagramPromo: instagramPromo(env, production),
  };
}

/** The spec's offer (spec 4 §1): 15% off. */
const PROMO_DISCOUNT = '15%';

/**
 * EX13: the growth service the operator names with all three INSTAGRAM_PROMO_* settings; outside
 * production, with none given and the platforms simulated, the simulated service under /sim/.
 */
function instagramPromo(env: Env, production: boolean): InstagramPromo | null {
  const { INSTAGRAM_PROMO_SERVICE: service, INSTAGRAM_PROMO_URL: url, INSTAGRAM_PROMO_CODE: code } = env;
  if (service && url && code) return { service, url, code, discount: PROMO_DISCOUNT };
  const noneGiven = service === undefined && url === undefined && code === undefined;
  if (noneGiven && !production && env.PLATFORM_MODE === 'simulated')
    return {
      service: 'InstaRise',
      url: '/sim/instagram-growth',
      code: 'MARQUEE15',
      discount: PROMO_DISCOUNT,
    };
  return null;
}

/**
 * The live chat (H9): Intercom needs its app id and identity secret, or the app does not start.
 * Marquee's own chat trusts the session; its hash uses CHAT_IDENTITY_SECRET when given, else a
 * secret of this process.
 */
function chatConfig(env: Env): ChatConfig {
  const identitySecret = env.CHAT_IDENTITY_SECRET ?? randomBytes(32).toString('hex');
  if (env.CHAT_PROVIDER === 'marquee') return { provider: 'marquee', identitySecret };
  const missing = (['CHAT_APP_ID', 'CHAT_IDENTITY_SECRET'] as const).filter((k) => env[k] === undefined);
  if (missing.length)
    throw new ConfigError([`CHAT_PROVIDER is intercom, so ${missing.join(' and ')} must be set too.`]);
  return {
    provider: 'intercom',
    identitySecret,
    appId: env.CHAT_APP_ID,
    apiBase: (env.CHAT_API_BASE ?? 'https://api-iam.intercom.io').replace(/\/$/, ''),
  };
}

/** "premium:12=P-123,pro:1=P-456": the PayPal plan of each subscription row. */
function paypalPlans(text: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (text ?? '')
      .split(',')
      .map((pair) => pair.split('=').map((x) => x.trim()))
      .filter((pair): pair is [string, string] => pair.length === 2 && Boolean(pair[0] && pair[1])),
  );
}

/** Settings given only in part: the provider would fail on a member's first payment or upload. */
function partialGroups(env: Env): string[] {
  const groups: Array<[string, Array<keyof Env>]> = [
    ['S3', ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']],
    ['Stripe', ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']],
    ['PayPal', ['PAYPAL_CLIENT_ID', 'PAYPAL_SECRET', 'PAYPAL_WEBHOOK_ID']],
    ['The Instagram promo', ['INSTAGRAM_PROMO_SERVICE', 'INSTAGRAM_PROMO_URL', 'INSTAGRAM_PROMO_CODE']],
  ];
  const problems: string[] = [];
  for (const [name, keys] of groups) {
    const given = keys.filter((k) => env[k] !== undefined);
    if (given.length > 0 && given.length < keys.length) {
      const missing = keys.filter((k) => env[k] === undefined);
      problems.push(
        `${name} is only half configured: ${given.join(', ')} given but ${missing.join(', ')} missing (or set UNSAFE_PARTIAL_PROVIDERS=true).`,
      );
    }
  }
  return problems;
}

/**
 * What makes a production start unsafe (README "Running in production", docs/domain.md R2): each problem names its
 * setting and the UNSAFE_* setting that allows it anyway. Empty outside production.
 */
export function productionProblems(raw: NodeJS.ProcessEnv, config: AppConfig): string[] {
  if (!config.production) return [];
  const env = envSchema.parse(raw);
  const problems: string[] = [];
  if (!config.smtp && !config.unsafe.outboxMail)
    problems.push(
      'SMTP_HOST is not set, so mail would go to the outbox instead of members (set SMTP_* or UNSAFE_OUTBOX_MAIL=true).',
    );
  if (config.payments.mode === 'test' && !config.unsafe.testPayments)
    problems.push(
      'PAYMENT_MODE is test, so anyone could buy memberships with the test checkout (set PAYMENT_MODE=live or UNSAFE_TEST_PAYMENTS=true).',
    );
  if (config.payments.mode === 'live' && !config.payments.stripe && !config.payments.paypal)
    problems.push('PAYMENT_MODE is live but neither Stripe (STRIPE_*) nor PayPal (PAYPAL_*) is configured.');
  if (config.platformMode === 'simulated' && !config.unsafe.simulatedPlatforms)
    problems.push(
      "PLATFORM_MODE is simulated, so follows and IMDb answers would be checked against the site's own stand-ins, where anyone can follow as anyone (set PLATFORM_MODE=real or UNSAFE_SIMULATED_PLATFORMS=true).",
    );
  if (env.PUBLIC_URL === undefined)
    problems.push(
      'PUBLIC_URL is not set, so the links in mails (confirmation, password reset) would point at localhost (set PUBLIC_URL to the address members reach the site at).',
    );
  if (config.seedDemo && !config.unsafe.demoSeed)
    problems.push(
      'SEED_DEMO is on, so demo members with a published password would be created (set SEED_DEMO=false or UNSAFE_DEMO_SEED=true).',
    );
  if (!config.unsafe.defaultSecrets) {
    const secrets: Array<keyof Env> = [
      'TEST_PAYMENT_SECRET',
      'STRIPE_WEBHOOK_SECRET',
      'PAYPAL_SECRET',
      'SMTP_PASS',
      'S3_SECRET_ACCESS_KEY',
      'CHAT_IDENTITY_SECRET',
    ];
    for (const key of secrets) {
      const value = env[key];
      if (typeof value === 'string' && DOCUMENTED_SECRETS.has(value))
        problems.push(
          `${key} is a documented default value; choose a secret of your own (or set UNSAFE_DEFAULT_SECRETS=true).`,
        );
    }
  }
  if (!config.unsafe.partialProviders) problems.push(...partialGroups(env));
  return problems;
}

/**
 * The test checkout's signing secret, when TEST_PAYMENT_SECRET is not set: random for this
 * installation and kept in DATA_DIR, so checkouts started before a restart still verify.
 */
export function withInstallationSecrets(config: AppConfig): AppConfig {
  if (config.payments.testSecret) return config;
  const file = path.join(config.dataDir, 'secrets', 'test-payment-secret');
  let secret: string;
  try {
    secret = fs.readFileSync(file, 'utf8').trim();
  } catch {
    secret = '';
  }
  if (secret.length < 32) secret = makeSecretOnce(file, secret === '' ? 'missing' : 'short');
  return { ...config, payments: { ...config.payments, testSecret: secret } };
}

/**
 * Writes a new secret whole, then puts it in place: a link that fails if another server starting on
 * the same DATA_DIR put its own there first (R8), in which case that one is everyone's. A file too
 * short to be a secret is replaced.
 */
function makeSecretOnce(file: string, found: 'missing' | 'short'): string {
  const fresh = randomBytes(32).toString('hex');
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const written = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(written, `${fresh}\n`, { mode: 0o600 });
  try {
    if (found === 'short') fs.renameSync(written, file);
    else fs.linkSync(written, file);
    return fresh;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return fs.readFileSync(file, 'utf8').trim();
  } finally {
    fs.rmSync(written, { force: true });
  }
}
