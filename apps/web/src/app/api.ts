import { operationUrl, type Envelope, type InputOf, type Operation, type OutputOf } from '@marquee/contract';
import { clearSession, readToken } from './storage';

/** A call that failed: the server's message for people, its status word, and the HTTP code (0: no answer). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly status: string,
    readonly httpStatus: number,
    readonly extra?: string,
  ) {
    super(message);
  }

  /** The browser got no answer at all; the spec has these only logged, never shown. */
  get isNetworkError(): boolean {
    return this.httpStatus === 0;
  }

  /** The session ended; the page is already reloading to the login screen. */
  get isLoggedOut(): boolean {
    return this.extra === 'logged_out';
  }
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Only for the session check and log out, which handle an ended session themselves: without it an
   * answer with extra 'logged_out' removes the token and user and reloads the page (spec 1 §6).
   */
  handleLoggedOut?: 'caller';
}

/** Calls whose input may be left out (every field optional) take it as an optional argument. */
type CallArgs<Op> =
  object extends InputOf<Op>
    ? [input?: InputOf<Op>, options?: CallOptions]
    : [input: InputOf<Op>, options?: CallOptions];

let navigateTo: (path: string) => void = (path) => window.location.assign(path);

/** The router registers its navigate function so a 'not_admin' answer moves within the app. */
export function setApiNavigator(navigate: (path: string) => void): void {
  navigateTo = navigate;
}

const NO_ANSWER = 'We could not reach Marquee. Please check your connection and try again.';
const UNREADABLE = 'Marquee sent an answer we could not read. Please try again in a moment.';

/**
 * The one way the web app talks to the server: a call of the contract, typed by it. GET calls send
 * their input as the query string, POST calls as JSON; the stored token goes along as a Bearer
 * header. Any 2xx answer is returned whatever its status word; anything else throws an ApiError.
 */
export async function call<Op extends Operation>(
  op: Op,
  ...[input, options]: CallArgs<Op>
): Promise<OutputOf<Op>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let url = operationUrl(op);
  const init: RequestInit = { method: op.method, headers, signal: options?.signal ?? null };
  if (op.method === 'GET') {
    const query = toQueryString(input);
    if (query) url += `?${query}`;
  } else if (input instanceof FormData) {
    // Multipart (callForm): the browser writes the Content-Type with its boundary.
    init.body = input;
  } else {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(input ?? {});
  }

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    console.warn(`Marquee: no answer from ${op.path}`, cause);
    throw new ApiError(NO_ANSWER, 'network', 0);
  }

  const answer = await readAnswer(response);
  // A few calls answer a bare array (autocomplete/users, spec 1 §7); failures are always envelopes.
  if (Array.isArray(answer) && response.ok) return answer as OutputOf<Op>;
  const body = Array.isArray(answer) ? null : answer;
  if (body?.extra === 'logged_out' && options?.handleLoggedOut !== 'caller') {
    clearSession();
    window.location.reload();
  } else if (body?.extra === 'not_admin') {
    navigateTo('/v4');
  }

  if (!response.ok) {
    throw new ApiError(body?.message ?? UNREADABLE, body?.status ?? 'error', response.status, body?.extra);
  }
  if (!body) throw new ApiError(UNREADABLE, 'error', response.status);
  return body as OutputOf<Op>;
}

/** A multipart call (spec 1 §7 news/postNews): its fields, files included, as the browser's FormData. */
export function callForm<Op extends Operation>(
  op: Op,
  form: FormData,
  options?: CallOptions,
): Promise<OutputOf<Op>> {
  return (call as (op: Op, input: unknown, options?: CallOptions) => Promise<OutputOf<Op>>)(
    op,
    form,
    options,
  );
}

async function readAnswer(response: Response): Promise<Envelope | unknown[] | null> {
  try {
    const body: unknown = await response.json();
    if (Array.isArray(body)) return body;
    return body && typeof body === 'object' && 'status' in body ? (body as Envelope) : null;
  } catch {
    return null;
  }
}

function toQueryString(input: unknown): string {
  if (!input || typeof input !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  return params.toString();
}
