import type { Db } from './db/database.js';
import { AppError } from './errors.js';
import type { Clock } from './clock.js';
import { hashToken } from './tokens.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './time.js';

/** Sessions end after 30 days without use (D2.6). */
export const SESSION_IDLE_MS = 30 * DAY_MS;
/** An admin's session ends sooner, after 8 hours without use (docs/domain.md AD8). */
export const ADMIN_SESSION_IDLE_MS = 8 * HOUR_MS;

/**
 * How long a session may go unused: an admin's, or staff's in a member's account (D13.2), 8 hours;
 * the Pro extension's, which can do nothing of an admin's (PX3), 30 days like any member's.
 */
export const sessionIdleLimit = (session: { role: string; impersonatedBy: number | null; kind?: string }) =>
  session.kind !== 'extension' && (session.role === 'admin' || session.impersonatedBy !== null)
    ? ADMIN_SESSION_IDLE_MS
    : SESSION_IDLE_MS;

/** Last-use times are written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 5 * MINUTE_MS;

/** The signed-in member making a call. */
export interface Caller {
  userId: number;
  role: string;
  sessionId: number;
  tokenHash: string;
  /** Use-as-user (D13.2): the admin using this member's account, or null. */
  impersonatedBy: number | null;
  /** The paired Pro extension's own session (docs/domain.md PX3): it may make only its own calls. */
  extension: boolean;
}

/** An unrevoked session with what its member's role and status are. */
export interface SessionOfToken {
  sessionId: number;
  userId: number;
  lastUsedAt: Date;
  role: string;
  status: string;
  impersonatedBy: number | null;
  /** 'browser', or 'extension' for the Pro extension's session (PX3). */
  kind: string;
}

/** Where sessions are kept: the login feature's tables, named by app.ts (keepSessionsWith). */
export interface SessionKeeper {
  /** The unrevoked session of a token's hash, with its member. */
  find(db: Db, tokenHash: string): Promise<SessionOfToken | undefined>;
  /** Records that the session and its member were active at `now`. */
  touch(db: Db, session: SessionOfToken, now: Date): Promise<void>;
}

let keeper: SessionKeeper | null = null;

/** Names where sessions are kept; buildApp() calls it before serving anything. */
export function keepSessionsWith(sessions: SessionKeeper): void {
  keeper = sessions;
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Finds the live session of a token; null when it is unknown, revoked, idle too long or its member inactive. */
export async function authenticate(db: Db, clock: Clock, token: string | null): Promise<Caller | null> {
  if (!token || token.length > 200) return null;
  if (!keeper) throw new Error('No session keeper: buildApp() names where sessions are kept.');
  const tokenHash = hashToken(token);
  const row = await keeper.find(db, tokenHash);
  if (!row || row.status !== 'active') return null;
  const now = clock.now();
  const idle = now.getTime() - row.lastUsedAt.getTime();
  if (idle > sessionIdleLimit(row)) return null;
  if (idle > TOUCH_EVERY_MS) await keeper.touch(db, row, now);
  return {
    userId: row.userId,
    role: row.role,
    sessionId: row.sessionId,
    tokenHash,
    impersonatedBy: row.impersonatedBy,
    extension: row.kind === 'extension',
  };
}

/**
 * Admits the Pro extension's session to a call open to it while its member is Pro (PX4): it throws
 * the refusal the extension shows (403). Named by app.ts (admitExtensionsWith).
 */
export type ExtensionGate = (db: Db, clock: Clock, caller: Caller) => Promise<void>;

let extensionGate: ExtensionGate | null = null;

/** Names the Pro extension's gate; buildApp() calls it before serving anything. */
export function admitExtensionsWith(gate: ExtensionGate): void {
  extensionGate = gate;
}

export async function admitExtension(db: Db, clock: Clock, caller: Caller): Promise<void> {
  if (!extensionGate) throw new Error('No extension gate: buildApp() names it.');
  await extensionGate(db, clock, caller);
}

/**
 * D13.2: staff using a member's account may look and act as the member, but not change their password
 * or email, close the account, or pay. Throws 403 with what they tried, in words.
 */
export function refuseWhileImpersonating(caller: Caller, doing: string): void {
  if (caller.impersonatedBy !== null)
    throw new AppError(403, 'error', `Staff using a member's account cannot ${doing}.`, 'impersonated');
}
