import { expect, test } from '@playwright/test';
import { createMember } from '../support/members.js';
import { shootBothWidths } from '../support/earn.js';
import { EXCHANGE_TEXT, premiumMember } from '../support/exchange.js';
import { expectSignedIn, useSession } from '../support/ui.js';

test('EX1: a free member opening the Exchange gets the membership-requirements modal, with Membership and Referrals', async ({
  page,
  request,
}) => {
  const me = await createMember(request, 'exfree');
  const exchangeCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/operations/exchange/')) exchangeCalls.push(r.url());
  });
  await useSession(page, me);
  await page.goto('/exchange');
  await expectSignedIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Exchange' })).toBeVisible();

  const modal = page.getByRole('dialog', { name: EXCHANGE_TEXT.membersOnly });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('link', { name: 'See memberships' })).toHaveAttribute('href', '/membership');
  await expect(modal.getByRole('link', { name: 'Earn it through referrals' })).toHaveAttribute(
    'href',
    '/referrals',
  );
  await shootBothWidths(page, 'exchange-free-modal');

  // Closed, the page's two options stay; each asks again instead of opening an exchange.
  await modal.getByRole('button', { name: 'Not now' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('region', { name: 'Instagram Follows' })).toBeVisible();
  await page.getByRole('button', { name: 'Open IMDb Views' }).click();
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  // The exchanges themselves show the same prompt and ask the server nothing (it would refuse, 403).
  await page.goto('/exchange/instagram');
  await expect(page.getByRole('dialog', { name: EXCHANGE_TEXT.membersOnly })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  const prompt = page.getByRole('region', { name: 'Unlock the Exchange' });
  await expect(prompt.getByRole('link', { name: 'See memberships' })).toBeVisible();
  await expect(prompt.getByRole('link', { name: 'Go to Referrals' })).toBeVisible();
  await shootBothWidths(page, 'exchange-free-instagram');
  await page.goto('/exchange/imdb');
  await expect(page.getByRole('dialog', { name: EXCHANGE_TEXT.membersOnly })).toBeVisible();
  await page.getByRole('dialog').getByRole('link', { name: 'See memberships' }).click();
  await expect(page).toHaveURL(/\/membership$/);
  expect(exchangeCalls, 'no exchange call for a free member').toEqual([]);
});

test('a premium member sees the two exchanges on /exchange and opens each', async ({ browser, request }) => {
  const { page } = await premiumMember(browser, request, 'exland');
  await page.goto('/exchange');
  await expectSignedIn(page);
  await expect(page.getByRole('region', { name: 'Instagram Follows' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'IMDb Views' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await shootBothWidths(page, 'exchange-landing');
  await page.getByRole('link', { name: 'Open Instagram Follows' }).click();
  await expect(page).toHaveURL(/\/exchange\/instagram$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Instagram Follows' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Exchange' }).click();
  await page.getByRole('link', { name: 'Open IMDb Views' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'IMDb Views' })).toBeVisible();
});
