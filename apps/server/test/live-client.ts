import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { LIVE_PATH } from '../src/platform/live.js';

export interface LiveEventSeen {
  event: string;
  data: Record<string, unknown>;
  at: number;
}

/** A member's live stream read as the web app reads it: fetch with the token, the body parsed as SSE. */
export interface LiveClient {
  status: number;
  contentType: string | null;
  events: LiveEventSeen[];
  /** Resolves with the first event (after `from`) that matches; rejects after `ms` of real time. */
  next(match: (e: LiveEventSeen) => boolean, ms?: number): Promise<LiveEventSeen>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** The address a listening app answers at. */
export async function listening(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The app does not listen on a port.');
  return `http://127.0.0.1:${address.port}`;
}

export async function openLive(base: string, token: string | null): Promise<LiveClient> {
  // node:http on a socket of its own (no agent), so closing the client surely closes its connection.
  const url = new URL(LIVE_PATH, base);
  const req = http.request(url, { agent: false, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
  const events: LiveEventSeen[] = [];
  const waiters = new Set<() => void>();
  const ended = new Promise<void>((resolve) => {
    res.once('close', resolve);
    res.once('error', () => resolve());
  });
  res.setEncoding('utf8');
  let buffer = '';
  res.on('data', (chunk: string) => {
    if (!String(res.headers['content-type']).startsWith('text/event-stream')) return;
    buffer += chunk;
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
      const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
      if (!event) continue;
      events.push({ event, data: data ? JSON.parse(data) : {}, at: performance.now() });
      for (const wake of waiters) wake();
    }
  });
  return {
    status: res.statusCode ?? 0,
    contentType: res.headers['content-type'] ?? null,
    events,
    ended,
    close: () => req.destroy(),
    next: (match, ms = 5000) =>
      new Promise((resolve, reject) => {
        const seen = () => events.find(match);
        const found = seen();
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching live event within ${ms} ms; saw ${JSON.stringify(events)}`));
        }, ms);
        const check = () => {
          const hit = seen();
          if (!hit) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(hit);
        };
        waiters.add(check);
      }),
  };
}
