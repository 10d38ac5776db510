import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/database.js';
import { loggedOut } from '../../platform/errors.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import { findMember } from '../members/index.js';
import { presentCurrentUser } from '../members/index.js';
import * as repo from './login.repo.js';

/** Where a sign-in, sign-up or reset comes from, kept on the session it starts. */
export interface RequestOrigin {
  address: string | null;
  userAgent: string | null;
}

export const originOf = (req: FastifyRequest): RequestOrigin => ({
  address: req.ip ?? null,
  userAgent: req.headers['user-agent'] ?? null,
});

/** The signed-in member as the browser keeps them (spec 4 §4). */
export async function currentUser(deps: AppDeps, userId: number, db: Db = deps.db): Promise<CurrentUser> {
  const row = await findMember(db, userId);
  if (!row) throw loggedOut();
  return presentCurrentUser(row, deps.clock.now());
}

/**
 * A session for the Pro extension a member pairs (docs/domain.md PX2, PX3): its own token, which
 * only the extension's calls accept, in the transaction that records the pairing.
 */
export async function startExtensionSession(db: Db, userId: number, origin: RequestOrigin, at: Date) {
  const token = newToken();
  const sessionId = await repo.createSession(db, {
    tokenHash: hashToken(token),
    userId,
    at,
    ...origin,
    kind: 'extension',
  });
  return { token, sessionId };
}

/** Ends one session (an extension signed out or unpaired, PX2). */
export const endSession = (db: Db, sessionId: number, at: Date) => repo.revokeSession(db, sessionId, at);

export async function startSession(
  deps: AppDeps,
  userId: number,
  origin: RequestOrigin,
  opts: { impersonatedBy?: number; db?: Db } = {},
) {
  const token = newToken();
  await repo.createSession(opts.db ?? deps.db, {
    tokenHash: hashToken(token),
    userId,
    at: deps.clock.now(),
    ...origin,
    impersonatedBy: opts.impersonatedBy,
  });
  return { status: 'success' as const, token, user: await currentUser(deps, userId, opts.db) };
}
