import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createMember } from '../support/members.js';
import {
  balanceOf,
  EARN_TEXT,
  expectBalance,
  moveServerClock,
  readImdbAnswer,
  shootBothWidths,
} from '../support/earn.js';
import { expectSignedIn, useSession } from '../support/ui.js';

/**
 * Offline (PLATFORM_MODE=simulated) a member lists an IMDb page the simulated catalogue never held:
 * the simulated internet makes its page from the address (rule P1), and another member earns on it
 * by reading that page.
 */

const ADDED =
  'Your listing was added successfully! You can now adjust settings by selecting it from your list.';
const BAD_IMDB_ADDRESS =
  'Please paste the address of an IMDb name or title page, like https://www.imdb.com/name/nm0000001/.';
const GENERATED = 'This page is not in the simulated catalogue, so it was made up from its address';

const panel = (page: Page) => page.getByRole('region', { name: 'My Listings', exact: true });
const rows = (page: Page) => panel(page).getByRole('list', { name: 'Your listings' }).getByRole('listitem');

test('a member adds an IMDb page outside the catalogue, and another member earns on it', async ({
  page,
  browser,
  request,
}) => {
  const owner = await createMember(request, 'ownpage');
  const earner = await createMember(request, 'earner');
  const code = `nm${randomInt(10_000_000, 99_999_999)}`;
  const address = `https://www.imdb.com/name/${code}/`;

  await useSession(page, owner);
  await page.goto('/dashboard/imdb');
  await expectSignedIn(page);
  await panel(page).getByRole('button', { name: 'Add Listing' }).click();
  const add = page.getByRole('dialog', { name: 'Add Listing' });
  const field = add.getByLabel('Address of the page');

  // An id no IMDb page could have (six digits): the message shows what a good address looks like.
  await field.fill('https://www.imdb.com/name/nm123456/');
  await add.getByRole('button', { name: 'Add Listing' }).click();
  await expect(add.getByRole('alert')).toHaveText(BAD_IMDB_ADDRESS);
  await shootBothWidths(page, 'add-listing-offline-bad-address');

  await field.fill(address);
  await add.getByRole('button', { name: 'Add Listing' }).click();
  await expect(page.getByRole('alert').filter({ hasText: ADDED }).last()).toBeVisible();
  await expect(add).toBeHidden();

  // The page the listing points at: made up from its address, and saying so.
  const sim = await page.context().newPage();
  await sim.goto(`/sim/imdb/name/${code}/`);
  await expect(sim.getByRole('note').filter({ hasText: GENERATED })).toBeVisible();
  const name = ((await sim.getByTestId('hero__primary-text').textContent()) ?? '').trim();
  expect(name).toMatch(/^\S+ \S+$/);
  await shootBothWidths(sim, 'add-listing-offline-simulated-page');
  await sim.reload();
  await expect(sim.getByTestId('hero__primary-text')).toHaveText(name);
  await sim.close();

  // My Listings shows it, active at the 18 points a new IMDb listing starts at.
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(name);
  await expect(rows(page).first()).toContainText('18 points');
  await expect(rows(page).first()).toContainText('Active');
  await panel(page).scrollIntoViewIfNeeded();
  await shootBothWidths(page, 'add-listing-offline-my-listings');

  // Another member earns on it from the owner's profile: Start, read the page, answer.
  const earnerContext = await browser.newContext();
  const earnerPage = await earnerContext.newPage();
  await useSession(earnerPage, earner);
  await earnerPage.goto(`/profile/${owner.id}`);
  await expectSignedIn(earnerPage);
  const card = earnerPage
    .getByRole('list', { name: 'Listings to act on' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(card).toBeVisible();
  const before = await balanceOf(earnerPage);
  const popupOpened = earnerPage.waitForEvent('popup');
  await card.getByRole('button', { name: /^Start/ }).click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(new RegExp(`/sim/imdb/name/${code}/`));
  const question = ((await card.locator('label').textContent()) ?? '').trim();
  const answer = await readImdbAnswer(popup, question);
  expect(answer).toMatch(/^\d+$/);
  await popup.close();
  await card.getByRole('textbox').fill(answer);
  // The server refuses answers sooner than 5 s after Start (D11.1): move its clock, not ours.
  await moveServerClock(request, 6_000);
  await card.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(earnerPage.getByText(EARN_TEXT.correctAnswer)).toBeVisible();
  // The owner's 18 points, in the earner's balance.
  await expectBalance(earnerPage, before + 18);
  await shootBothWidths(earnerPage, 'add-listing-offline-earned');
  await earnerContext.close();
});
