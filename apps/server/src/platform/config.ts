import path from 'node:path';

export type PlatformMode = 'simulated' | 'real';
export type PaymentMode = 'test' | 'stripe' | 'paypal';

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
}

export interface AppConfig {
  port: number;
  host: string;
  /** Folder for the embedded database and uploads (DATA_DIR). */
  dataDir: string;
  /** A PostgreSQL server; when unset the embedded PGlite database in dataDir is used. */
  databaseUrl?: string;
  /** Address the site is reached at; used in links that mails carry. */
  publicUrl: string;
  smtp?: SmtpConfig;
  mailFrom: string;
  platformMode: PlatformMode;
  paymentMode: PaymentMode;
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
    paymentMode: oneOf(env.PAYMENT_MODE, ['test', 'stripe', 'paypal'] as const, 'test', 'PAYMENT_MODE'),
    webDist: path.resolve(env.WEB_DIST || path.join(repoRoot, 'apps/web/dist')),
    controllableClock: env.NODE_ENV !== 'production' && env.CONTROLLABLE_CLOCK === 'true',
    trustProxy: env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL || 'info',
  };
}
