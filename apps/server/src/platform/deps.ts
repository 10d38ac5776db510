import type { Clock } from './clock.js';
import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import type { Mailer } from './mail.js';
import type { Integrations } from '../integrations/types.js';

/** What every feature may use: the configuration, the database, the one clock, the mailer and the outside platforms. */
export interface AppDeps {
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
