import { expect, test } from '@playwright/test';
import { createMember } from '../support/members.js';
import {
  balanceOf,
  EARN_TEXT,
  expectBalance,
  listingCards,
  moveServerClock,
  readImdbAnswer,
  shootBothWidths,
} from '../support/earn.js';
import { signInThroughForm } from '../support/ui.js';

test('a member earns points for an IMDb view: Start, read the number on the page, answer', async ({
  page,
  request,
}) => {
  const me = await createMember(request, 'imdb');
  await signInThroughForm(page, me.username, me.password, { goto: '/dashboard/imdb' });
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'IMDb', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Best times to get IMDb views' })).toBeVisible();

  const card = listingCards(page).first();
  await expect(card).toBeVisible();
  const before = await balanceOf(page);
  const points = Number(/\+(\d+) points/.exec((await card.textContent()) ?? '')?.[1]);
  expect(points, 'the card shows its points').toBeGreaterThan(0);
  await shootBothWidths(page, 'earn-imdb-listings');

  const popupOpened = page.waitForEvent('popup');
  await card.getByRole('button', { name: /^Start/ }).click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(/\/sim\/imdb\//);

  const answerBox = card.getByRole('textbox');
  await expect(answerBox).toBeVisible();
  const question = ((await card.locator('label').textContent()) ?? '').trim();
  expect(question).toMatch(/\?/);
  await expect(listingCards(page).nth(1), 'the other cards step back').toHaveClass(/mq-listing--dimmed/);

  const answer = await readImdbAnswer(popup, question);
  await popup.close();

  // Digits only: anything else is stripped as it is typed.
  await answerBox.pressSequentially('1,2 x');
  await expect(answerBox).toHaveValue('12');
  await answerBox.fill(answer);
  await shootBothWidths(page, 'earn-imdb-answer');

  // The server refuses answers sooner than 5 s after Start (D11.1): move its clock, not ours.
  await moveServerClock(request, 6_000);
  await card.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(page.getByText(EARN_TEXT.correctAnswer)).toBeVisible();
  await expectBalance(page, before + points);
  await shootBothWidths(page, 'earn-imdb-credited');
});
