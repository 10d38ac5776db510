import { vi } from 'vitest';

/**
 * A stand-in for global fetch in the real adapters' tests: answers by URL from a table the test
 * writes, records every call, and never reaches the network.
 */

export interface StubCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}

type Answer = Response | (() => Response) | Error;

export function stubFetch(routes: [RegExp, Answer][]) {
  const calls: StubCall[] = [];
  const fetchStub = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({
      url,
      method: init.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: init.body === undefined || init.body === null ? null : String(init.body),
    });
    const route = routes.find(([pattern]) => pattern.test(url));
    if (!route) throw new TypeError(`fetch failed: no stubbed answer for ${url}`);
    const answer = route[1];
    if (answer instanceof Error) throw answer;
    return typeof answer === 'function' ? answer() : answer.clone();
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const page = (body: string, status = 200) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
