import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, productionProblems, withInstallationSecrets } from './config.js';
import { defaultPoolSize } from './db/pool-size.js';

/** A production configuration with nothing unsafe in it. */
const SAFE: NodeJS.ProcessEnv = {
  NODE_ENV: 'production',
  SEED_DEMO: 'false',
  SMTP_HOST: 'smtp.example.test',
  PAYMENT_MODE: 'live',
  PLATFORM_MODE: 'real',
  PUBLIC_URL: 'https://marquee.example',
  STRIPE_SECRET_KEY: 'sk_live_own',
  STRIPE_WEBHOOK_SECRET: 'whsec_own',
};
const problems = (env: NodeJS.ProcessEnv) => productionProblems(env, loadConfig(env));

describe('loadConfig (R2)', () => {
  it('reads the defaults of an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      platformMode: 'simulated',
      payments: { mode: 'test', testSecret: undefined },
      seedDemo: true,
      production: false,
      controllableClock: false,
    });
  });

  it('names every setting it cannot read', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', PAYMENT_MODE: 'free', SEED_DEMO: 'maybe' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT: PORT must be a positive whole number.',
      'SEED_DEMO: SEED_DEMO must be true or false.',
      'PAYMENT_MODE: PAYMENT_MODE must be one of test, live.',
    ]);
  });

  it('keeps two database connections per core unless DATABASE_POOL_SIZE says, and refuses a pool of none (R9)', () => {
    expect(loadConfig({}).databasePoolSize).toBe(defaultPoolSize());
    expect(loadConfig({ DATABASE_POOL_SIZE: '6' }).databasePoolSize).toBe(6);
    for (const bad of ['0', '100', 'four', '-2'])
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(
        'DATABASE_POOL_SIZE must be a whole number from 1 to 99.',
      );
  });

  it('never lets the clock be moved in production', () => {
    expect(loadConfig({ CONTROLLABLE_CLOCK: 'true' }).controllableClock).toBe(true);
    expect(loadConfig({ ...SAFE, CONTROLLABLE_CLOCK: 'true' }).controllableClock).toBe(false);
  });

  it('reads S3 only with bucket and both keys: AWS by its region, another service by its endpoint, path-style', () => {
    const keys = { S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'AK', S3_SECRET_ACCESS_KEY: 'SK' };
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig(keys).s3).toEqual({
      endpoint: undefined,
      bucket: 'media',
      region: 'us-east-1',
      accessKeyId: 'AK',
      secretAccessKey: 'SK',
      prefix: '',
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        ...keys,
        S3_ENDPOINT: 'http://minio.internal:9000/',
        S3_REGION: 'eu-west-1',
        S3_PREFIX: 'm/',
      }).s3,
    ).toMatchObject({
      endpoint: 'http://minio.internal:9000',
      region: 'eu-west-1',
      prefix: 'm/',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...keys, S3_FORCE_PATH_STYLE: 'true' }).s3?.forcePathStyle).toBe(true);
    expect(
      loadConfig({ ...keys, S3_ENDPOINT: 'https://r2.example.test', S3_FORCE_PATH_STYLE: 'no' }).s3
        ?.forcePathStyle,
    ).toBe(false);
    expect(() => loadConfig({ ...keys, S3_FORCE_PATH_STYLE: 'sometimes' })).toThrow(
      'S3_FORCE_PATH_STYLE must be true or false.',
    );
  });
});

describe('productionProblems (R2)', () => {
  it('finds nothing in a safe production configuration, nor outside production', () => {
    expect(problems(SAFE)).toEqual([]);
    expect(problems({})).toEqual([]);
  });

  it('refuses the embedded defaults in production, naming each setting', () => {
    const found = problems({ NODE_ENV: 'production' });
    expect(found).toHaveLength(5);
    expect(found[0]).toMatch(/^SMTP_HOST .* UNSAFE_OUTBOX_MAIL=true/);
    expect(found[1]).toMatch(/^PAYMENT_MODE is test.* UNSAFE_TEST_PAYMENTS=true/);
    expect(found[2]).toMatch(/^PLATFORM_MODE is simulated.* UNSAFE_SIMULATED_PLATFORMS=true/);
    expect(found[3]).toMatch(/^PUBLIC_URL is not set/);
    expect(found[4]).toMatch(/^SEED_DEMO is on.* UNSAFE_DEMO_SEED=true/);
  });

  it('lets each be allowed by its UNSAFE_ setting', () => {
    expect(
      problems({
        NODE_ENV: 'production',
        UNSAFE_OUTBOX_MAIL: 'true',
        UNSAFE_TEST_PAYMENTS: 'true',
        UNSAFE_DEMO_SEED: 'true',
        UNSAFE_SIMULATED_PLATFORMS: 'true',
        PUBLIC_URL: 'https://demo.marquee.example',
      }),
    ).toEqual([]);
  });

  it('refuses documented default secrets', () => {
    expect(problems({ ...SAFE, TEST_PAYMENT_SECRET: 'marquee-test-checkout' })).toEqual([
      'TEST_PAYMENT_SECRET is a documented default value; choose a secret of your own (or set UNSAFE_DEFAULT_SECRETS=true).',
    ]);
    expect(
      problems({ ...SAFE, TEST_PAYMENT_SECRET: 'marquee-test-checkout', UNSAFE_DEFAULT_SECRETS: 'true' }),
    ).toEqual([]);
  });

  it('refuses S3, Stripe and PayPal settings given only in part', () => {
    const found = problems({
      ...SAFE,
      S3_BUCKET: 'media',
      PAYPAL_CLIENT_ID: 'id',
      STRIPE_WEBHOOK_SECRET: undefined,
    });
    expect(found).toEqual([
      'PAYMENT_MODE is live but neither Stripe (STRIPE_*) nor PayPal (PAYPAL_*) is configured.',
      'S3 is only half configured: S3_BUCKET given but S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY missing (or set UNSAFE_PARTIAL_PROVIDERS=true).',
      'Stripe is only half configured: STRIPE_SECRET_KEY given but STRIPE_WEBHOOK_SECRET missing (or set UNSAFE_PARTIAL_PROVIDERS=true).',
      'PayPal is only half configured: PAYPAL_CLIENT_ID given but PAYPAL_SECRET, PAYPAL_WEBHOOK_ID missing (or set UNSAFE_PARTIAL_PROVIDERS=true).',
    ]);
  });
});

describe('defaultPoolSize (R9, decision 0033)', () => {
  it('is two connections per core, at least 2 and at most 10', () => {
    expect([1, 2, 3, 5, 8, 64].map((cores) => defaultPoolSize(cores))).toEqual([2, 4, 6, 10, 10, 10]);
  });
});

describe('withInstallationSecrets (R3)', () => {
  it('keeps one random test checkout secret per installation in DATA_DIR', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-config-'));
    const first = withInstallationSecrets(loadConfig({ DATA_DIR: dataDir })).payments.testSecret;
    const again = withInstallationSecrets(loadConfig({ DATA_DIR: dataDir })).payments.testSecret;
    const other = withInstallationSecrets(
      loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-config-')) }),
    ).payments.testSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(fs.statSync(path.join(dataDir, 'secrets', 'test-payment-secret')).mode & 0o777).toBe(0o600);
  });

  it('uses TEST_PAYMENT_SECRET when it is set', () => {
    const config = withInstallationSecrets(loadConfig({ TEST_PAYMENT_SECRET: 'an-own-secret' }));
    expect(config.payments.testSecret).toBe('an-own-secret');
  });
});
