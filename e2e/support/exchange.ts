import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { API, buyPremium, createMember, type Member } from './members.js';
import { useSession } from './ui.js';

/** The Exchange's texts the journeys look for (packages/contract/src/exchange.ts). */
export const EXCHANGE_TEXT = {
  repLimitUpdated: 'Your Initiation Limit was successfully updated.',
  noListings: 'No listings available at the moment.',
  noHistory: 'You do not have any View-For-View History yet this week.',
  setupFields: 'Please make sure to fill out all fields and include your image!',
  membersOnly: 'The Exchange is for Premium, Pro and Managed members',
} as const;

/** A page of its own (its own storage, so its own session and simulated-site cookies) for one member. */
export async function pageFor(browser: Browser, member: Member): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await useSession(page, member);
  return page;
}

/** A premium member (a month paid through the test checkout) with a page of their own. */
export async function premiumMember(
  browser: Browser,
  request: APIRequestContext,
  prefix: string,
): Promise<{ member: Member; page: Page }> {
  const member = await createMember(request, prefix);
  const page = await pageFor(browser, member);
  await buyPremium(page, request, member);
  return { member, page };
}

/** A call made as `member` through the API; fails the journey unless it succeeds. */
export async function callAs<T>(
  request: APIRequestContext,
  member: Member,
  path: string,
  data?: object,
  method: 'GET' | 'POST' = 'POST',
): Promise<T> {
  const headers = { authorization: `Bearer ${member.token}` };
  const response =
    method === 'GET'
      ? await request.get(`${API}/${path}`, { headers, params: data as Record<string, string> })
      : await request.post(`${API}/${path}`, { headers, data: data ?? {} });
  const body = (await response.json()) as T & { status: string; message?: string };
  expect(response.ok(), `${path}: ${body.message ?? ''}`).toBe(true);
  return body;
}

/** An Instagram handle of this member's own: unique in the run, as Instagram's rules allow. */
export const handleOf = (member: Member, prefix: string) => `${prefix}_${member.id}`.toLowerCase();

export const instagramUrl = (handle: string) => `https://www.instagram.com/${handle}/`;

/** Sets up the member's Instagram listing through the API, as the setup form does with Find (EX2). */
export async function setUpInstagram(
  request: APIRequestContext,
  member: Member,
  handle: string,
): Promise<void> {
  const url = instagramUrl(handle);
  const found = await callAs<{ details: Record<'og:title' | 'og:image' | 'og:description', string> }>(
    request,
    member,
    'exchange/instagram/fetchInstagramDetails',
    { url },
  );
  await callAs(request, member, 'exchange/instagram/addListing', {
    url,
    title: found.details['og:title'],
    description: found.details['og:description'],
    image: found.details['og:image'],
  });
}

/**
 * Follows (or, pressed again, unfollows) `target` on the simulated Instagram as `me`, in the
 * member's own browser context (its cookie is the simulated Instagram's sign-in).
 */
export async function clickFollowThroughHttp(page: Page, me: string, target: string): Promise<void> {
  const signIn = await page.request.post('/sim/instagram/login', {
    form: { handle: me, return: `/sim/instagram/${target}` },
  });
  expect(signIn.ok(), 'sign in on the simulated Instagram').toBe(true);
  const follow = await page.request.post(`/sim/instagram/${target}/follow`);
  expect(follow.ok(), `press Follow on @${target}`).toBe(true);
}

/** On a simulated Instagram profile: signs in as `me` when asked, presses Follow and waits for Following. */
export async function followOnSimulatedInstagram(popup: Page, me: string): Promise<void> {
  await popup.waitForLoadState('domcontentloaded');
  const signIn = popup.getByRole('link', { name: 'Sign in to follow' });
  if (await signIn.isVisible()) {
    await signIn.click();
    await popup.getByLabel('Your Instagram handle').fill(me);
    await popup.getByRole('button', { name: 'Sign in' }).click();
  }
  await popup.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(popup.getByRole('button', { name: /Following/ })).toBeVisible();
}

/** The Instagram exchange's left column: the list shown and its cards. */
export const swapList = (page: Page): Locator => page.locator('#mq-swaps-title').locator('xpath=../..');

export const swapListHeading = (page: Page): Locator => page.locator('#mq-swaps-title');

/** The card of the member listed as @handle. */
export const swapCard = (page: Page, handle: string): Locator =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: `@${handle}`, exact: true }) });

/** The My Listing card of the right column. */
export const myListing = (page: Page): Locator =>
  page.getByRole('region', { name: 'My Listing', exact: true });

/** A toast by its text. */
export const toast = (page: Page, text: string | RegExp): Locator =>
  page.getByRole('alert').filter({ hasText: text }).last();
