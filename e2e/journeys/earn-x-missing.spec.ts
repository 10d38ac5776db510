import { expect, test } from '@playwright/test';
import { createMember } from '../support/members.js';
import {
  balanceOf,
  EARN_TEXT,
  earnCard,
  expectBalance,
  linkXAccount,
  listingCards,
  moveServerClock,
  shootBothWidths,
} from '../support/earn.js';
import { useSession } from '../support/ui.js';

test('a follow that was not clicked goes to the missing actions, and Reverse gives the points back', async ({
  page,
  request,
}) => {
  const me = await createMember(request, 'xmiss');
  await useSession(page, me);
  await page.goto('/dashboard/twitter');
  await linkXAccount(page, `skip_${me.id}`);

  const card = listingCards(page).first();
  await expect(card).toBeVisible();
  const before = await balanceOf(page);
  const listingName = ((await card.getByRole('heading').textContent()) ?? '').trim();
  const points = Number(/\+(\d+) points/.exec((await card.textContent()) ?? '')?.[1]);

  const popupOpened = page.waitForEvent('popup');
  await card.getByRole('button', { name: /^Start/ }).click();
  // The member closes the X page without pressing Follow.
  await (await popupOpened).close();
  await moveServerClock(request, 4_000);
  await card.getByRole('button', { name: 'Confirm Follow' }).click();

  const helper = page.getByRole('dialog');
  await expect(helper).toBeVisible();
  await expect(helper).toContainText(/signed in to Twitter/);
  // The helper alone speaks: no "You earned" toast beside it.
  await expect(page.getByText(EARN_TEXT.earned(points))).toHaveCount(0);
  await expectBalance(page, before + points);
  await shootBothWidths(page, 'earn-x-helper');
  await helper.getByRole('button', { name: 'Show my missing actions' }).click();
  await expect(helper).toBeHidden();

  const missing = earnCard(page).getByRole('region', { name: /missing/ });
  await expect(missing).toBeVisible();
  const item = missing.getByRole('listitem', { name: listingName });
  await expect(item).toBeVisible();
  await shootBothWidths(page, 'earn-x-missing');

  await item.getByRole('button', { name: /^Reverse/ }).click();
  // Reverse asks first (a confirmation dialog).
  await page
    .getByRole('dialog', { name: `Give back the ${points} points?` })
    .getByRole('button', { name: 'Reverse', exact: true })
    .click();
  await expectBalance(page, before);
  await expect(missing).toBeHidden();
});
