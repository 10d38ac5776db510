import { PlatformOffline, type PlatformName } from './types.js';

/**
 * The one way the real adapters reach a platform: global fetch with a time limit. A network
 * failure, a timeout, a rate limit or a server error all mean the platform cannot be asked now.
 */

/** The platform refused the member's linked account (expired or revoked token): relinking helps. */
export class PlatformAuthRejected extends PlatformOffline {
  constructor(platform: PlatformName) {
    super(platform);
    this.message = `${platform} refused the linked account's sign-in; link it again.`;
  }
}

export const PLATFORM_TIMEOUT_MS = 10_000;

export async function platformFetch(
  platform: PlatformName,
  url: string,
  init: RequestInit = {},
): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: init.signal ?? AbortSignal.timeout(PLATFORM_TIMEOUT_MS) });
  } catch {
    throw new PlatformOffline(platform);
  }
  if (res.status === 429 || res.status >= 500) throw new PlatformOffline(platform);
  return res;
}

/** A JSON answer, or PlatformOffline when the body is not JSON (a captive page, an outage notice). */
export async function jsonOf(platform: PlatformName, res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    throw new PlatformOffline(platform);
  }
}

/** Reads a nested field of an untyped answer without trusting its shape. */
export function field(value: unknown, ...path: (string | number)[]): unknown {
  let v = value;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[key];
  }
  return v;
}

export function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** An env variable the real mode needs; missing means the platform is not configured. */
export function required(env: NodeJS.ProcessEnv, name: string, platform: PlatformName): string {
  const value = env[name];
  if (!value)
    throw new Error(`${name} must be set to use the real ${platform} adapter (PLATFORM_MODE=real).`);
  return value;
}
