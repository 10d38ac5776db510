import { expect, test, type APIRequestContext } from '@playwright/test';
import { managed } from '@marquee/contract';
import { API, DEMO_PASSWORD, createMember, linkIn, mailTo, signInThroughApi } from '../support/members.js';
import { shootBothWidths } from '../support/earn.js';
import { expectNoSeriousA11yViolations, screenshot, useSession } from '../support/ui.js';

const { MANAGED_TEXTS } = managed;

/** A staff call of the contract through the API. */
async function asAdmin<T>(request: APIRequestContext, token: string, path: string, data: object) {
  const response = await request.post(`${API}/${path}`, {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  const body = (await response.json()) as T & { status: string; message?: string };
  expect(body.status, `${path}: ${body.message ?? ''}`).toBe('success');
  return body;
}

/** A member's call through the API. */
async function asMember(request: APIRequestContext, token: string, path: string, query = '') {
  const response = await request.get(`${API}/${path}${query ? `?${query}` : ''}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as Record<string, unknown>;
}

// docs/domain.md MR4, MR5: the invitation link, the terms and tiers, the test checkout, the check after it.
test('an invited member follows the mailed link, accepts the terms, pays on the test checkout and lands on Managed Rank', async ({
  page,
  request,
  context,
}) => {
  const admin = await signInThroughApi(request, 'admin', DEMO_PASSWORD);
  const member = await createMember(request, 'mgd-sub');
  expect(await asMember(request, member.token, 'managed/addToWaitlist', 'selection=2')).toMatchObject({
    status: 'success',
  });
  // Staff set the member up and mail the invitation (MR2, MR3).
  const { details } = await asAdmin<{ details: Record<string, unknown> }>(
    request,
    admin.token,
    'admin/managed/fetchUserDetails',
    { user_id: member.id },
  );
  const { unsub } = await asAdmin<{ unsub: string }>(request, admin.token, 'admin/managed/setupManagedUser', {
    ...details,
    level: 2,
  });
  await asAdmin(request, admin.token, 'admin/managed/sendInviteEmail', { user_id: member.id, uc: unsub });
  const invitation = await mailTo(request, member.email, 'Your invitation to Managed Rank (Top 100K)');
  const link = linkIn(invitation, '/managed/subscribe');

  // The link opens the terms and the tiers: the invited one to choose, the others by invitation.
  await useSession(page, member);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Subscribe to Managed Rank' })).toBeVisible();
  const terms = page.getByRole('region', { name: 'Managed Rank terms of service' });
  await expect(terms).toContainText('No guaranteed rank');
  await expect(terms).toContainText('Cancelling');
  const tiers = page.getByRole('group', { name: 'Your tier' });
  await expect(tiers.getByRole('radio', { name: /Top 100K/ })).toBeChecked();
  await expect(tiers.getByRole('radio', { name: /Top 100K/ })).toBeEnabled();
  for (const other of [/Top 60K/, /Top 200K/])
    await expect(tiers.getByRole('radio', { name: other })).toBeDisabled();
  await expect(tiers.getByText('By invitation')).toHaveCount(2);
  await expect(tiers.getByText('Your invitation')).toHaveCount(1);
  const subscribe = page.getByRole('button', { name: 'Subscribe for $37 a month' });
  await expect(subscribe).toBeDisabled();
  await shootBothWidths(page, 'managed-subscribe');

  await page.getByLabel('I have read and accept the Managed Rank terms of service.').check();
  await expect(subscribe).toBeEnabled();
  await subscribe.click();

  // The built-in test checkout (D10.2) names the tier and the monthly price.
  await expect(page).toHaveURL(/\/v4\/checkout\/test\/test_co_/);
  await expect(page.getByText('Managed Rank, Top 100K, monthly')).toBeVisible();
  await expect(page.getByText('This is a test payment.')).toBeVisible();

  // Meanwhile, in another tab, the check waits for the payment (MR5).
  const waiting = await context.newPage();
  await waiting.goto('/v4/managed/subscribed');
  await expect(waiting.getByRole('status').filter({ hasText: MANAGED_TEXTS.confirmationWait })).toBeVisible();
  await shootBothWidths(waiting, 'managed-subscribed-waiting');
  await waiting.close();

  await page.getByRole('button', { name: /^Subscribe \$37\.00/ }).click();
  // Back on Marquee: the check finds the subscription and /managed opens a second later.
  await expect(page).toHaveURL(/\/v4\/managed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Managed Rank' })).toBeVisible();
  const kept = await page.evaluate(
    () => JSON.parse(localStorage.getItem('user') ?? '{}') as { membership?: string },
  );
  expect(kept.membership).toBe('managed');
  expect(await asMember(request, member.token, 'managed/fetchSubscription')).toMatchObject({
    subscription: { active: 'yes', extra: 'Renews monthly', tier: 'Top 100K' },
  });
  expect(await asMember(request, member.token, 'managed/fetchWaitlistStatus')).toMatchObject({
    waitlistStatus: 'none',
  });
  const receipt = await mailTo(
    request,
    member.email,
    'Your Marquee receipt: Managed Rank, Top 100K subscription, 1 month (renews monthly until you cancel)',
  );
  expect(receipt.text).toContain('Amount: $37.00 (US dollars)');

  // The link again: the member already has Managed Rank.
  await page.goto(link);
  await expect(page.getByText('You already have Managed Rank.')).toBeVisible();
});

test('a member who is not invited reads that Managed Rank is by invitation; a check with nothing to find says so', async ({
  page,
  request,
}) => {
  const member = await createMember(request, 'mgd-none');
  await useSession(page, member);
  await page.goto('/managed/subscribe');
  await expect(page.getByText(MANAGED_TEXTS.notInvited)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join the Managed Rank waitlist' })).toHaveAttribute(
    'href',
    /\/managed$/,
  );
  await expect(page.getByRole('group', { name: 'The tiers' }).getByRole('radio')).toHaveCount(3);
  for (const radio of await page.getByRole('group', { name: 'The tiers' }).getByRole('radio').all())
    await expect(radio).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Subscribe/ })).toHaveCount(0);
  await screenshot(page, 'managed-subscribe-not-invited-1280');
  await expectNoSeriousA11yViolations(page, 'the subscribe page, not invited');

  // No managed checkout at all: the check has nothing to wait for (spec 4 §8's text).
  await page.goto('/managed/subscribed');
  await expect(page.getByRole('alert')).toHaveText(MANAGED_TEXTS.notFound);
  await expect(page.getByRole('link', { name: 'Back to Managed Rank' })).toBeVisible();
  await shootBothWidths(page, 'managed-subscribed-not-found');
});
