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

/** Signs a new member up through the API and returns their details and session token. */
export async function createMember(request: APIRequestContext, prefix = 'e2e'): Promise<Member> {
  const details = uniqueDetails(prefix);
  const response = await request.post(`${API}/login/register`, { data: details });
  const body = (await response.json()) as {
    status: string;
    message?: string;
    token: string;
    user: Member['user'];
  };
  expect(body.status, `register ${details.username}: ${body.message ?? ''}`).toBe('success');
  return { ...details, id: Number(body.user.id), token: body.token, user: body.user };
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
  await expect(page.getByRole('dialog', { name: 'Welcome aboard!' })).toBeVisible();
}
