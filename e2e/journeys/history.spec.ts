import { expect, test } from '@playwright/test';
import { API, createMember, DEMO_PASSWORD, signInThroughApi } from '../support/members.js';
import { moveServerClock, readImdbAnswer, shootBothWidths } from '../support/earn.js';
import { expectSignedIn, useSession } from '../support/ui.js';

interface OfferedListing {
  id: number;
  type: string;
  name: string;
  points: number;
  open_url: string;
  question: string | null;
}

test('an IMDb view shows in the History of both members: + for the earner, - for the owner', async ({
  page,
  browser,
  request,
}) => {
  const earner = await createMember(request, 'hist');
  const owner = await signInThroughApi(request, 'demo-premium', DEMO_PASSWORD);
  const ownerId = Number(owner.user.id);
  const auth = { authorization: `Bearer ${earner.token}` };

  // The earner is offered the owner's IMDb listing, presses Start and reads the page.
  const offered = await request.post(`${API}/earnPoints/fetchListings`, {
    headers: auth,
    data: { listingType: 'user', user_id: ownerId, maxItems: 10 },
  });
  const { listings } = (await offered.json()) as { listings: OfferedListing[] };
  const listing = listings.find((l) => l.type === 'imdb-view');
  expect(listing, "demo-premium's IMDb listing is offered").toBeTruthy();
  if (!listing) return;
  await request.post(`${API}/earnPoints/startAction`, { headers: auth, data: { listing_id: listing.id } });
  await page.goto(listing.open_url);
  const answer = await readImdbAnswer(page, listing.question ?? '');
  await moveServerClock(request, 6_000);
  const credited = await request.post(`${API}/recordCorrectAnswer`, {
    headers: auth,
    data: { listing_id: listing.id, answer },
  });
  expect(((await credited.json()) as { status: string }).status).toBe('success');

  // The earner's History: one action, plus the points.
  await useSession(page, earner);
  await page.goto('/history');
  await expectSignedIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your History' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: "You viewed Jonah Whitaker's IMDb page" });
  await expect(row).toBeVisible();
  await expect(row.getByLabel(`+${listing.points} points`)).toBeVisible();
  await expect(row.getByRole('link', { name: 'Jonah', exact: true })).toHaveAttribute(
    'href',
    `/profile/${ownerId}`,
  );
  await shootBothWidths(page, 'history-earner');

  await page.getByRole('link', { name: "Show Only Others' Actions" }).click();
  await expect(page).toHaveURL(/\/history\/theirs$/);
  await expect(
    page.getByRole('heading', { level: 1, name: "Others' Actions on Your Listings" }),
  ).toBeVisible();
  await expect(page.getByText('No results within the last six months.')).toBeVisible();
  await shootBothWidths(page, 'history-empty');
  await page.getByRole('link', { name: 'Back to Full History' }).click();
  await expect(page).toHaveURL(/\/history$/);

  // The dashboard's Recent History card shows it too, and leads to the whole History.
  await page.goto('/dashboard/imdb');
  const recent = page.getByRole('region', { name: 'Recent History' });
  await expect(recent.getByText("You viewed Jonah Whitaker's IMDb page")).toBeVisible();
  await expect(recent.getByRole('link', { name: 'See all 1 in your History' })).toHaveAttribute(
    'href',
    '/history',
  );
  await shootBothWidths(page, 'dashboard-recent-history');

  // The owner's History shows the same action as a cost, from the earner.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await useSession(ownerPage, owner);
  await ownerPage.goto('/history/theirs');
  await expectSignedIn(ownerPage);
  const theirs = ownerPage
    .getByRole('listitem')
    .filter({ hasText: `${earner.first} ${earner.last} viewed your IMDb page` });
  await expect(theirs).toBeVisible();
  await expect(theirs.getByLabel(`-${listing.points} points`)).toBeVisible();
  await ownerContext.close();
});
