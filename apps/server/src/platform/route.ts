import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Audience, Operation, OutputOf, ParsedInputOf } from '@marquee/contract';
import { operationUrl } from '@marquee/contract';
import { authenticate, bearerToken, type Caller } from './auth.js';
import { loggedOut, notAdmin } from './errors.js';
import type { AppDeps } from './deps.js';

export interface RouteContext<Op extends Operation, C> {
  input: ParsedInputOf<Op>;
  caller: C;
  deps: AppDeps;
  req: FastifyRequest;
  reply: FastifyReply;
}

type CallerFor<A extends Audience> = A extends 'public' ? Caller | null : Caller;

/**
 * Serves one call of the contract at /v4/operations/{path}, or its own path (with or without the trailing slash):
 * validate the input with the call's zod schema, authorise by its audience, then run the handler.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function serve<Op extends Operation<any, any, Audience>>(
  app: FastifyInstance,
  op: Op,
  handler: (ctx: RouteContext<Op, CallerFor<Op['audience']>>) => Promise<OutputOf<Op>>,
): void {
  const deps = app.deps;
  app.route({
    method: op.method,
    url: operationUrl(op),
    schema: op.method === 'GET' ? { querystring: op.input } : { body: op.input },
    handler: async (req, reply) => {
      const caller = await authenticate(deps.db, deps.clock, bearerToken(req.headers.authorization));
      if (op.audience !== 'public' && !caller) throw loggedOut();
      if (op.audience === 'admin' && caller?.role !== 'admin') throw notAdmin();
      const input = (op.method === 'GET' ? req.query : req.body) as ParsedInputOf<Op>;
      return handler({ input, caller: caller as CallerFor<Op['audience']>, deps, req, reply });
    },
  });
}
