import type { FastifyInstance } from 'fastify';
import { authenticate, bearerToken, type Caller } from './auth.js';
import type { Db } from './db/database.js';
import { listen, type Listening } from './db/listen.js';
import { loggedOut } from './errors.js';
import { notify } from './live.repo.js';

/**
 * Live updates (docs/domain.md LV1-LV8): what changed for whom, sent as Server-Sent Events to the
 * members' open pages. A change is published with `pg_notify` in the transaction that makes it, so it
 * is heard only once committed; every server listens to the channel and tells the streams it holds.
 * An event names what changed, never its content: the page reads the content through its usual call,
 * which checks the member as every call does (LV3).
 */
export const LIVE_CHANNEL = 'marquee_live';

/** What changed: the page refetches what shows it. */
export type LiveKind = 'messages' | 'alerts' | 'news' | 'help' | 'chat';

export interface LiveEvent {
  kind: LiveKind;
  /** The members it is for; */
  to?: number[];
  /** or the site's staff (the help desk and its chats); */
  staff?: boolean;
  /** or every member with the site open (a news item's likes and comments). */
  everyone?: boolean;
  /** The thing that changed: the other member of a conversation, a news item, a help request, a chat's member. */
  ref?: number;
}

/** The path of the stream; a browser opens one per tab while signed in. */
export const LIVE_PATH = '/v5/live';
/** A comment line this often keeps proxies from closing an idle stream, and re-checks the session (LV4). */
export const HEARTBEAT_MS = 25_000;
/** A member's streams on one server; opening another closes the oldest (LV6). */
export const STREAMS_PER_MEMBER = 8;
/** The client waits this long before reconnecting after a stream drops (the SSE `retry` field). */
export const RETRY_MS = 3000;

/** Publishes an event once `db`'s transaction commits (at once outside one). NOTIFY payloads stay under 8000 bytes. */
export async function publishLive(db: Db, event: LiveEvent): Promise<void> {
  await notify(db, LIVE_CHANNEL, JSON.stringify(event));
}

/** One open stream of one member's page. */
export interface LiveStream {
  userId: number;
  staff: boolean;
  send(kind: string, data: object): void;
  /** A comment line that keeps the connection open; ends the stream once its session no longer holds (LV4). */
  beat(): Promise<void>;
  end(): void;
}

/**
 * The streams this server holds, and the one LISTEN connection that feeds them, opened with the
 * first stream (so tests and scripts that open none hold no connection).
 */
export class LiveHub {
  private readonly byMember = new Map<number, LiveStream[]>();
  private readonly streams = new Set<LiveStream>();
  private listening: Promise<Listening> | null = null;
  private closed = false;
  private heartbeats: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  get size(): number {
    return this.streams.size;
  }

  /** Starts listening to the channel if no stream has yet. */
  async listen(): Promise<void> {
    this.listening ??= listen(this.db, LIVE_CHANNEL, {
      onPayload: (payload) => this.dispatchPayload(payload),
      // Events sent while the connection was down are lost: every page reads afresh (LV5).
      onGap: () => this.broadcast('resync'),
      onError: (err) => this.log.warn({ err }, 'live updates: the listening connection failed'),
    }).catch((err) => {
      this.listening = null;
      throw err;
    });
    await this.listening;
  }

  add(stream: LiveStream): void {
    const mine = this.byMember.get(stream.userId) ?? [];
    // LV6: the oldest of too many streams is closed; its page falls back to polling, then reconnects.
    while (mine.length >= STREAMS_PER_MEMBER) mine.shift()?.end();
    mine.push(stream);
    this.byMember.set(stream.userId, mine);
    this.streams.add(stream);
    if (!this.heartbeats) {
      this.heartbeats = setInterval(() => void this.heartbeat(), HEARTBEAT_MS);
      this.heartbeats.unref();
    }
  }

  /** Every HEARTBEAT_MS: each stream's comment line and its session's check, 50 at a time. */
  async heartbeat(): Promise<void> {
    const all = [...this.streams];
    for (let i = 0; i < all.length; i += 50) await Promise.all(all.slice(i, i + 50).map((s) => s.beat()));
  }

  remove(stream: LiveStream): void {
    this.streams.delete(stream);
    const mine = this.byMember.get(stream.userId);
    if (!mine) return;
    const left = mine.filter((s) => s !== stream);
    if (left.length) this.byMember.set(stream.userId, left);
    else this.byMember.delete(stream.userId);
  }

  /** Tells each stream the event is for (LV2). */
  dispatch(event: LiveEvent): void {
    const data = event.ref === undefined ? {} : { ref: event.ref };
    if (event.everyone) {
      for (const stream of this.streams) stream.send(event.kind, data);
      return;
    }
    const told = new Set<LiveStream>();
    for (const id of event.to ?? []) for (const stream of this.byMember.get(id) ?? []) told.add(stream);
    if (event.staff) for (const stream of this.streams) if (stream.staff) told.add(stream);
    for (const stream of told) stream.send(event.kind, data);
  }

  private dispatchPayload(payload: string): void {
    let event: LiveEvent;
    try {
      event = JSON.parse(payload) as LiveEvent;
    } catch {
      return;
    }
    this.dispatch(event);
  }

  private broadcast(kind: string): void {
    for (const stream of this.streams) stream.send(kind, {});
  }

  /** Shutting down (R7): every stream ends, so its page reconnects to another server; listening stops. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.heartbeats) clearInterval(this.heartbeats);
    for (const stream of [...this.streams]) stream.end();
    const listening = this.listening;
    this.listening = null;
    if (listening) await (await listening.catch(() => null))?.close();
  }

  get isClosed(): boolean {
    return this.closed;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
}

/** The staff stream hears the help desk; an admin using a member's account hears only that member's (LV3). */
const isStaff = (caller: Caller) => caller.role === 'admin' && caller.impersonatedBy === null;

/**
 * GET /v5/live: the member's stream (LV1). The token comes in the Authorization header as on every
 * call (the page reads the stream with fetch, not EventSource, so no token is ever in an address).
 */
export function liveRoutes(app: FastifyInstance): void {
  const hub = new LiveHub(app.deps.db, app.log);
  app.decorate('live', hub);
  app.addHook('preClose', async () => hub.close());

  app.get(LIVE_PATH, async (req, reply) => {
    const { db, clock } = app.deps;
    const token = bearerToken(req.headers.authorization);
    const caller = await authenticate(db, clock, token);
    // The extension's session has no pages to update (PX3).
    if (!caller || caller.extension) throw loggedOut();
    await hub.listen();
    if (hub.isClosed) throw loggedOut();

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-content-type-options': 'nosniff',
      // nginx: pass each event on at once rather than buffering the response.
      'x-accel-buffering': 'no',
      // The connection ends with its stream: a shutdown never waits for a kept-alive one.
      connection: 'close',
    });
    let open = true;
    const write = (text: string) => {
      if (open) res.write(text);
    };
    const stream: LiveStream = {
      userId: caller.userId,
      staff: isStaff(caller),
      send: (kind, data) => write(`event: ${kind}\ndata: ${JSON.stringify(data)}\n\n`),
      // LV4: a stream lives only as long as its session; signing out or an expired session ends it.
      beat: async () => {
        write(': ping\n\n');
        const still = await authenticate(db, clock, token).catch(() => null);
        if (!still) finish();
      },
      end: () => finish(),
    };
    const finish = () => {
      if (!open) return;
      open = false;
      hub.remove(stream);
      // The socket goes with the stream, whatever the other end does with it: the page reconnects.
      res.end();
      res.socket?.destroy();
    };
    req.raw.on('close', finish);
    res.on('error', finish);
    write(`retry: ${RETRY_MS}\n\n`);
    hub.add(stream);
    write(`event: ready\ndata: {}\n\n`);
  });
}
