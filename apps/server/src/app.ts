import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import helmet from '@fastify/helmet';
import { NOT_A_FORM, fieldWithNul, nulMessage, uploads } from '@marquee/contract';
import type { AppConfig } from './platform/config.js';
import type { Clock } from './platform/clock.js';
import { systemClock } from './platform/clock.js';
import type { Db } from './platform/db/database.js';
import { healthRoutes } from './platform/lifecycle.js';
import { liveRoutes } from './platform/live.js';
import { AppError } from './platform/errors.js';
import { serveWebApp } from './platform/web-app.js';
import { logRequests, requestLogController } from './platform/request-log.js';
import { CONTRACT_ROUTE, bodyWasRead, callerRefusedFirst } from './platform/route.js';
import { createMailer, type Mailer } from './platform/mail.js';
import './platform/deps.js';
import { admitExtensionsWith, keepSessionsWith } from './platform/auth.js';
import type { DailyJob } from './platform/jobs.js';
import { pruneRateEventsJob } from './platform/jobs.js';
import type { MinuteJob } from './platform/minute-jobs.js';
import { createIntegrations } from './integrations/index.js';
import { createPaymentProviders, type PaymentProviders } from './features/payments/payments.providers.js';
import { imageOrigin } from './features/uploads/index.js';
import { paymentsRoutes } from './features/payments/payments.routes.js';
import { membershipRoutes } from './features/membership/membership.routes.js';
import type { Integrations } from './integrations/types.js';
import { linkedAccountsRoutes } from './features/linked-accounts/linked-accounts.routes.js';
import { earnRoutes } from './features/earn/earn.routes.js';
import { historyRoutes } from './features/history/history.routes.js';
import { simulatedRoutes } from './simulated/sim.routes.js';
import { alertsRoutes } from './features/alerts/alerts.routes.js';
import { devclockRoutes } from './features/dev/clock.routes.js';
import { devmailRoutes } from './features/dev/outbox.routes.js';
import { errorsRoutes } from './features/errors/errors.routes.js';
import { loginRoutes } from './features/login/login.routes.js';
import { messagesRoutes } from './features/messages/messages.routes.js';
import { pointsRoutes } from './features/points/points.routes.js';
import { referralsRoutes } from './features/referrals/referrals.routes.js';
import { featuredMembersRoutes } from './features/featured-members/featured-members.routes.js';
import { listingsRoutes } from './features/listings/listings.routes.js';
import { sponsoredRoutes } from './features/sponsored/sponsored.routes.js';
import { accountRoutes } from './features/account/account.routes.js';
import { proRoutes } from './features/pro/pro.routes.js';
import { membersRoutes } from './features/members/members.routes.js';
import { uploadsRoutes } from './features/uploads/uploads.routes.js';
import { profileRoutes } from './features/profile/profile.routes.js';
import { newsRoutes } from './features/news/news.routes.js';
import { homeRoutes } from './features/home/home.routes.js';
import { boardRoutes } from './features/board/board.routes.js';
import { mediaRoutes } from './features/media/media.routes.js';
import { directoryRoutes } from './features/directory/directory.routes.js';
import { onboardingRoutes } from './features/onboarding/onboarding.routes.js';
import { helpRoutes } from './features/help/help.routes.js';
import { withChatSources } from './features/help/index.js';
import { watchRoutes } from './features/watch/watch.routes.js';
import { adminRoutes } from './features/admin/admin.routes.js';
import { imdbExchangeRoutes } from './features/exchange/imdb-exchange.routes.js';
import { instagramExchangeRoutes } from './features/exchange/instagram.routes.js';
import { managedHistoryRoutes } from './features/managed/history.routes.js';
import { waitlistRoutes } from './features/managed/waitlist.routes.js';
import { subscriptionRoutes } from './features/managed/subscription.routes.js';
import { proExtensionRoutes } from './features/pro-extension/pro-extension.routes.js';
import { extensionGate } from './features/pro-extension/index.js';
import { fairplaySignalsJob, ledgerCheckJob, siteFiguresJob } from './features/admin/index.js';
import { sessionKeeper } from './features/login/session.repo.js';
import { featuringJob } from './features/featured-members/featured-members.service.js';
import { membershipRemindersJob } from './features/membership/reminders.js';
import { referralRewardsJob } from './features/referrals/rewards.service.js';
import { proWeeklyJob } from './features/pro/pro.service.js';
import { managedWeeklyJob } from './features/managed/service.service.js';
import { pruneErrorReportsJob } from './features/errors/errors.service.js';
import { removeUnconfirmedJob } from './features/login/signup.service.js';
import { pointChangesJob } from './features/listings/listings.service.js';

declare module './platform/deps.js' {
  interface FeatureDeps {
    /** The payment providers (D10). */
    payments: PaymentProviders;
  }
}

/** Every daily job of the app, run once per Pacific day by main.ts (platform/jobs.ts). */
export const DAILY_JOBS: readonly DailyJob[] = [
  featuringJob,
  membershipRemindersJob,
  referralRewardsJob,
  proWeeklyJob,
  managedWeeklyJob,
  pruneErrorReportsJob,
  pruneRateEventsJob,
  removeUnconfirmedJob,
  siteFiguresJob,
  ledgerCheckJob,
  fairplaySignalsJob,
];

/** Every minute job of the app, run by main.ts (platform/minute-jobs.ts): point changes that have come due (D6.2). */
export const MINUTE_JOBS: readonly MinuteJob[] = [pointChangesJob];

export interface BuildOptions {
  config: AppConfig;
  db: Db;
  clock?: Clock;
  mailer?: Mailer;
  /** The outside platforms (D9); by default the ones PLATFORM_MODE names. */
  integrations?: Integrations;
  /** The payment providers (D10); by default the ones PAYMENT_MODE and the provider keys name. */
  payments?: PaymentProviders;
  /** Fastify's logger; off in tests. */
  logger?: boolean;
}

/** The only way to make a server: main.ts and every test use it. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const clock = opts.clock ?? systemClock;
  keepSessionsWith(sessionKeeper);
  admitExtensionsWith(extensionGate);
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    // One line per request instead of two, its level by status (platform/request-log.ts).
    logController: requestLogController(),
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1_048_576,
  });
  app.decorate('deps', {
    config,
    db,
    clock,
    mailer: opts.mailer ?? createMailer(config, db, clock),
    integrations: opts.integrations ?? createIntegrations(config, db, clock),
    payments: opts.payments ?? createPaymentProviders(config.payments, clock),
  });
  logRequests(app);

  // Pictures kept in S3 are served by redirecting to the bucket (M4, M5): browsers check the redirected
  // address against img-src too, so the bucket's origin is allowed.
  const pictureOrigin = await imageOrigin(config);
  await app.register(helmet, {
    contentSecurityPolicy: {
      // The help area's hosted chat, when one is configured (docs/domain.md H9).
      directives: withChatSources(config.chat, {
        // The YouTube player script and frames (the note "Known on these machines" in docs/rules.md).
        'script-src': ["'self'", 'https://www.youtube.com', 'https://s.ytimg.com'],
        'frame-src': ["'self'", 'https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        // Listing pictures in production: YouTube thumbnails, IMDb's and X's profile pictures.
        'img-src': [
          "'self'",
          'data:',
          'blob:',
          'https://i.ytimg.com',
          'https://m.media-amazon.com',
          'https://pbs.twimg.com',
          ...(pictureOrigin ? [pictureOrigin] : []),
        ],
      }),
    },
  });
  await app.register(formbody);
  // Multipart bodies (uploads, news posts, profile details) arrive as plain fields, files as Buffers,
  // so the contract's zod schemas validate them like any other body. The upload size rule itself
  // (2,048,000 bytes, spec 2 §5) is checked by the image pipeline, with the spec's message.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: 8 * 1024 * 1024, files: 1, fields: 20 },
  });

  // Routes outside the contract (webhooks, the simulated sites, media, checkout returns) refuse
  // text with a NUL character too (B3); the contract's calls check it after the caller (route.ts).
  app.addHook('preValidation', async (req) => {
    if (req.routeOptions.config?.[CONTRACT_ROUTE as never]) return;
    const nul =
      fieldWithNul({ ...(req.params as object), ...(req.query as object) }) ?? fieldWithNul(req.body);
    if (nul) throw new AppError(400, 'error', nul === 'too deep' ? NOT_A_FORM : nulMessage(nul));
  });

  app.setErrorHandler(async (error: FastifyError, req, reply) => {
    if (!(error instanceof AppError)) {
      const first = await callerRefusedFirst(req, app.deps);
      if (first)
        return reply
          .code(first.httpStatus)
          .send({ status: 'error', message: first.message, extra: first.extra });
    }
    if (error instanceof AppError) {
      if (error.fields.retryAfterSeconds) reply.header('Retry-After', String(error.fields.retryAfterSeconds));
      return reply.code(error.httpStatus).send({
        status: error.statusWord,
        message: error.message,
        ...(error.extra ? { extra: error.extra } : {}),
      });
    }
    // A file over multipart's own cap gets the upload limit's message too (spec 2 §5).
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send({ status: 'error', message: uploads.TOO_LARGE });
    }
    // A multipart body the parser could not read (no boundary, cut short, a broken part) fails
    // before the handler, with the parser's own error and no HTTP status: B4.
    const multipart = String(req.headers['content-type'] ?? '')
      .toLowerCase()
      .startsWith('multipart/');
    if (multipart && !bodyWasRead(req) && !(error.statusCode && error.statusCode >= 500)) {
      return reply.code(400).send({ status: 'error', message: NOT_A_FORM });
    }
    // Bodies that cannot be read (broken JSON or multipart, an unknown type, too large): B4.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ status: 'error', message: NOT_A_FORM });
    }
    req.log.error(error);
    return reply
      .code(500)
      .send({ status: 'error', message: 'Something went wrong on our side. Please try again in a moment.' });
  });

  for (const routes of [
    loginRoutes,
    errorsRoutes,
    alertsRoutes,
    messagesRoutes,
    pointsRoutes,
    earnRoutes,
    listingsRoutes,
    historyRoutes,
    linkedAccountsRoutes,
    membershipRoutes,
    accountRoutes,
    paymentsRoutes,
    sponsoredRoutes,
    referralsRoutes,
    featuredMembersRoutes,
    proRoutes,
    membersRoutes,
    uploadsRoutes,
    profileRoutes,
    newsRoutes,
    homeRoutes,
    boardRoutes,
    mediaRoutes,
    directoryRoutes,
    onboardingRoutes,
    helpRoutes,
    watchRoutes,
    imdbExchangeRoutes,
    instagramExchangeRoutes,
    managedHistoryRoutes,
    waitlistRoutes,
    subscriptionRoutes,
    proExtensionRoutes,
    adminRoutes,
    devmailRoutes,
    devclockRoutes,
  ]) {
    routes(app);
  }
  // The simulated internet of D9, served only while the platforms are simulated.
  if (config.platformMode === 'simulated') simulatedRoutes(app);

  // For load balancers and monitors (R6), and the members' live updates (LV1).
  healthRoutes(app);
  liveRoutes(app);

  await serveWebApp(app, config.webDist);
  return app;
}
