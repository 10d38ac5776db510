import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './database.js';

/** A channel being listened to; `close()` stops listening and ends its connection. */
export interface Listening {
  close(): Promise<void>;
}

export interface ListenHandlers {
  /** A notification's payload, as `pg_notify` sent it once its transaction committed. */
  onPayload(payload: string): void;
  /**
   * The connection was lost and made again: notifications sent in between were missed, so whoever
   * relies on them should read afresh (docs/domain.md LV5).
   */
  onGap(): void;
  onError?(err: unknown): void;
}

const RETRY_MS = [500, 1000, 2000, 5000, 10_000];

/**
 * Listens to a PostgreSQL channel on the database the app uses: on PostgreSQL a connection of its
 * own beside the pool (a LISTEN holds its connection), made again after it drops; on PGlite, the
 * embedded database's own listener. Every server listening to the channel hears every notification,
 * whichever server sent it (LV2).
 */
export async function listen(db: Db, channel: string, handlers: ListenHandlers): Promise<Listening> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) return listenOnPostgres(client, channel, handlers);
  const unlisten = await (client as PGlite).listen(channel, handlers.onPayload);
  return { close: () => unlisten() };
}

async function listenOnPostgres(
  pool: pg.Pool,
  channel: string,
  handlers: ListenHandlers,
): Promise<Listening> {
  const { connectionString, host, port, user, password, database } = pool.options;
  let closed = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString, host, port, user, password, database });
    client.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) handlers.onPayload(n.payload);
    });
    client.on('error', (err) => handlers.onError?.(err));
    client.on('end', () => {
      if (current !== client || closed) return;
      current = null;
      reconnectLater();
    });
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (closed) {
      await client.end();
      return;
    }
    current = client;
  };

  const reconnectLater = () => {
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] as number;
    failures += 1;
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => {
          failures = 0;
          handlers.onGap();
        },
        (err) => {
          handlers.onError?.(err);
          if (!closed) reconnectLater();
        },
      );
    }, wait);
    retry.unref();
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const client = current;
      current = null;
      await client?.end().catch(() => {});
    },
  };
}
