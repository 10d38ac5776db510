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

test('a member links their X account, follows on the simulated X and is credited', async ({
  page,
  request,
}) => {
  const me = await createMember(request, 'xfollow');
  await useSession(page, me);
  await page.goto('/dashboard/twitter');
  await expect(earnCard(page).getByRole('heading', { name: 'Link your Twitter account' })).toBeVisible();
  await shootBothWidths(page, 'earn-x-authorise');

  await linkXAccount(page, `fan_${me.id}`);
  const card = listingCards(page).first();
  await expect(card).toBeVisible();
  const before = await balanceOf(page);
  const points = Number(/\+(\d+) points/.exec((await card.textContent()) ?? '')?.[1]);
  await shootBothWidths(page, 'earn-x-listings');

  const popupOpened = page.waitForEvent('popup');
  await card.getByRole('button', { name: /^Start/ }).click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(/\/sim\/x\//);
  await popup.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(popup.getByRole('button', { name: /Following|Unfollow/ })).toBeVisible();
  await popup.close();

  const confirm = card.getByRole('button', { name: 'Confirm Follow' });
  await expect(confirm).toBeVisible();
  await shootBothWidths(page, 'earn-x-confirm');
  await moveServerClock(request, 4_000);
  await confirm.click();
  await expect(page.getByText(EARN_TEXT.earned(points))).toBeVisible();
  await expectBalance(page, before + points);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
