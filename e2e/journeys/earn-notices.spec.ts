import { expect, test } from '@playwright/test';
import { createMember, DEMO_PASSWORD, signInThroughApi } from '../support/members.js';
import { earnCard, shootBothWidths } from '../support/earn.js';
import { useSession } from '../support/ui.js';

test('a managed member is pointed to their Managed Rank history instead of IMDb listings', async ({
  page,
  request,
}) => {
  await useSession(page, await signInThroughApi(request, 'demo-managed', DEMO_PASSWORD));
  await page.goto('/v4/dashboard');
  const card = earnCard(page);
  await expect(card.getByRole('heading', { name: 'Your IMDb views are managed' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'See your Managed Rank history' })).toHaveAttribute(
    'href',
    '/managed',
  );
  await expect(page.getByRole('link', { name: 'IMDb', exact: true })).toHaveAttribute('aria-current', 'page');
  await shootBothWidths(page, 'earn-managed');
});

test('past Facebook likes are verified at /dashboard/facebook, and an unknown tab goes to IMDb', async ({
  page,
  request,
}) => {
  const me = await createMember(request, 'fb');
  await useSession(page, me);
  await page.goto('/dashboard/youtube');
  await page.getByRole('link', { name: 'Verify your past Facebook likes' }).click();
  await expect(page).toHaveURL(/\/dashboard\/facebook$/);
  await expect(page.getByRole('link', { name: 'Facebook', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(earnCard(page).getByRole('heading', { name: 'Link your Facebook account' })).toBeVisible();
  await expect(earnCard(page).getByRole('link', { name: 'Authorize with Facebook' })).toHaveAttribute(
    'href',
    /\/sim\/facebook\/oauth\/authorize/,
  );
  await shootBothWidths(page, 'earn-facebook');

  await page.goto('/dashboard/nonsense');
  await expect(page).toHaveURL(/\/dashboard\/imdb$/);
});

test('a Pro member switches IMDbPro views on and off: the page reloads each time', async ({
  page,
  request,
}) => {
  await useSession(page, await signInThroughApi(request, 'demo-pro', DEMO_PASSWORD));
  await page.goto('/dashboard/imdb');
  const proViews = page.getByRole('switch', { name: /Show me IMDbPro views/ });
  await expect(proViews).toBeVisible();
  await expect(proViews).not.toBeChecked();
  await expect(page.getByRole('heading', { name: 'The Pro browser extension' })).toBeVisible();

  await Promise.all([page.waitForEvent('load'), proViews.click()]);
  await expect(proViews).toBeChecked();
  await Promise.all([page.waitForEvent('load'), proViews.click()]);
  await expect(proViews).not.toBeChecked();
});
