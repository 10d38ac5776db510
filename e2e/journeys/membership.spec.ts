import { expect, test, type Page } from '@playwright/test';
import { createMember } from '../support/members.js';
import { shootBothWidths } from '../support/earn.js';
import { expectSignedIn, screenshot, useSession } from '../support/ui.js';

const storedMembership = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { membership?: string }).membership,
  );

/** Pays on the built-in test checkout's page (D10.2), which says it is a test payment. */
async function payOnTestCheckout(page: Page, button: RegExp) {
  await expect(page).toHaveURL(/\/v4\/checkout\/test\//);
  await expect(page.getByRole('note')).toHaveText(
    'This is a test payment. No card is charged and no money moves.',
  );
  await page.getByRole('button', { name: button }).click();
}

test('a free member buys Premium once, trades days for Pro, then subscribes to Pro', async ({
  page,
  request,
}) => {
  const member = await createMember(request, 'buyer');
  await useSession(page, member);
  await page.goto('/membership');
  await expectSignedIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Membership' })).toBeVisible();

  const premium = page.getByRole('region', { name: 'Premium', exact: true });
  const pro = page.getByRole('region', { name: 'Pro', exact: true });
  await expect(premium).toContainText('from $4.50/mo');
  await expect(pro).toContainText('from $7.92/mo');
  // Default rows (spec 1 §2): the fourth for Premium, the second for Pro.
  await expect(premium.getByRole('radio', { name: '12 months' })).toBeChecked();
  await expect(pro.getByRole('radio', { name: '3 months' })).toBeChecked();
  await expect(premium.getByRole('tab', { name: 'Subscription' })).toHaveAttribute('aria-selected', 'true');
  await shootBothWidths(page, 'membership');

  // The total column is hidden at 500 px or less (spec 1 §9).
  await page.setViewportSize({ width: 500, height: 800 });
  await expect(premium.getByRole('columnheader', { name: 'Billed' })).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(premium.getByRole('columnheader', { name: 'Billed' })).toBeVisible();

  // Premium, paid once for 12 months, through the test checkout.
  await premium.getByRole('tab', { name: 'One Time Payment' }).click();
  await expect(premium.getByRole('cell', { name: '$66.00' })).toBeVisible();
  await premium.getByRole('button', { name: 'Pay $66.00 with Card' }).click();
  await payOnTestCheckout(page, /^Pay \$66\.00/);

  // Back on Marquee, the subscription check finds the payment and opens the account page.
  const check = page.getByRole('dialog', { name: 'Welcome aboard!' });
  await expect(check).toContainText(/You are now a Premium member until [A-Z][a-z]+ \d{1,2}, \d{4}\./);
  await expect(page).toHaveURL(/\/v4\/account$/);
  expect(await storedMembership(page)).toBe('premium');
  // The account page's membership card marks Premium as the member's level.
  const level = page
    .getByRole('region', { name: 'Membership', exact: true })
    .getByRole('listitem')
    .filter({ hasText: 'Your level' });
  await expect(level).toContainText('Premium');
  await expect(level).toContainText('Yours runs until');

  // The Pro panel now offers Premium days for Pro days, 2 for 1.
  await page.goto('/membership');
  const trade = page.getByLabel('Premium days to trade');
  await expect(trade).toBeVisible();
  await trade.selectOption('4');
  await page.getByRole('button', { name: 'Trade', exact: true }).click();
  await expect(page.getByText('Success! You traded 4 Premium days for 2 Pro days.')).toBeVisible();
  expect(await storedMembership(page)).toBe('pro');

  // A Pro subscription, monthly, through the test checkout.
  await pro.getByRole('radio', { name: '1 month' }).check();
  await expect(pro.getByRole('cell', { name: '$14.95 every 1 month' })).toBeVisible();
  await pro.getByRole('button', { name: 'Subscribe with Card' }).click();
  await payOnTestCheckout(page, /^Subscribe \$14\.95/);
  await expect(page.getByRole('dialog', { name: 'Welcome aboard!' })).toContainText('Pro member');
  await expect(page).toHaveURL(/\/v4\/account$/);

  // Subscribed: the page says so and offers no second subscription.
  await page.goto('/membership');
  await expect(page.getByRole('status').filter({ hasText: 'You are subscribed to Pro' })).toBeVisible();
  await expect(pro.getByRole('tab', { name: 'Subscription' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'What each level gives you' })).toContainText('Your level');
});

test('the subscription check says so when no payment is found after its checks', async ({
  page,
  request,
}) => {
  const member = await createMember(request, 'nosub');
  await useSession(page, member);
  await page.goto('/membership?checkout=complete');
  await expectSignedIn(page);
  const dialog = page.getByRole('dialog', { name: 'Checking your membership' });
  await expect(dialog.getByRole('alert')).toContainText('Please check that your transaction completed');
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(page).toHaveURL(/\/membership$/);
});

test('a pro-eligible member starts the 7-day Pro trial from the dashboard and sees when it ends', async ({
  page,
  request,
}) => {
  const member = await createMember(request, 'trial');
  await useSession(page, member);
  await page.goto('/dashboard/imdb');
  await expectSignedIn(page);
  const offer = page.getByRole('region', { name: 'Try Marquee Pro' });
  await expect(offer).toBeVisible();
  await screenshot(page, 'pro-trial-offer-1280');
  // Desktop only (spec 2 §2).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(offer).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });

  await offer.getByRole('button', { name: 'Start my free trial' }).click();
  await expect(page.getByText('Your 7-day Pro trial has started. Enjoy!')).toBeVisible();
  await expect(page).toHaveURL(/\/v4\/dashboard$/);
  await expect(offer).toHaveCount(0);
  expect(await storedMembership(page)).toBe('pro');

  // Under seven days of Pro left: the shell says when it ends and offers to renew (D2.3).
  await page.reload();
  await expectSignedIn(page);
  const banner = page.getByRole('region', { name: 'Membership notice' });
  await expect(banner).toContainText('Your Pro membership ends on');
  await shootBothWidths(page, 'pro-trial-banner');
  await banner.getByRole('link', { name: 'Renew' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Membership' })).toBeVisible();
  await page.getByRole('button', { name: 'Close the membership notice' }).click();
  await expect(banner).toHaveCount(0);
});
