import type { Clock } from './clock.js';
import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import type { Mailer } from './mail.js';
import type { Integrations } from '../integrations/types.js';

/**
 * What the features add to AppDeps, declared by app.ts where it wires them in (the payment
 * providers): the platform names no feature.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FeatureDeps {}

/** What every feature may use: the configuration, the database, the one clock, the mailer, the outside platforms and what app.ts adds (FeatureDeps). */
export interface AppDeps extends FeatureDeps {
  config: AppConfig;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  integrations: Integrations;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
