import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Member } from '../support/members.js';
import { EARN_TEXT, moveServerClock, readImdbAnswer, shootBothWidths } from '../support/earn.js';
import { callAs, EXCHANGE_TEXT, myListing, premiumMember, toast } from '../support/exchange.js';
import { expectSignedIn } from '../support/ui.js';

const available = (page: Page) => page.getByRole('region', { name: 'Available Listings' });
const cards = (page: Page) =>
  available(page).getByRole('list', { name: 'Listings to act on' }).getByRole('listitem');
const thisWeek = (page: Page) => page.getByRole('region', { name: 'This Week' });

/** The member's IMDb person page as a listing of theirs (My Listings' Add Listing, through the API). */
async function addImdbListing(request: APIRequestContext, member: Member): Promise<void> {
  await callAs(request, member, 'myListings/addListing/imdb-view', { url: member.imdb });
}

async function openExchange(page: Page) {
  await page.goto('/exchange/imdb');
  await expectSignedIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'IMDb Views' })).toBeVisible();
}

/** Views `owner`'s page through its card: Start, read the simulated IMDb page, answer after the dwell. */
async function viewThroughCard(page: Page, request: APIRequestContext, ownerPage: string) {
  const card = cards(page).filter({ hasText: ownerPage });
  await expect(card).toBeVisible();
  await expect(card.getByText('View-For-View', { exact: true })).toBeVisible();
  const popupOpened = page.waitForEvent('popup');
  await card.getByRole('button', { name: /^Start/ }).click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(/\/sim\/imdb\//);
  const question = ((await card.locator('label').textContent()) ?? '').trim();
  const answer = await readImdbAnswer(popup, question);
  await popup.close();
  await card.getByRole('textbox').fill(answer);
  // The server refuses answers sooner than 5 s after Start (D11.1): its clock moves, not ours.
  await moveServerClock(request, 6_000);
  await card.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(toast(page, EARN_TEXT.correctAnswer)).toBeVisible();
}

test('EX10-EX12: two members list their IMDb pages and view each other’s; both see 1 completed, 1 received and V4V', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { member: ana, page: anaPage } = await premiumMember(browser, request, 'v4vana');
  const { member: ben, page: benPage } = await premiumMember(browser, request, 'v4vben');
  await addImdbListing(request, ana);
  await addImdbListing(request, ben);
  const nameOf = async (m: Member) =>
    (await callAs<{ myListing: { name: string } }>(request, m, 'exchange/imdb/fetchMyListing', {}, 'GET'))
      .myListing.name;
  const anaName = await nameOf(ana);
  const benName = await nameOf(ben);

  // Off by default (EX10): Ana lists her page with the checkbox.
  await openExchange(anaPage);
  const optIn = myListing(anaPage).getByRole('checkbox', {
    name: 'List my page on the View-For-View exchange',
  });
  await expect(optIn).not.toBeChecked();
  await expect(available(anaPage).getByText('List your page to start swapping')).toBeVisible();
  await expect(thisWeek(anaPage)).toContainText(EXCHANGE_TEXT.noHistory);
  await optIn.click();
  await expect(optIn).toBeChecked();
  await expect(toast(anaPage, 'Your IMDb page is now listed')).toBeVisible();

  // Ben lists his, then views Ana's through the same card as earning.
  await openExchange(benPage);
  const benOptIn = myListing(benPage).getByRole('checkbox', {
    name: 'List my page on the View-For-View exchange',
  });
  await benOptIn.click();
  await expect(benOptIn).toBeChecked();
  await expect(cards(benPage).first()).toBeVisible();
  await shootBothWidths(benPage, 'exchange-imdb');
  await viewThroughCard(benPage, request, anaName);
  await expect(thisWeek(benPage).getByRole('definition').first()).toHaveText('1');

  // Ana sees Ben first, marked as having viewed her, and views him back.
  await openExchange(anaPage);
  const first = cards(anaPage).first();
  await expect(first).toContainText(benName);
  await expect(first.getByText('Viewed you', { exact: true })).toBeVisible();
  await viewThroughCard(anaPage, request, benName);

  for (const page of [anaPage, benPage]) {
    await openExchange(page);
    const week = thisWeek(page);
    await expect(week.getByRole('term')).toHaveText(['Completed', 'Received']);
    await expect(week.getByRole('definition')).toHaveText(['1', '1']);
    await expect(week.getByRole('list', { name: 'Recent View-For-View swaps' }).getByText('V4V')).toHaveCount(
      2,
    );
  }
  await shootBothWidths(anaPage, 'exchange-imdb-this-week');

  // Both histories show the views as V4V (+99 / -99, EX12).
  for (const page of [anaPage, benPage]) {
    await page.goto('/history');
    await expect(page.getByText('V4V', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('V4V', { exact: true })).toHaveCount(2);
  }
});
