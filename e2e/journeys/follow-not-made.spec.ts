import { expect, test, type Page } from '@playwright/test';
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

/** The dashboard's Recent History card. */
const recentHistory = (page: Page) => page.getByRole('region', { name: 'Recent History' });

test('a follow that was never made says one thing, Reverse asks first, and Recent History keeps up', async ({
  page,
  request,
}) => {
  const me = await createMember(request, 'nofollow');
  await useSession(page, me);
  await page.goto('/dashboard/twitter');
  await linkXAccount(page, `skip_${me.id}`);
  await expect(recentHistory(page)).toContainText('You do not have any recent History');

  const card = listingCards(page).first();
  await expect(card).toBeVisible();
  const before = await balanceOf(page);
  const points = Number(/\+(\d+) points/.exec((await card.textContent()) ?? '')?.[1]);
  const listingName = ((await card.getByRole('heading').textContent()) ?? '').trim();

  const popupOpened = page.waitForEvent('popup');
  await card.getByRole('button', { name: /^Start/ }).click();
  // The member closes the X page without pressing Follow.
  await (await popupOpened).close();
  await moveServerClock(request, 4_000);
  await card.getByRole('button', { name: 'Confirm Follow' }).click();

  // One clear thing: the helper says the follow is not there; no "You earned" beside it.
  const helper = page.getByRole('dialog', { name: /We could not see that follow/ });
  await expect(helper).toBeVisible();
  await expect(page.getByText(EARN_TEXT.earned(points))).toHaveCount(0);
  // The points are held on the missing-actions list, and the Recent History card shows them at once.
  await expectBalance(page, before + points);
  await expect(recentHistory(page).getByRole('listitem').first()).toContainText('You followed');
  await expect(recentHistory(page).getByRole('listitem').first()).toContainText(`+${points}`);
  await shootBothWidths(page, 'follow-not-made-helper');
  await helper.getByRole('button', { name: 'Show my missing actions' }).click();
  await expect(helper).toBeHidden();

  const missing = earnCard(page).getByRole('region', { name: /missing/ });
  const item = missing.getByRole('listitem', { name: listingName });
  await expect(item).toBeVisible();

  // Reverse asks first; Cancel changes nothing.
  await item.getByRole('button', { name: /^Reverse/ }).click();
  const confirm = page.getByRole('dialog', { name: `Give back the ${points} points?` });
  await expect(confirm).toBeVisible();
  await shootBothWidths(page, 'follow-not-made-reverse-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expectBalance(page, before + points);
  await expect(item).toBeVisible();

  await item.getByRole('button', { name: /^Reverse/ }).click();
  await confirm.getByRole('button', { name: 'Reverse', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expectBalance(page, before);
  await expect(missing).toBeHidden();

  // The row no longer says +points: the reversal moved them back.
  const row = recentHistory(page).getByRole('listitem').first();
  await expect(row).toContainText('Reversed');
  await expect(row.getByLabel(/points/)).toHaveText('0');

  await page.goto('/history');
  const historyRow = page.getByRole('listitem').filter({ hasText: listingName }).first();
  await expect(historyRow).toContainText('Reversed');
  await expect(historyRow.getByRole('button', { name: /Verify|Check again/ })).toHaveCount(0);
  await shootBothWidths(page, 'follow-not-made-history');
});
