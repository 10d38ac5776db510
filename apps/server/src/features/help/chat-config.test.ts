import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, productionProblems } from '../../platform/config.js';

/** The help area's chat settings (docs/domain.md H9, README "Configuration"). */
describe('CHAT_* settings', () => {
  it("defaults to Marquee's own chat, with a secret of the process when none is given", () => {
    const chat = loadConfig({}).chat;
    expect(chat.provider).toBe('marquee');
    expect(chat.identitySecret).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ CHAT_IDENTITY_SECRET: 'own-secret' }).chat.identitySecret).toBe('own-secret');
  });

  it('reads an Intercom workspace, its API region and secret', () => {
    const chat = loadConfig({
      CHAT_PROVIDER: 'intercom',
      CHAT_APP_ID: 'abc123',
      CHAT_IDENTITY_SECRET: 'verify-me',
      CHAT_API_BASE: 'https://api-iam.eu.intercom.io/',
    }).chat;
    expect(chat).toEqual({
      provider: 'intercom',
      appId: 'abc123',
      identitySecret: 'verify-me',
      apiBase: 'https://api-iam.eu.intercom.io',
    });
    expect(
      loadConfig({ CHAT_PROVIDER: 'intercom', CHAT_APP_ID: 'a', CHAT_IDENTITY_SECRET: 's' }).chat.apiBase,
    ).toBe('https://api-iam.intercom.io');
  });

  it('refuses to start with Intercom half configured, or an unknown provider, naming the settings', () => {
    expect(() => loadConfig({ CHAT_PROVIDER: 'intercom', CHAT_APP_ID: 'abc123' })).toThrow(
      'CHAT_PROVIDER is intercom, so CHAT_IDENTITY_SECRET must be set too.',
    );
    expect(() => loadConfig({ CHAT_PROVIDER: 'intercom' })).toThrow(
      'CHAT_APP_ID and CHAT_IDENTITY_SECRET must be set too',
    );
    expect(() => loadConfig({ CHAT_PROVIDER: 'crisp' })).toThrow(ConfigError);
    expect(() => loadConfig({ CHAT_API_BASE: 'api-iam.intercom.io' })).toThrow(
      'CHAT_API_BASE must be an http or https address.',
    );
  });

  it('refuses a documented secret in production (R2)', () => {
    const env = {
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      SMTP_HOST: 'smtp.example.test',
      PAYMENT_MODE: 'live',
      PLATFORM_MODE: 'real',
      PUBLIC_URL: 'https://marquee.example',
      STRIPE_SECRET_KEY: 'sk_live_own',
      STRIPE_WEBHOOK_SECRET: 'whsec_own',
      CHAT_PROVIDER: 'intercom',
      CHAT_APP_ID: 'abc123',
      CHAT_IDENTITY_SECRET: 'secret',
    };
    expect(productionProblems(env, loadConfig(env))).toEqual([
      'CHAT_IDENTITY_SECRET is a documented default value; choose a secret of your own (or set UNSAFE_DEFAULT_SECRETS=true).',
    ]);
  });
});
