import { PLATFORM_NAME, type admin } from '@marquee/contract';
import type { AppConfig } from '../../platform/config.js';
import { addDays } from '../../platform/time.js';

/** The pure rules of the admin overview (docs/domain.md AD1-AD6). */

/** AD3: the days the charts draw, oldest first: the thirty before today, then today. */
export function seriesDays(today: string, days: number): string[] {
  return Array.from({ length: days + 1 }, (_, i) => addDays(today, i - days));
}

/** Pennies as dollars for the console (the sums are whole pennies, so two decimals are exact). */
export const dollars = (pennies: number) => Math.round(pennies) / 100;

/** AD5 (D9): how each outside service is reached, read from the configuration the server started with. */
export function serviceImplementations(config: AppConfig): admin.ServiceImplementation[] {
  const simulated = config.platformMode === 'simulated';
  const platform = (service: string, real: string, sim: string): admin.ServiceImplementation =>
    simulated ? { service, mode: 'simulated', detail: sim } : { service, mode: 'real', detail: real };
  const { stripe, paypal } = config.payments;
  const providers = [stripe && 'Stripe', paypal && 'PayPal'].filter(Boolean).join(' and ');
  return [
    platform(PLATFORM_NAME.imdb, 'Pages read from imdb.com', 'The simulated IMDb pages under /sim/imdb'),
    platform(PLATFORM_NAME.twitter, 'The X API v2', 'The simulated profiles under /sim/x'),
    platform(PLATFORM_NAME.youtube, 'The YouTube Data API', 'The simulated player under /sim/youtube'),
    platform(PLATFORM_NAME.facebook, 'The Facebook Graph API', 'The simulated pages under /sim/facebook'),
    platform('Instagram', 'Profile pages read from instagram.com', "Profiles from the site's own catalogue"),
    config.payments.mode === 'test'
      ? { service: 'Payments', mode: 'test', detail: 'The built-in test checkout; no money moves' }
      : { service: 'Payments', mode: 'real', detail: providers || 'No provider configured' },
    config.smtp
      ? { service: 'Mail', mode: 'real', detail: `SMTP through ${config.smtp.host}` }
      : { service: 'Mail', mode: 'local', detail: 'Kept in the outbox at /dev/mail' },
    config.s3
      ? { service: 'Pictures', mode: 'real', detail: `S3 bucket ${config.s3.bucket}` }
      : { service: 'Pictures', mode: 'local', detail: 'Files in the data folder' },
    config.chat.provider === 'intercom'
      ? { service: 'Live chat', mode: 'real', detail: "Intercom's Messenger" }
      : { service: 'Live chat', mode: 'local', detail: "Marquee's own chat, answered from the help desk" },
    config.databaseUrl
      ? { service: 'Database', mode: 'real', detail: 'PostgreSQL server' }
      : { service: 'Database', mode: 'local', detail: 'Embedded PostgreSQL (PGlite) in the data folder' },
  ];
}
