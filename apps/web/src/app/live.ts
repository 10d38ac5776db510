/**
 * The member's live stream (docs/domain.md LV1-LV8): Server-Sent Events read with fetch, so the token
 * goes in the Authorization header as on every call and never in an address. While the stream is
 * open, the pages that used to poll (the badges, the live chat) stop polling; when it drops they
 * poll again, and it reconnects after a growing wait.
 */

/** What the server says changed; the page reads the thing again through its usual call. */
export interface LiveEvent {
  kind: string;
  ref?: number;
}

export const LIVE_PATH = '/v5/live';
/** Waits before reconnecting, growing with each failure in a row (plus up to a second at random). */
const RECONNECT_MS = [1000, 2000, 5000, 10_000, 30_000];
/** A tab hidden this long gives its connection back (browsers allow few per site), and polls meanwhile. */
export const HIDDEN_CLOSE_MS = 60_000;

let connected = false;
const watchers = new Set<() => void>();

/** Whether the stream is open now: the polling queries ask this for their interval. */
export const isLive = () => connected;

/** Polls every `ms` only while the stream is down (a `refetchInterval` for TanStack Query). */
export const pollUnlessLive = (ms: number) => () => (connected ? false : ms);

function setConnected(now: boolean) {
  if (connected === now) return;
  connected = now;
  for (const watch of watchers) watch();
}

/** For useSyncExternalStore: tells `watch` whenever the stream opens or drops. */
export function watchLive(watch: () => void): () => void {
  watchers.add(watch);
  return () => watchers.delete(watch);
}

export interface LiveHandlers {
  onEvent(event: LiveEvent): void;
  /** The stream opened or dropped: what may have been missed is read again. */
  onChange(open: boolean): void;
}

/**
 * Keeps a stream open with `token` until the answer is stopped: reconnecting after drops, closing
 * while the tab stays hidden. A 401 (signed out elsewhere) stops it; the next call's logged_out
 * answer signs the page out.
 */
export function connectLive(token: string, handlers: LiveHandlers): () => void {
  let stopped = false;
  let failures = 0;
  let controller: AbortController | null = null;
  let retry: number | undefined;
  let hiddenTimer: number | undefined;

  const drop = () => {
    controller?.abort();
    controller = null;
    if (connected) {
      setConnected(false);
      handlers.onChange(false);
    }
  };

  const schedule = () => {
    if (stopped || retry !== undefined || document.visibilityState === 'hidden') return;
    const wait = (RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)] ?? 30_000) + Math.random() * 1000;
    failures += 1;
    retry = window.setTimeout(() => {
      retry = undefined;
      void open();
    }, wait);
  };

  const open = async () => {
    if (stopped || controller) return;
    const mine = new AbortController();
    controller = mine;
    try {
      const res = await fetch(LIVE_PATH, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        signal: mine.signal,
        cache: 'no-store',
      });
      if (res.status === 401) {
        stopped = true;
        return;
      }
      if (!res.ok || !res.body) throw new Error(`live stream: ${res.status}`);
      await readEvents(res.body, (kind, data) => {
        if (kind === 'ready') {
          failures = 0;
          setConnected(true);
          handlers.onChange(true);
        } else handlers.onEvent({ kind, ...data });
      });
    } catch {
      // Dropped, refused or aborted: polling takes over until the stream is back.
    } finally {
      if (controller === mine) drop();
      schedule();
    }
  };

  const onVisibility = () => {
    window.clearTimeout(hiddenTimer);
    if (document.visibilityState === 'hidden') {
      hiddenTimer = window.setTimeout(drop, HIDDEN_CLOSE_MS);
    } else if (!controller) {
      window.clearTimeout(retry);
      retry = undefined;
      void open();
    }
  };
  document.addEventListener('visibilitychange', onVisibility);
  void open();

  return () => {
    stopped = true;
    window.clearTimeout(retry);
    window.clearTimeout(hiddenTimer);
    document.removeEventListener('visibilitychange', onVisibility);
    drop();
  };
}

/** Reads a text/event-stream body, calling `onEvent` with each event's name and data. */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (kind: string, data: { ref?: number }) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let kind = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) kind = line.slice(6).trim();
        else if (line.startsWith('data:')) data += line.slice(5).trim();
      }
      // Comment lines (the heartbeat) and the retry field carry no event.
      if (!block.split('\n').some((l) => l.startsWith('event:') || l.startsWith('data:'))) continue;
      let parsed: { ref?: number } = {};
      try {
        parsed = data ? (JSON.parse(data) as { ref?: number }) : {};
      } catch {
        continue;
      }
      onEvent(kind, typeof parsed.ref === 'number' ? { ref: parsed.ref } : {});
    }
  }
}
