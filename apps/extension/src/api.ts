import * as earn from '@marquee/contract/earn';
import { operationUrl, type InputOf, type Operation, type OutputOf } from '@marquee/contract/operation';
import * as proExtension from '@marquee/contract/pro-extension';

/**
 * The extension's calls to Marquee (PX3): the contract's own operations, made with the extension's
 * session token. Marquee's answer to anything but success arrives as a MarqueeRefusal with its words;
 * no answer at all as MarqueeUnreachable.
 */

export class MarqueeRefusal extends Error {
  override readonly name = 'MarqueeRefusal';
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly status: string,
    readonly extra: string | undefined,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
  }
}

export class MarqueeUnreachable extends Error {
  override readonly name = 'MarqueeUnreachable';
}

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

const UNREADABLE = 'Marquee sent an answer the extension could not read.';

/** One call of the contract to the site, signed with `token`. */
export async function callMarquee<Op extends Operation>(
  site: string,
  token: string,
  op: Op,
  input: InputOf<Op>,
  fetchFn: Fetch = fetch,
): Promise<OutputOf<Op>> {
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  let url = `${site}${operationUrl(op)}`;
  const init: RequestInit = { method: op.method, headers, credentials: 'omit', cache: 'no-store' };
  if (op.method === 'GET') {
    const query = new URLSearchParams(
      Object.entries((input ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
    ).toString();
    if (query) url += `?${query}`;
  } else {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(input ?? {});
  }
  let response: Response;
  try {
    response = await fetchFn(url, init);
  } catch {
    throw new MarqueeUnreachable('Marquee could not be reached.');
  }
  let body: { status?: string; message?: string; extra?: string } & Record<string, unknown>;
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new MarqueeRefusal(UNREADABLE, response.status, 'error', undefined, null);
  }
  if (!response.ok) {
    const retry = Number(response.headers.get('Retry-After'));
    throw new MarqueeRefusal(
      body.message ?? UNREADABLE,
      response.status,
      body.status ?? 'error',
      body.extra,
      Number.isFinite(retry) && retry > 0 ? retry : null,
    );
  }
  return body as OutputOf<Op>;
}

export type CreditOutcome = OutputOf<typeof earn.recordCorrectAnswer>;
export type IncorrectOutcome = OutputOf<typeof earn.checkIncorrectAnswer>;

/** What the run needs of Marquee (runner.ts). */
export interface MarqueeApi {
  fetchListings(): Promise<earn.FetchListingsAnswer>;
  startAction(listingId: number): Promise<void>;
  recordCorrectAnswer(listingId: number, answer: number, proView: boolean): Promise<CreditOutcome>;
  checkIncorrectAnswer(listingId: number, answer: number, category: string | null): Promise<IncorrectOutcome>;
  hideListing(listingId: number): Promise<void>;
  reportState(state: proExtension.RunState, reason: proExtension.StopReason | null): Promise<void>;
}

export function marqueeApi(site: string, token: string, version: string, fetchFn: Fetch = fetch): MarqueeApi {
  const send = <Op extends Operation>(op: Op, input: InputOf<Op>) =>
    callMarquee(site, token, op, input, fetchFn);
  return {
    fetchListings: () =>
      send(earn.fetchListings, { listingType: 'imdb', maxItems: proExtension.PRO_EXTENSION.batchSize }),
    startAction: async (listingId) => {
      await send(earn.startAction, { listing_id: listingId });
    },
    recordCorrectAnswer: (listingId, answer, proView) =>
      send(earn.recordCorrectAnswer, { listing_id: listingId, answer, proView }),
    checkIncorrectAnswer: (listingId, answer, category) =>
      send(earn.checkIncorrectAnswer, {
        listing_id: listingId,
        answer,
        ...(category ? { category } : {}),
      }),
    hideListing: async (listingId) => {
      await send(earn.hideListing, { id: listingId });
    },
    reportState: async (state, reason) => {
      await send(proExtension.reportState, { state, version, ...(reason ? { reason } : {}) });
    },
  };
}

/** The popup's figures (fetchStatus), and signing out (unpair). */
export const fetchStatus = (site: string, token: string, fetchFn: Fetch = fetch) =>
  callMarquee(site, token, proExtension.fetchStatus, {}, fetchFn);
export const unpairSelf = (site: string, token: string, fetchFn: Fetch = fetch) =>
  callMarquee(site, token, proExtension.unpair, {}, fetchFn);
