import { randomBytes, randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'marquee-demo';
export const API = '/v4/operations';

export interface Member {
  id: number;
  first: string;
  last: string;
  email: string;
  username: string;
  password: string;
  imdb: string;
  token: string;
  user: Record<string, unknown>;
}

export interface MemberDetails {
  first: string;
  last: string;
  email: string;
  username: string;
  password: string;
  imdb: string;
}

/** Details nobody else in this run has: a unique username and email, and a valid IMDb page URL. */
export function uniqueDetails(prefix = 'e2e'): MemberDetails {
  const tag = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const username = `${prefix}-${tag}`.slice(0, 30);
  return {
    first: 'Casey',
    last: `Tester ${tag.slice(-4)}`,
    email: `${username}@example.test`,
    username,
    password: `pw-${randomBytes(6).toString('hex')}`,
    imdb: `https://www.imdb.com/name/nm${randomInt(1_000_000, 9_999_999)}/`,
  };
}

/**
 * A network address of its own for each member made through the API, as members arrive from their
 * own networks; the journeys' server trusts the forwarded address (TRUST_PROXY) so that sign-ups
 * per address (D11.4) count each member apart.
 */
export function memberAddress(): Record<string, string> {
  return { 'x-forwarded-for': `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}` };
}

/**
 * Signs a new member up through the API, confirms their address through the mailed link as they
 * would (which pays the 100 welcome points, D2.4), and returns their details and session token.
 */
export async function createMember(
  request: APIRequestContext,
  prefix = 'e2e',
  opts: { gettingStarted?: boolean } = {},
): Promise<Member> {
  const details = uniqueDetails(prefix);
  const headers = memberAddress();
  const response = await request.post(`${API}/login/register`, { data: details, headers });
  const registered = (await response.json()) as { status: string; message?: string };
  expect(registered.status, `register ${details.username}: ${registered.message ?? ''}`).toBe('success');
  const token = confirmTokenFrom(await mailTo(request, details.email, CONFIRM_SUBJECT));
  const confirmed = await request.post(`${API}/login/confirmEmail`, { data: { token }, headers });
  const body = (await confirmed.json()) as {
    status: string;
    message?: string;
    token: string;
    user: Member['user'];
  };
  expect(body.status, `confirm ${details.username}: ${body.message ?? ''}`).toBe('success');
  // New members are sent to Getting Started (docs/domain.md G5): unless a journey is about the
  // wizard, its member has chosen "Skip for now", so the pages it opens are the ones it asked for.
  if (!opts.gettingStarted) {
    const skipped = await request.post(`${API}/onboarding/dismiss`, {
      headers: { ...headers, authorization: `Bearer ${body.token}` },
    });
    expect(skipped.ok(), `skip getting started for ${details.username}`).toBe(true);
  }
  return { ...details, id: Number(body.user.id), token: body.token, user: body.user };
}

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
}

export const CONFIRM_SUBJECT = 'Confirm your email address for Marquee';

let adminToken: Promise<string> | null = null;

/**
 * The outbox is for admins only: journeys read it as the demo admin, through the API. The admin's
 * session is kept between reads and signed in again once it has ended (admin sessions idle out after 8
 * hours, and the site-wide journeys move the server's clock by days).
 */
export async function readOutbox(request: APIRequestContext): Promise<OutboxMail[]> {
  for (let attempt = 0; ; attempt++) {
    adminToken ??= signInThroughApi(request, 'admin', DEMO_PASSWORD).then((s) => s.token);
    const response = await request.get(`${API}/dev/fetchOutbox`, {
      headers: { authorization: `Bearer ${await adminToken}` },
    });
    const body = (await response.json()) as {
      status: string;
      message?: string;
      mails: OutboxMail[];
    };
    // An ended session reads the hidden outbox as a call that does not exist: sign in again, once.
    if (body.status !== 'success' && attempt === 0) {
      adminToken = null;
      continue;
    }
    expect(body.status, `read the outbox: ${body.message ?? ''}`).toBe('success');
    return body.mails;
  }
}

/** The newest mail to `email` with `subject`, waiting briefly for it to arrive. */
export async function mailTo(
  request: APIRequestContext,
  email: string,
  subject: string,
): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await readOutbox(request)).find(
          (m) => m.to === email.toLowerCase() && m.subject === subject,
        );
        return Boolean(found);
      },
      { message: `a mail "${subject}" to ${email} in the outbox` },
    )
    .toBe(true);
  return found as OutboxMail;
}

/** The token of the confirmation link in a mail. */
export function confirmTokenFrom(mail: OutboxMail): string {
  const match = /\/confirm-email\?token=([^\s&]+)/.exec(mail.text);
  expect(match, 'the mail links to /confirm-email?token=...').toBeTruthy();
  return decodeURIComponent((match as RegExpExecArray)[1] as string);
}

/** The first link in a mail to `pathname` (such as /reset-password), as a path and query on this server. */
export function linkIn(mail: OutboxMail, pathname: string): string {
  const url = (mail.text.match(/https?:\/\/\S+/g) ?? [])
    .map((href) => new URL(href))
    .find((u) => u.pathname === pathname);
  expect(url, `the mail links to ${pathname}`).toBeTruthy();
  return `${url?.pathname}${url?.search}`;
}

/** Signs an existing member (a demo login, say) in through the API. */
export async function signInThroughApi(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<{ token: string; user: Record<string, unknown> }> {
  const response = await request.post(`${API}/login/checkCredentials`, { data: { username, password } });
  const body = (await response.json()) as {
    status: string;
    message?: string;
    token: string;
    user: Record<string, unknown>;
  };
  expect(body.status, `sign in ${username}: ${body.message ?? ''}`).toBe('success');
  return { token: body.token, user: body.user };
}

/** Pays for a month of Premium on the built-in test checkout (D10.2), as the member does in the browser. */
export async function buyPremium(page: Page, request: APIRequestContext, me: Member) {
  const started = await request.post('/v4/checkout/membership/stripe/charge/', {
    headers: { authorization: `Bearer ${me.token}` },
    data: { level: 'premium', months: 1, amountPennies: 995 },
  });
  const { redirect } = (await started.json()) as { redirect: string };
  await page.goto(redirect);
  await page.getByRole('button', { name: /^Pay \$9\.95/ }).click();
  // The subscription check finds the payment within its checks 5 s apart, says "Welcome aboard!" for
  // a second and opens the account page (the membership journey reads the dialog itself).
  await expect(page).toHaveURL(/\/v4\/account$/, { timeout: 60_000 });
}
