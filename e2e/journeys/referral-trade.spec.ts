import { expect, test, type Page } from '@playwright/test';
import {
  CONFIRM_SUBJECT,
  DEMO_PASSWORD,
  createMember,
  linkIn,
  mailTo,
  memberAddress,
  signInThroughApi,
  uniqueDetails,
} from '../support/members.js';
import { balanceOf, moveServerClock, shootBothWidths } from '../support/earn.js';
import { expectSignedIn, pointBalance, screenshot, useSession } from '../support/ui.js';

const DAY_MS = 24 * 3600 * 1000;

/** A stat of the Referrals page, read from its term and value. */
const stat = (page: Page, term: string) =>
  page
    .getByRole('region', { name: 'Your Referral Stats' })
    .getByRole('definition')
    .filter({
      has: page.locator(`xpath=preceding-sibling::dt[normalize-space(.)="${term}"]`),
    });

test('a referral who pays and stays two weeks earns the referrer points, a higher cap and membership days', async ({
  page,
  browser,
  request,
}) => {
  // The referrer: a pro member of the demo community with points of their own and nobody referred yet.
  const referrer = await signInThroughApi(request, 'omar.farouk', DEMO_PASSWORD);
  const referrerId = Number(referrer.user.id);

  // A visitor follows the referral link and signs up.
  // Its own address, as sign-ups are limited per address (D11.4).
  const visitor = await browser.newContext({ extraHTTPHeaders: memberAddress() });
  const joiner = await visitor.newPage();
  const me = uniqueDetails('referred');
  await joiner.goto(`/r/${referrerId}`);
  await expect(joiner.getByRole('heading', { level: 1, name: 'Join Marquee' })).toBeVisible();
  await joiner.getByLabel('First name', { exact: true }).fill(me.first);
  await joiner.getByLabel('Last name', { exact: true }).fill(me.last);
  await joiner.getByLabel('Email', { exact: true }).fill(me.email);
  await joiner.getByLabel('Username', { exact: true }).fill(me.username);
  await joiner.getByLabel('Password', { exact: true }).fill(me.password);
  await joiner.getByLabel('IMDb page URL', { exact: true }).fill(me.imdb);
  await joiner.getByRole('button', { name: 'Create Account', exact: true }).click();
  // The mailed link confirms the address and signs the new member in (D2.4).
  await expect(joiner.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await joiner.goto(linkIn(await mailTo(request, me.email, CONFIRM_SUBJECT), '/confirm-email'));
  await expect(joiner.getByRole('heading', { level: 1, name: 'Email address confirmed' })).toBeVisible();
  await joiner.getByRole('link', { name: 'Get Started' }).click();
  await expectSignedIn(joiner);

  // The new member pays for 3 months of Premium on the test checkout's own page.
  const token = await joiner.evaluate(() => localStorage.getItem('token'));
  const started = await request.post('/v4/checkout/membership/stripe/charge/', {
    headers: { authorization: `Bearer ${token}` },
    data: { level: 'premium', months: 3, amountPennies: 2685 },
  });
  const { redirect } = (await started.json()) as { redirect: string };
  await joiner.goto(redirect);
  await expect(joiner.getByRole('note')).toHaveText(
    'This is a test payment. No card is charged and no money moves.',
  );
  await joiner.getByRole('button', { name: 'Pay $26.85 (test payment)' }).click();
  await expect(joiner).toHaveURL(/\/v4\/membership\?checkout=complete/);
  await visitor.close();

  // The referrer sees the referral at once, and its referral points on the way: they are held for
  // the 14 days a payment may be refunded. The referral is not qualified yet.
  await useSession(page, referrer);
  await page.goto('/referrals');
  await expectSignedIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Referrals' })).toBeVisible();
  await expect(stat(page, 'Referrals')).toHaveText('1');
  await expect(stat(page, 'Referral Points')).toHaveText('0');
  await expect(page.getByText('900 more referral points are on the way')).toBeVisible();
  const recent = page.getByRole('region', { name: 'Recent Referrals' });
  const row = recent.getByRole('listitem').filter({ hasText: `${me.first} ${me.last}` });
  await expect(row).toContainText('Not qualified yet');
  await expect(pointBalance(page)).toContainText('/60 daily actions');

  // Two weeks on, the paying referral qualifies (D6.3): pro gets 3 more Daily Actions.
  await moveServerClock(request, 14 * DAY_MS + 60_000);
  await page.reload();
  await expect(stat(page, 'Referral Points')).toHaveText('900');
  await expect(stat(page, 'Feature Points')).toHaveText('75');
  await expect(row).toContainText('Qualified');
  await expect(row).not.toContainText('Not qualified yet');
  await expect(page.getByText('You have 1 qualified referral: +3 Daily Actions every day.')).toBeVisible();
  await expect(pointBalance(page)).toContainText('/63 daily actions');
  await expect(page.getByRole('textbox', { name: 'Your referral link' })).toHaveValue(
    new RegExp(`/r/${referrerId}$`),
  );
  await shootBothWidths(page, 'referrals');
  // Recent referrals are for desktop screens only (spec 3 §2).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(recent).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });

  // The referral trade-in: 3 Premium days for 900 referral points, confirmed first.
  const trade = page.getByRole('region', { name: 'Referral Trade-In' });
  await expect(trade.getByRole('button', { name: 'Trade', exact: true })).toBeDisabled();
  await trade.getByRole('radio', { name: /Premium/ }).check();
  await trade.getByLabel('Days', { exact: true }).selectOption('3');
  await expect(trade).toContainText('Cost: 900 referral points');
  await trade.getByRole('button', { name: 'Trade', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your trade' });
  await expect(confirm).toContainText('Trade 900 referral points for 3 days of Premium?');
  await shootBothWidths(page, 'referrals-trade-confirm');
  await confirm.getByRole('button', { name: 'Confirm Trade' }).click();
  await expect(trade.getByRole('status')).toHaveText(
    'Success! You traded 900 referral points for 3 days of Premium.',
  );
  await expect(stat(page, 'Referral Points')).toHaveText('0');
  await expect(stat(page, 'Premium Days Earned')).toHaveText('3');
  await expect(page.getByRole('region', { name: 'Recent Credits' })).toContainText('3 Premium days');
  await recent.scrollIntoViewIfNeeded();
  await screenshot(page, 'referrals-recent-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('region', { name: 'Recent Credits' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'referrals-credits-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: number },
  );
  expect(stored.id, 'the member the trade answered is kept in browser storage').toBe(referrerId);

  // Points for days on the Account page (account/tradePoints): 2 Pro days for 760 points.
  await page.goto('/account');
  const before = await balanceOf(page);
  const pointsTrade = page.getByRole('region', { name: 'Trade Points for Membership' });
  await pointsTrade.getByRole('radio', { name: /Pro/ }).check();
  await pointsTrade.getByLabel('Days', { exact: true }).selectOption('2');
  await expect(pointsTrade).toContainText('Cost: 760 points');
  await pointsTrade.getByRole('button', { name: 'Trade', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Confirm your trade' })
    .getByRole('button', { name: 'Confirm Trade' })
    .click();
  await expect(pointsTrade.getByRole('status')).toHaveText(
    'Success! You traded 760 points for 2 days of Pro.',
  );
  await page.reload();
  await expectSignedIn(page);
  // Others may act on the referrer's listings meanwhile, which only lowers the balance further.
  expect(before - (await balanceOf(page))).toBeGreaterThanOrEqual(760);
  await page.goto('/referrals');
  await shootBothWidths(page, 'referrals-after-trades');
});

test('the referral trade-in refuses what the member cannot pay, and the page has its empty states', async ({
  page,
  request,
}) => {
  const member = await createMember(request, 'noref');
  await useSession(page, member);
  await page.goto('/v4/referrals');
  await expectSignedIn(page);
  await expect(stat(page, 'Referrals')).toHaveText('0');
  await expect(stat(page, 'Last Featured')).toHaveText('Not yet');
  await expect(
    page.getByText('Nobody has joined with your link yet. Share it to start earning referral points!'),
  ).toBeVisible();
  await expect(page.getByText('Days you trade your referral points for show here.')).toBeVisible();
  const trade = page.getByRole('region', { name: 'Referral Trade-In' });
  await trade.getByRole('radio', { name: /Pro/ }).check();
  await expect(trade).toContainText('You need 1,200 more referral points for this trade.');
  await expect(trade.getByRole('button', { name: 'Trade', exact: true })).toBeDisabled();

  // Keyboard: the level, the days, the referral link and its copy button, in that order.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await trade.getByRole('radio', { name: /Premium/ }).focus();
  await page.keyboard.press('Space');
  await expect(trade.getByRole('radio', { name: /Premium/ })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(trade.getByLabel('Days', { exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Your referral link' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Copy Link' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your referral link is copied. Paste it anywhere to share it.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${new URL(page.url()).origin}/r/${String(member.user.id)}`,
  );
  await shootBothWidths(page, 'referrals-empty');
});
