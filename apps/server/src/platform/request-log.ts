import { LogController, type FastifyInstance } from 'fastify';

/**
 * One log line per request (README "Logging"), in place of Fastify's two ("incoming request",
 * "request completed"): the method, the address with its secrets hidden, the status and the time.
 * Its level follows the status, so the console at the default LOG_LEVEL=info shows what needs a
 * look (refusals and failures) and not every page and picture: 2xx and 3xx at debug, 4xx at info,
 * 5xx at error. LOG_LEVEL=debug shows every request.
 */

export type RequestLogLevel = 'debug' | 'info' | 'error';

export function requestLogLevel(statusCode: number): RequestLogLevel {
  if (statusCode >= 500) return 'error';
  if (statusCode >= 400) return 'info';
  return 'debug';
}

/** Query parameters that carry a secret: reset and confirmation tokens, OAuth codes, checkout ids. */
const SECRET_PARAM = /token|code|state|secret|password|key|sig|session/i;

/** The address as logged: every secret parameter's value replaced, so logs never hold a working link. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = new URLSearchParams(url.slice(at + 1));
  for (const [name] of query) if (SECRET_PARAM.test(name)) query.set(name, 'hidden');
  const rest = query.toString();
  return rest ? `${url.slice(0, at)}?${rest}` : url.slice(0, at);
}

/** The server's `logController`: Fastify's own two lines per request are off, logRequests writes one. */
export const requestLogController = () => new LogController({ disableRequestLogging: true });

export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (req, reply) => {
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime);
    const url = loggableUrl(req.url);
    req.log[requestLogLevel(status)](
      // The message is for reading; status and time also as numbers, for filtering.
      { status, ms, ip: req.ip },
      `${req.method} ${url} ${status} ${ms} ms`,
    );
  });
}
