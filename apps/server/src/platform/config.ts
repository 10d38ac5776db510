import path from 'node:path';

export type PlatformMode = 'simulated' | 'real';
export type PaymentMode = 'test' | 'live';

export interface PaymentsConfig {
  /** 'test': the built-in test checkout takes every payment (D10.2); 'live': Stripe and PayPal. */
  mode: PaymentMode;
  /** Signs the test checkout's events. */
  testSecret: string;
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
  /** e.g. https://s3.us-east-1.amazonaws.com or a MinIO address; path-style requests. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Key prefix inside the bucket, e.g. 'marquee/' (empty for none). */
  prefix: string;
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
  /** Lets tests and the journeys move the clock through /v4/operations/dev/clock (never in production). */
  controllableClock: boolean;
  /** Number of proxies in front of the app whose X-Forwarded-For is trusted for the sign-in limits. */
  trustProxy: boolean;
  logLevel: string;
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

function number(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`${name} must be a positive whole number, not "${value}".`);
  return n;
}

function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
  name: string,
): T {
  if (value === undefined || value === '') return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new Error(`${name} must be one of ${allowed.join(', ')}, not "${value}".`);
  }
  return value as T;
}

/** Reads the configuration from environment variables; each one is documented in the README. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = number(env.PORT, 3000, 'PORT');
  const smtpHost = env.SMTP_HOST;
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    s3:
      env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: (env.S3_ENDPOINT || `https://s3.${env.S3_REGION || 'us-east-1'}.amazonaws.com`).replace(
              /\/$/,
              '',
            ),
            bucket: env.S3_BUCKET,
            region: env.S3_REGION || 'us-east-1',
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            prefix: env.S3_PREFIX || '',
          }
        : undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    smtp: smtpHost
      ? {
          host: smtpHost,
          port: number(env.SMTP_PORT, 587, 'SMTP_PORT'),
          secure: env.SMTP_SECURE === 'true',
          user: env.SMTP_USER || undefined,
          pass: env.SMTP_PASS || undefined,
        }
      : undefined,
    mailFrom: env.MAIL_FROM || 'Marquee <support@marquee.local>',
    platformMode: oneOf(env.PLATFORM_MODE, ['simulated', 'real'] as const, 'simulated', 'PLATFORM_MODE'),
    payments: {
      mode: oneOf(env.PAYMENT_MODE, ['test', 'live'] as const, 'test', 'PAYMENT_MODE'),
      testSecret: env.TEST_PAYMENT_SECRET || 'marquee-test-checkout',
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
              apiBase: env.PAYPAL_API_BASE || 'https://api-m.paypal.com',
              // "premium:12=P-123,pro:1=P-456": the plan of each subscription row.
              plans: Object.fromEntries(
                (env.PAYPAL_PLANS || '')
                  .split(',')
                  .map((pair) => pair.split('=').map((x) => x.trim()))
                  .filter(
                    (pair): pair is [string, string] => pair.length === 2 && Boolean(pair[0] && pair[1]),
                  ),
              ),
            }
          : undefined,
    },
    webDist: path.resolve(env.WEB_DIST || path.join(repoRoot, 'apps/web/dist')),
    controllableClock: env.NODE_ENV !== 'production' && env.CONTROLLABLE_CLOCK === 'true',
    trustProxy: env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL || 'info',
  };
}
