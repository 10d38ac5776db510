import type { Clock } from './clock.js';
import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import type { Mailer } from './mail.js';
import type { Integrations } from '../integrations/types.js';
import type { PaymentProviders } from '../features/payments/payments.providers.js';

/** What every feature may use: the configuration, the database, the one clock, the mailer, the outside platforms and the payment providers. */
export interface AppDeps {
  config: AppConfig;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  integrations: Integrations;
  payments: PaymentProviders;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
