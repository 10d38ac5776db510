import type { Clock } from './clock.js';
import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import type { Mailer } from './mail.js';

/** What every feature may use: the configuration, the database, the one clock and the mailer. */
export interface AppDeps {
  config: AppConfig;
  db: Db;
  clock: Clock;
  mailer: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
