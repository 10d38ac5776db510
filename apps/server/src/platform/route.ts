import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Audience, Operation, OutputOf, ParsedInputOf } from '@marquee/contract';
import {
  fieldWithNul,
  NOT_A_FORM,
  nulMessage,
  operationUrls,
  proExtension,
  readableIssue,
} from '@marquee/contract';
import { admitExtension, authenticate, bearerToken, type Caller } from './auth.js';
import { AppError, badInput, loggedOut, noSuchCall, notAdmin } from './errors.js';
import type { AppDeps } from './deps.js';
import { takeRateOrThrow, type RateRule } from './rate-limit.js';
import { MINUTE_MS } from './time.js';

export interface RouteContext<Op extends Operation, C> {
  input: ParsedInputOf<Op>;
  caller: C;
  deps: AppDeps;
  req: FastifyRequest;
  reply: FastifyReply;
}

type CallerFor<A extends Audience> = A extends 'public' ? Caller | null : Caller;

/**
 * Calls made without a signed-in member, per network address (docs/domain.md "Limits", L4): generous
 * enough for a household or an office behind one address, tight enough that nobody can hammer the
 * database anonymously. Calls with limits of their own (sign-in, sign-up, crash reports) keep those too.
 */
export const ANONYMOUS_CALL_RULES: readonly RateRule[] = [{ limit: 300, windowMs: MINUTE_MS }];

/** Requests whose body was read and whose handler began: a failure before that is the body's (B4). */
const handlerReached = new WeakSet<FastifyRequest>();
export const bodyWasRead = (req: FastifyRequest) => handlerReached.has(req);

/**
 * A body that cannot be read (broken JSON or multipart) fails before `serve`'s handler runs; a call
 * for members still answers an unknown token with `logged_out` first (B1). Null when the caller is fine.
 */
export async function callerRefusedFirst(req: FastifyRequest, deps: AppDeps): Promise<AppError | null> {
  const audience = (req.routeOptions.config as unknown as Record<string, unknown> | undefined)?.[
    CONTRACT_ROUTE
  ];
  if (!audience || audience === 'public' || handlerReached.has(req)) return null;
  const caller = await authenticate(deps.db, deps.clock, bearerToken(req.headers.authorization));
  return caller ? null : loggedOut();
}

/** Marks the routes `serve` made (with their audience), so the app-wide checks for other routes leave them to `serve`. */
export const CONTRACT_ROUTE = 'contract';

/**
 * Serves one call of the contract at each of its addresses (its path and the spec's aliases, with or
 * without the trailing slash), in this order (docs/rules.md A3-A4):
 * 1. the caller: a call for members answers `logged_out` to an unknown or expired token before
 *    anything else is read, so the page reloads to sign-in whatever the body was (B1);
 * 2. the audience: an admin call answers `not_admin` to anyone else (a hidden one, the answer of a
 *    call that does not exist, R1); the Pro extension's session makes only the calls open to it,
 *    those for Pro members only while its member is Pro (docs/domain.md PX3, PX4);
 * 3. the anonymous-call limit per address (L4);
 * 4. the input: the call's zod schema, with a readable message for every refusal (B2-B4);
 * then the handler.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function serve<Op extends Operation<any, any, Audience>>(
  app: FastifyInstance,
  op: Op,
  handler: (ctx: RouteContext<Op, CallerFor<Op['audience']>>) => Promise<OutputOf<Op>>,
): void {
  const deps = app.deps;
  for (const url of operationUrls(op)) {
    app.route({
      method: op.method,
      url,
      config: { [CONTRACT_ROUTE]: op.audience },
      handler: async (req, reply) => {
        handlerReached.add(req);
        const caller = await authenticate(deps.db, deps.clock, bearerToken(req.headers.authorization));
        if (op.hidden && caller?.role !== 'admin') throw noSuchCall();
        if (op.audience !== 'public' && !caller) throw loggedOut();
        if (op.audience === 'admin' && caller?.role !== 'admin') throw notAdmin();
        if (caller?.extension) {
          if (!op.extension)
            throw new AppError(
              403,
              'error',
              proExtension.EXTENSION_MESSAGES.notForExtension,
              'not_for_extension',
            );
          if (op.extension === 'pro') await admitExtension(deps.db, deps.clock, caller);
        }
        if (!caller) await limitAnonymous(deps, req);
        const input = parseInput(op.input, op.method === 'GET' ? req.query : req.body) as ParsedInputOf<Op>;
        return handler({ input, caller: caller as CallerFor<Op['audience']>, deps, req, reply });
      },
    });
  }
}

async function limitAnonymous(deps: AppDeps, req: FastifyRequest): Promise<void> {
  await takeRateOrThrow(
    deps.db,
    `anonymous:${req.ip}`,
    ANONYMOUS_CALL_RULES,
    deps.clock.now(),
    ({ waitSeconds }) =>
      `Too many requests from your network. Please wait ${waitSeconds} second${waitSeconds === 1 ? '' : 's'} and try again.`,
  );
}

/**
 * The call's input, or 400 with the first refusal in words (B2). A POST without a body is read as an
 * empty form, so the schema's own messages apply; text holding a NUL character is refused before the
 * schema (B3: no database stores it, and no member types it).
 */
export function parseInput(schema: z.ZodType, raw: unknown): unknown {
  const body = raw === undefined || raw === null ? {} : raw;
  if (typeof body !== 'object' || Array.isArray(body) || body instanceof Uint8Array)
    throw badInput(NOT_A_FORM);
  const nul = fieldWithNul(body);
  if (nul === 'too deep') throw badInput(NOT_A_FORM);
  if (nul) throw badInput(nulMessage(nul));
  const parsed = schema.safeParse(body, { error: readableIssue });
  if (parsed.success) return parsed.data;
  throw badInput(parsed.error.issues[0]?.message ?? NOT_A_FORM);
}
