import { expect, test } from '@playwright/test';
import { createMember } from '../support/members.js';
import {
  balanceOf,
  EARN_TEXT,
  expectBalance,
  listingCards,
  moveServerClock,
  shootBothWidths,
} from '../support/earn.js';
import { useSession } from '../support/ui.js';

test('a YouTube view is credited after 30 seconds of play', async ({ page, request }) => {
  const me = await createMember(request, 'video');
  await useSession(page, me);
  await page.clock.install();
  await page.goto('/dashboard/youtube');

  const card = listingCards(page).first();
  await expect(card).toBeVisible();
  const before = await balanceOf(page);
  const points = Number(/\+(\d+) points/.exec((await card.textContent()) ?? '')?.[1]);
  await card.getByRole('button', { name: /^Start/ }).click();
  // The server counts the 30 s from Start (D5.5), the page counts play: move the server's clock now,
  // so that only the play in the page decides when the view is credited.
  await moveServerClock(request, 31_000);

  const player = page.getByRole('dialog');
  await expect(player).toBeVisible();
  const video = page.frameLocator('iframe[title^="Video player"]');
  await video.getByRole('button', { name: 'Play' }).click();
  await page.clock.runFor(5_000);
  await expect(player.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow', '0');
  // Paused while the screenshots are taken, so that real time does not count as play.
  await video.getByRole('button', { name: 'Pause' }).click();
  await expect(player).toContainText('Paused');
  await shootBothWidths(page, 'earn-youtube-playing');

  await video.getByRole('button', { name: 'Play' }).click();
  await page.clock.runFor(26_000);
  await expect(page.getByText(EARN_TEXT.earned(points))).toBeVisible();
  await expect(player).toBeHidden();
  await expectBalance(page, before + points);
});
