import type { FastifyInstance } from 'fastify';
import { pendingMigrations, pingDatabase } from './db/database.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the server has begun to shut down (R7): it answers not ready, so balancers send no more. */
    draining: boolean;
  }
}

/**
 * For load balancers and monitors (docs/domain.md R6): `/healthz/live` says the process answers;
 * `/healthz/ready` that it should be sent members: the database answers, every migration of this
 * build is applied, and it is not shutting down. Not ready is a 503 with the reason.
 */
export function healthRoutes(app: FastifyInstance): void {
  app.decorate('draining', false);
  app.get('/healthz/live', async () => ({ status: 'success' }));
  app.get('/healthz/ready', async (_req, reply) => {
    const notReady = (message: string) => reply.code(503).send({ status: 'error', message });
    if (app.draining) return notReady('This server is shutting down.');
    try {
      await pingDatabase(app.deps.db);
    } catch {
      return notReady('The database does not answer.');
    }
    const pending = await pendingMigrations(app.deps.db);
    if (pending) return notReady(`The database lacks ${pending} of this version's migrations.`);
    return { status: 'success' };
  });
}

export interface ShutdownOutcome {
  /** 'closed': every request and job finished in time; 'timed-out': the time limit came first. */
  outcome: 'closed' | 'timed-out';
  ms: number;
}

/**
 * Shuts the server down gracefully (R7): it answers not ready at once, then Fastify stops taking
 * connections and closes idle ones, the live streams end (their pages reconnect elsewhere), open
 * requests finish, the job timers stop and a job that is running finishes (jobs.ts), and last the
 * database closes. Gives up after `timeoutMs`, so a stuck request cannot keep a server from stopping;
 * the caller then exits anyway, and a job cut short rolls back, to run again on another server.
 */
export async function shutDown(
  app: FastifyInstance,
  opts: { timeoutMs: number; closeDatabase?: () => Promise<void> },
): Promise<ShutdownOutcome> {
  const started = Date.now();
  app.draining = true;
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'timed-out'>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), opts.timeoutMs);
  });
  const closing = (async () => {
    await app.close();
    await opts.closeDatabase?.();
    return 'closed' as const;
  })();
  const outcome = await Promise.race([closing, limit]);
  clearTimeout(timer);
  return { outcome, ms: Date.now() - started };
}
