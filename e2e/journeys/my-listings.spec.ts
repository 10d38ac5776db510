import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { API, buyPremium, createMember, type Member } from '../support/members.js';
import { moveServerClock, shootBothWidths } from '../support/earn.js';
import { expectNoSeriousA11yViolations, expectSignedIn, screenshot, useSession } from '../support/ui.js';

/** The spec's words (spec 2 §5, §8). */
const TEXT = {
  added: 'Your listing was added successfully! You can now adjust settings by selecting it from your list.',
  freeOnePerType:
    'You already have a listing of the same type, and Free Members can only have one listing of each type...',
  pointNow: 'Your Point Setting has been updated!',
  pointLater: 'Your Point Setting will be updated 5 minutes from now!',
  rateLimit: 'Your Rate Limit has been updated!',
  distribution: 'Your Rate Limit Distribution has been updated!',
  proViewsNeedPaid:
    'You need to be a Premium or Pro Member in order to request Views be sent to your IMDb Pro Page.',
  updated: 'Your Listing has been updated.',
  deleted: 'Your Listing has been deleted.',
  paused: 'Your Sponsored Activity has been paused!',
  unpaused: 'Your Sponsored Activity has been unpaused!',
} as const;

// The journeys move the server's clock 5 minutes, so they run after the others (playwright.config.ts
// DAY_JUMPS), one at a time; each takes its screenshots with axe at two widths.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const panel = (page: Page) => page.getByRole('region', { name: 'My Listings', exact: true });
const rows = (page: Page) => panel(page).getByRole('list', { name: 'Your listings' }).getByRole('listitem');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).last();

/** Opens a listing's modal from its row in the panel. */
async function openListing(page: Page, name: string): Promise<Locator> {
  await row(page, name).getByRole('button').click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function closeDialog(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Chooses a value in a setting of the listing's modal and saves it. */
async function saveSetting(dialog: Locator, label: string, option: string | RegExp) {
  const choice = dialog.getByLabel(label, { exact: true });
  const value = await choice.locator('option').filter({ hasText: option }).first().getAttribute('value');
  await choice.selectOption(value ?? '');
  await dialog.getByRole('button', { name: `Save ${label}` }).click();
}

/** Screenshots at 390 and 1280 px with the panel in view at each width, and axe at each. */
async function shootPanel(page: Page, name: string) {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await panel(page).scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${width}`);
    await expectNoSeriousA11yViolations(page, `${name} at ${width} px`);
  }
}

/** Whether another member is offered this listing now (D4), asked the way the profile earn list asks. */
async function offeredTo(request: APIRequestContext, other: Member, ownerId: number, listingId: number) {
  const res = await request.post(`${API}/earnPoints/fetchListings`, {
    headers: { authorization: `Bearer ${other.token}` },
    data: { listingType: 'user', user_id: ownerId, maxItems: 10 },
  });
  const { listings } = (await res.json()) as {
    listings: { id: number; points: number; sponsored: boolean }[];
  };
  return listings.find((l) => l.id === listingId) ?? null;
}

/** The member's own listings, by name, as the server has them. */
async function myListingIds(request: APIRequestContext, me: Member) {
  const res = await request.get(`${API}/myListings/fetchMyListings`, {
    headers: { authorization: `Bearer ${me.token}` },
  });
  const { listings } = (await res.json()) as { listings: { id: number; name: string }[] };
  return Object.fromEntries(listings.map((l) => [l.name, l.id]));
}

/** Pages of the simulated internet (D9.2), found from its index as a member would browse it. */
async function simulatedPages(page: Page) {
  const sim = await page.context().newPage();
  await sim.goto('/sim');
  const firstLink = async (section: string, filter?: RegExp) => {
    const links = sim.locator(`h2:has-text("${section}") + ul a`);
    const link = filter ? links.filter({ hasText: filter }).first() : links.first();
    return { href: (await link.getAttribute('href')) ?? '', text: ((await link.textContent()) ?? '').trim() };
  };
  const imdb = await firstLink('IMDb pages');
  const x = await firstLink('X profiles and Facebook pages', /\(X\)$/);
  const video = await firstLink('Videos');
  // Each is a real page of the simulated site: the member copies its address from there.
  const addressOf = async (href: string) => {
    await sim.goto(href);
    return sim.url();
  };
  const pages = {
    imdb: { url: await addressOf(imdb.href), name: imdb.text },
    x: { url: await addressOf(x.href), name: x.text.replace(/ \(X\)$/, '') },
    video: { url: await addressOf(video.href), name: video.text },
  };
  await sim.close();
  return pages;
}

test('a free member adds a listing of each type and changes its settings', async ({ page, request }) => {
  const me = await createMember(request, 'lister');
  const other = await createMember(request, 'earner');
  const sim = await simulatedPages(page);

  await useSession(page, me);
  await page.clock.install();
  await page.goto('/dashboard/imdb');
  await expectSignedIn(page);
  await expect(panel(page)).toContainText('You have no listings yet.');

  // Add an IMDb View: the Add button shows past 5 characters, Enter adds, 18 points to start.
  await panel(page).getByRole('button', { name: 'Add Listing' }).click();
  const add = page.getByRole('dialog', { name: 'Add Listing' });
  await expect(add.getByRole('radio', { name: 'IMDb View' })).toBeChecked();
  const address = add.getByLabel('Address of the page');
  await address.fill('imdb.');
  await expect(add.getByRole('button', { name: 'Add Listing' })).toHaveCount(0);
  await address.fill(sim.imdb.url);
  await expect(add.getByRole('button', { name: 'Add Listing' })).toBeVisible();
  await expect(add.getByLabel('Points per action')).toHaveValue('18');
  await expect(add.getByLabel('Points per action').locator('option')).toHaveText([
    '0 (not offered)',
    '18 points',
  ]);
  await address.press('Enter');
  await expect(toast(page, TEXT.added)).toBeVisible();
  await expect(add).toBeHidden();
  await expect(row(page, sim.imdb.name)).toContainText('18 points');
  await expect(row(page, sim.imdb.name)).toContainText('Active');

  // A free member has one listing of each type: told at once, with the ways to have more.
  await panel(page).getByRole('button', { name: 'Add Listing' }).click();
  const limit = add.getByRole('alert');
  await expect(limit).toContainText(TEXT.freeOnePerType);
  await expect(limit.getByRole('link', { name: 'Upgrade your membership' })).toHaveAttribute(
    'href',
    '/membership',
  );
  await expect(limit.getByRole('link', { name: 'refer a friend' })).toHaveAttribute('href', '/referrals');
  await shootBothWidths(page, 'my-listings-add-free-limit');

  // A Twitter Follow, and a YouTube View after a wrong address is refused inline.
  await add.getByRole('radio', { name: 'Twitter Follow' }).check();
  await expect(limit).toHaveCount(0);
  await address.fill(sim.x.url);
  await address.press('Enter');
  await expect(toast(page, TEXT.added)).toBeVisible();
  await panel(page).getByRole('button', { name: 'Add Listing' }).click();
  await add.getByRole('radio', { name: 'YouTube View' }).check();
  await address.fill('https://www.youtube.com/@somechannel');
  await add.getByRole('button', { name: 'Add Listing' }).click();
  await expect(add.getByRole('alert')).toContainText('Please paste the address of a YouTube video');
  await address.fill(sim.video.url);
  await add.getByLabel('Points per action').selectOption('20');
  await add.getByRole('button', { name: 'Add Listing' }).click();
  await expect(toast(page, TEXT.added)).toBeVisible();
  await expect(rows(page)).toHaveCount(3);
  await expect(row(page, sim.video.name)).toContainText('20 points');

  const ids = await myListingIds(request, me);
  const imdbId = ids[sim.imdb.name] as number;
  expect(await offeredTo(request, other, me.id, imdbId)).toMatchObject({ points: 18 });

  // The IMDb listing's modal: a change from 18 waits 5 minutes, hidden from others meanwhile.
  const dialog = await openListing(page, sim.imdb.name);
  await expect(dialog.getByRole('link', { name: 'View History' })).toHaveAttribute(
    'href',
    `/history/${imdbId}`,
  );
  await expect(dialog.getByRole('button', { name: 'Delete Listing' })).toHaveCount(0);
  await expect(dialog.getByLabel('Distribution', { exact: true })).toBeDisabled();
  await saveSetting(dialog, 'Point Setting', '0 (not offered)');
  await expect(toast(page, TEXT.pointLater)).toBeVisible();
  await expect(dialog.getByRole('status')).toContainText('Changing to 0 in 300 seconds');
  expect(await offeredTo(request, other, me.id, imdbId)).toBeNull();
  await shootBothWidths(page, 'my-listings-modal-changing');
  // A minute on the page's clock (real seconds pass too, while the screenshots are taken).
  await page.clock.runFor(60_000);
  await expect(dialog.getByRole('status')).toContainText(/Changing to 0 in (2[0-3]\d|240) seconds/);
  await moveServerClock(request, 300_000);
  await page.clock.runFor(240_000);
  await expect(dialog.getByText(/Changing to/)).toHaveCount(0);
  await expect(row(page, sim.imdb.name)).toContainText('Off (0 points)');

  // From 0 the change is immediate, and the listing is offered again.
  await saveSetting(dialog, 'Point Setting', '18 points');
  await expect(toast(page, TEXT.pointNow)).toBeVisible();
  await expect(dialog.getByText(/Changing to/)).toHaveCount(0);
  expect(await offeredTo(request, other, me.id, imdbId)).toMatchObject({ points: 18 });

  // Rate limit (free: off or automatic), then the distribution it allows.
  const rateOptions = dialog.getByLabel('Rate Limit', { exact: true }).locator('option');
  await expect(rateOptions).toHaveText(['Off', /^Automatic \(\d+ a day\)$/]);
  await saveSetting(dialog, 'Rate Limit', /^Automatic/);
  await expect(toast(page, TEXT.rateLimit)).toBeVisible();
  await expect(dialog.getByLabel('Distribution', { exact: true })).toBeEnabled();
  await saveSetting(dialog, 'Distribution', '3 × a day: 12am, 8am, 4pm');
  await expect(toast(page, TEXT.distribution)).toBeVisible();

  // Pro views need Premium or Pro.
  const proViews = dialog.getByRole('switch', { name: 'Send views to my IMDbPro page' });
  await proViews.click();
  await expect(toast(page, TEXT.proViewsNeedPaid)).toBeVisible();
  await expect(proViews).not.toBeChecked();

  // Update reads the page again: Update, Updating..., Updated!
  await dialog.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(toast(page, TEXT.updated)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Updated!' })).toBeVisible();
  await closeDialog(dialog);
  await shootPanel(page, 'my-listings-dashboard');
});

/** Adds a listing through the API, as the Add Listing modal does (its journey is the one above). */
async function addThroughApi(request: APIRequestContext, me: Member, type: string, url: string) {
  const res = await request.post(`${API}/myListings/addListing/${type}`, {
    headers: { authorization: `Bearer ${me.token}` },
    data: { url, pointSetting: 18 },
  });
  const body = (await res.json()) as { status: string; message: string; listing: { id: number } };
  expect(body.status, body.message).toBe('success');
  return body.listing.id;
}

test('a premium member asks for pro views, pauses sponsored activity and deletes a listing', async ({
  page,
  request,
}) => {
  const me = await createMember(request, 'sponsor');
  const other = await createMember(request, 'earner');
  const sim = await simulatedPages(page);
  const imdbId = await addThroughApi(request, me, 'imdb-view', sim.imdb.url);
  const videoId = await addThroughApi(request, me, 'youtube-view', sim.video.url);
  await useSession(page, me);
  await buyPremium(page, request, me);
  await page.goto('/dashboard/imdb');
  await expectSignedIn(page);

  const dialog = await openListing(page, sim.imdb.name);
  await dialog.getByRole('switch', { name: 'Send views to my IMDbPro page' }).check();
  await expect(toast(page, 'Pro views are on for this listing.')).toBeVisible();
  await expect(row(page, sim.imdb.name)).toContainText('Pro views');
  // Premium members choose from every rate limit.
  await expect(dialog.getByLabel('Rate Limit', { exact: true }).locator('option')).toHaveCount(21);
  await saveSetting(dialog, 'Rate Limit', '35 a day');
  await expect(toast(page, TEXT.rateLimit)).toBeVisible();
  await saveSetting(dialog, 'Rate Limit', 'Off');
  await expect(toast(page, TEXT.rateLimit)).toBeVisible();
  await expect(dialog.getByLabel('Distribution', { exact: true })).toBeDisabled();

  // Sponsored activity bought for the listing, offered first; paused, it is not sponsored any more.
  await dialog.getByRole('button', { name: /^Pay \$\d+\.\d\d with Card$/ }).click();
  await page.getByRole('button', { name: /^Pay \$\d+\.\d\d/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/imdb/);
  await expect(row(page, sim.imdb.name)).toContainText('Sponsored');
  expect(await offeredTo(request, other, me.id, imdbId)).toMatchObject({ sponsored: true });
  // Back from the checkout, the listing's modal is open again.
  const again = page.getByRole('dialog', { name: sim.imdb.name });
  await expect(again).toBeVisible();
  await again.getByRole('button', { name: 'Pause Sponsored Activity' }).click();
  await expect(toast(page, TEXT.paused)).toBeVisible();
  await expect(again.getByRole('button', { name: 'Unpause Sponsored Activity' })).toBeVisible();
  expect(await offeredTo(request, other, me.id, imdbId)).toMatchObject({ sponsored: false });
  await again.getByRole('button', { name: 'Unpause Sponsored Activity' }).click();
  await expect(toast(page, TEXT.unpaused)).toBeVisible();
  await shootBothWidths(page, 'my-listings-modal');
  await closeDialog(again);

  // Delete the video, after a confirmation: it leaves the list and is offered to nobody.
  expect(await offeredTo(request, other, me.id, videoId)).not.toBeNull();
  const video = await openListing(page, sim.video.name);
  await video.getByRole('button', { name: 'Delete Listing' }).click();
  await video.getByRole('button', { name: 'Keep it' }).click();
  await video.getByRole('button', { name: 'Delete Listing' }).click();
  await video.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(toast(page, TEXT.deleted)).toBeVisible();
  await expect(video).toBeHidden();
  await expect(rows(page)).toHaveCount(1);
  expect(await offeredTo(request, other, me.id, videoId)).toBeNull();

  await shootPanel(page, 'my-listings-dashboard-premium');
});
