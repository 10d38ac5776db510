import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { API, createMember, DEMO_PASSWORD, signInThroughApi, type Member } from '../support/members.js';
import {
  EARN_TEXT,
  expectBalance,
  listingCards,
  moveServerClock,
  readImdbAnswer,
  serverNow,
  shootBothWidths,
} from '../support/earn.js';
import { expectNoSeriousA11yViolations, expectSignedIn, screenshot, useSession } from '../support/ui.js';

/** An IMDb page of the demo catalogue (D9.2), which any member may list as their own. */
const IMDB_PAGE = 'https://www.imdb.com/name/nm9100000/';
/** A video of the demo catalogue. */
const VIDEO_PAGE = 'https://www.youtube.com/watch?v=mqReel00001';
const TEST_NOTE = 'This is a test payment. No card is charged and no money moves.';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Adds a listing through the API, as the Add Listing form does; answers the listing. */
async function addListing(
  request: APIRequestContext,
  member: Member,
  type: 'imdb-view' | 'youtube-view',
  url: string,
): Promise<{ id: number; name: string }> {
  const response = await request.post(`${API}/myListings/addListing/${type}`, {
    headers: bearer(member.token),
    data: { url, pointSetting: 18 },
  });
  const body = (await response.json()) as {
    status: string;
    message?: string;
    listing: { id: number; name: string };
  };
  expect(body.status, `add ${url}: ${body.message ?? ''}`).toBe('success');
  return body.listing;
}

/** Opens a listing's detail modal from the dashboard's My Listings panel. */
async function openListing(page: Page, name: string): Promise<Locator> {
  const panel = page.getByRole('region', { name: 'My Listings', exact: true });
  await panel.getByRole('button', { name: new RegExp(name) }).click();
  const modal = page.getByRole('dialog', { name });
  await expect(modal).toBeVisible();
  return modal;
}

/** Screenshots at 390 and 1280 px with the section scrolled into view (it sits low in the modal), axe at each. */
async function shootSection(page: Page, section: Locator, name: string): Promise<void> {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await section.getByRole('group').scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${width}`);
    await expectNoSeriousA11yViolations(page, `${name} at ${width} px`);
  }
}

const sponsoredSection = (modal: Locator) => modal.getByRole('region', { name: 'Sponsored Activity' });
const sponsoredCount = (section: Locator, label: 'Bought' | 'Used') =>
  section.locator('.mq-sponsor__count', { has: section.page().getByRole('term').filter({ hasText: label }) });

test('a member buys 250 sponsored IMDb views; another member is offered the listing first and earns on it', async ({
  page,
  browser,
  request,
}) => {
  const owner = await createMember(request, 'sponsor');
  const listing = await addListing(request, owner, 'imdb-view', IMDB_PAGE);

  await useSession(page, owner);
  await page.goto('/dashboard/imdb');
  await expectSignedIn(page);
  let modal = await openListing(page, listing.name);
  let section = sponsoredSection(modal);
  await expect(sponsoredCount(section, 'Bought')).toContainText('0');
  await expect(sponsoredCount(section, 'Used')).toContainText('0');
  // Spec 2 §9: 250 IMDb views at the current price, the default.
  const pack = section.getByRole('radio', { name: '250 views $12.00' });
  await expect(pack).toBeChecked();
  await expect(section).toContainText('Total $12.00 for 250 sponsored views');
  await shootSection(page, section, 'sponsored-purchase-form');

  await section.getByRole('button', { name: 'Pay $12.00 with Card' }).click();
  await expect(page).toHaveURL(/\/v4\/checkout\/test\//);
  await expect(page.getByRole('note')).toHaveText(TEST_NOTE);
  await expect(page.getByRole('definition').first()).toHaveText(
    `250 sponsored IMDb views for "${listing.name}"`,
  );
  await page.getByRole('button', { name: /^Pay \$12\.00/ }).click();

  // Back on the dashboard, the listing's modal opens by itself, with its 250 sponsored views.
  await expect(page).toHaveURL(new RegExp(`/v4/dashboard/imdb(\\?sponsored=${listing.id})?$`));
  await expectSignedIn(page);
  modal = page.getByRole('dialog', { name: listing.name });
  await expect(modal).toBeVisible();
  await expect(page).toHaveURL(/\/v4\/dashboard\/imdb$/);
  // The member is told what was bought (docs/domain.md Payments).
  await expect(
    page.getByText(`Thank you! You bought 250 sponsored IMDb views for “${listing.name}”.`, { exact: false }),
  ).toBeVisible();
  section = sponsoredSection(modal);
  await expect(sponsoredCount(section, 'Bought')).toContainText('250');
  await expect(section).toContainText('250 left');
  await expect(section.getByRole('button', { name: 'Pause Sponsored Activity' })).toBeVisible();
  await shootSection(page, section, 'sponsored-purchase-bought');

  // Another member is offered it first (D4 order: sponsored first) and earns on it; the house pays (D6.4).
  const earner = await createMember(request, 'earner');
  const context = await browser.newContext();
  const earnerPage = await context.newPage();
  await useSession(earnerPage, earner);
  await earnerPage.goto('/dashboard/imdb');
  await expectSignedIn(earnerPage);
  const cards = listingCards(earnerPage);
  // Another journey may list the same page: this owner's card says who listed it.
  const card = cards
    .filter({ hasText: listing.name })
    .filter({ hasText: `listed by ${owner.first} ${owner.last}` });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Sponsored', { exact: true })).toBeVisible();
  await expect(card).toContainText('+18 points');
  // Sponsored first: whatever comes before it is sponsored too (another journey's, if any).
  const names = await cards.allTextContents();
  const at = names.findIndex(
    (text) => text.includes(listing.name) && text.includes(`listed by ${owner.first} ${owner.last}`),
  );
  for (let i = 0; i < at; i++)
    await expect(cards.nth(i).getByText('Sponsored', { exact: true })).toBeVisible();
  const popupOpened = earnerPage.waitForEvent('popup');
  await card.getByRole('button', { name: /^Start/ }).click();
  const popup = await popupOpened;
  const question = ((await card.locator('label').textContent()) ?? '').trim();
  const answer = await readImdbAnswer(popup, question);
  await popup.close();
  await card.getByRole('textbox').fill(answer);
  await moveServerClock(request, 6_000);
  await card.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(earnerPage.getByText(EARN_TEXT.correctAnswer)).toBeVisible();
  await expectBalance(earnerPage, 100 + 18);
  // The earner's History shows the view and the points.
  await earnerPage.goto('/history/mine');
  await expectSignedIn(earnerPage);
  const mine = earnerPage
    .getByRole('listitem')
    .filter({ hasText: `You viewed ${owner.first} ${owner.last}'s IMDb page` });
  await expect(mine.getByLabel('+18 points')).toBeVisible();
  await context.close();

  // The owner sees one used, and still has all of their own points.
  await page.reload();
  await expectSignedIn(page);
  await expectBalance(page, 100);
  modal = await openListing(page, listing.name);
  section = sponsoredSection(modal);
  await expect(sponsoredCount(section, 'Used')).toContainText('1');
  await expect(section).toContainText('249 left');

  // The listing's own History shows the view, paid by the house: it cost the owner nothing.
  await modal.getByRole('link', { name: 'View History' }).click();
  await expect(page).toHaveURL(new RegExp(`/history/${listing.id}$`));
  const theirs = page
    .getByRole('listitem')
    .filter({ hasText: `${earner.first} ${earner.last} viewed your IMDb page (a sponsored action)` });
  await expect(theirs.getByLabel('0 points')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the listing history');
});

test('the sponsor special banner shows the member’s listings it covers and hides for this login', async ({
  page,
  request,
}) => {
  const admin = await signInThroughApi(request, 'admin', DEMO_PASSWORD);
  const staff = { headers: bearer(admin.token) };
  // One special at a time: end any left by an earlier run.
  await request.post(`${API}/admin/sponsored/endSpecial`, { ...staff, data: {} });
  const started = await request.post(`${API}/admin/sponsored/startSpecial`, {
    ...staff,
    data: {
      cta: 'Spring reel special: more views for less',
      types: ['youtube-view'],
      minimum: 500,
      maximum: 1500,
      pricePennies: 1000,
      endsAt: new Date((await serverNow(request)).getTime() + 3 * 24 * 3_600_000).toISOString(),
    },
  });
  const special = (await started.json()) as { status: string; message: string; prettyEnd: string };
  expect(special.status, special.message).toBe('success');
  try {
    const member = await createMember(request, 'special');
    const video = await addListing(request, member, 'youtube-view', VIDEO_PAGE);
    await useSession(page, member);
    await page.goto('/dashboard/imdb');
    await expectSignedIn(page);

    const banner = page.getByRole('region', { name: 'Spring reel special: more views for less' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(
      `Buy 500, 1,000 or 1,500 sponsored YouTube views at $10.00 per 500, until ${special.prettyEnd}.`,
    );
    await expect(banner.getByRole('list', { name: 'For your listings:' })).toContainText(video.name);
    await shootBothWidths(page, 'sponsored-special-banner');

    // The listing's purchase form offers the special's counts, marked.
    const modal = await openListing(page, video.name);
    const section = sponsoredSection(modal);
    await expect(section.getByRole('radio', { name: '100 views $8.00' })).toBeChecked();
    await expect(section.getByRole('radio', { name: '1,000 views $20.00 Special' })).toBeVisible();
    await shootSection(page, section, 'sponsored-purchase-form-special');
    await modal.getByRole('button', { name: 'Close' }).click();

    await banner.getByRole('button', { name: 'Hide the sponsor special' }).click();
    await expect(
      page.getByText("You won't see this notice again during your current session."),
    ).toBeVisible();
    await expect(banner).toBeHidden();
    await page.reload();
    await expectSignedIn(page);
    await expect(page.getByRole('region', { name: 'My Listings', exact: true })).toBeVisible();
    await expect(banner).toBeHidden();
    // Another login of the same member still sees it (hidden per session).
    const other = await signInThroughApi(request, member.username, member.password);
    const fetched = await request.get(`${API}/myListings/fetchSpecials`, { headers: bearer(other.token) });
    expect(((await fetched.json()) as { activeSpecial: string }).activeSpecial).toBe('yes');
  } finally {
    await request.post(`${API}/admin/sponsored/endSpecial`, { ...staff, data: {} });
  }
});
