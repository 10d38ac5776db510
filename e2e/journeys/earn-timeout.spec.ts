import { expect, test } from '@playwright/test';
import { createMember } from '../support/members.js';
import { EARN_TEXT, earnCard, listingCards, shootBothWidths } from '../support/earn.js';
import { useSession } from '../support/ui.js';

test('listings time out after 30 s of inactivity, warn first, and come back with Reload', async ({
  page,
  request,
}) => {
  const me = await createMember(request, 'timeout');
  await useSession(page, me);
  await page.clock.install();
  await page.goto('/dashboard/imdb');
  const card = earnCard(page);
  await expect(listingCards(page).first()).toBeVisible();
  await expect(card.getByText(/^0:[23]\d$/)).toBeVisible();

  // Hide: the card fades, the notice shows, and the list comes back without it a second later.
  const count = await listingCards(page).count();
  const hidden = listingCards(page).last();
  // Members may list pages of the same name: a card is known by its name and the line under it.
  const hiddenName = ((await hidden.getByRole('heading').textContent()) ?? '').trim();
  const hiddenOwner = ((await hidden.getByRole('paragraph').first().textContent()) ?? '').trim();
  await hidden.getByRole('button', { name: /^Hide/ }).click();
  await expect(page.getByText(EARN_TEXT.hideSuccess)).toBeVisible();
  await expect(hidden).toHaveClass(/mq-listing--hidden/);
  await page.clock.runFor(1_100);
  await expect(
    listingCards(page).filter({ hasText: hiddenName }).filter({ hasText: hiddenOwner }),
  ).toHaveCount(0);
  expect(await listingCards(page).count()).toBeLessThanOrEqual(count);

  await page.clock.runFor(20_000);
  await expect(card.getByText('Still there?', { exact: true })).toBeVisible();
  await shootBothWidths(page, 'earn-timeout-warning');

  await page.clock.runFor(10_000);
  await expect(card.getByRole('heading', { name: 'These listings timed out' })).toBeVisible();
  await expect(listingCards(page)).toHaveCount(0);
  await shootBothWidths(page, 'earn-timeout-reload');

  await card.getByRole('button', { name: 'Reload' }).click();
  await expect(listingCards(page).first()).toBeVisible();
  await expect(card.getByText(/^0:[23]\d$/)).toBeVisible();

  // Once a card is started the list waits 180 s instead of 30.
  const popupOpened = page.waitForEvent('popup');
  await listingCards(page)
    .first()
    .getByRole('button', { name: /^Start/ })
    .click();
  await (await popupOpened).close();
  await expect(card.getByText('Finish within')).toBeVisible();
  await page.clock.runFor(60_000);
  await expect(listingCards(page).first().getByRole('textbox')).toBeVisible();
  await page.clock.runFor(121_000);
  await expect(card.getByRole('button', { name: 'Reload' })).toBeVisible();
});
