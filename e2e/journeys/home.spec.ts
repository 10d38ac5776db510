import { expect, test, type Locator, type Page } from '@playwright/test';
import { createMember } from '../support/members.js';
import { expectNoSeriousA11yViolations, expectSignedIn, screenshot, useSession } from '../support/ui.js';

const card = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });
const feed = (page: Page): Locator => page.locator('.mq-home__feed');

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, 'on screen').not.toBeNull();
  return b as { x: number; y: number; width: number; height: number };
}

async function shoot(page: Page, name: string, width: number) {
  await screenshot(page, `${name}-${width}`);
  await expectNoSeriousA11yViolations(page, `${name} at ${width} px`);
}

test('the home page: featured members, the featured video and its rating, new members and the board', async ({
  page,
  request,
}) => {
  // Someone who joined just now, so that the week's new members are never empty whatever the date.
  const newcomer = await createMember(request, 'newcomer');
  const me = await createMember(request, 'home');
  await useSession(page, me);
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/home');
  await expectSignedIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  // Three columns: featured on the left, the feed in the middle, points and the board on the right.
  const carousel = card(page, 'Featured Members');
  await expect(carousel).toBeVisible();
  await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
  await expect(carousel.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])')).toHaveCount(1);
  await expect(
    carousel.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])').getByRole('link'),
  ).toHaveAttribute('href', /^\/profile\/\d+$/);
  const video = card(page, 'Featured Video');
  const newMembers = card(page, 'Welcome New Members!');
  const points = card(page, 'Your Points');
  const board = card(page, 'Recent Board Posts');
  await expect(newMembers).toContainText('joined Marquee within the last 7 days and have points available');
  await expect(newMembers.getByRole('link', { name: `${newcomer.first} ${newcomer.last}` })).toHaveAttribute(
    'href',
    `/profile/${newcomer.id}`,
  );
  await expect(points).toContainText(/[\d,]+ points/);
  const threads = board.getByRole('listitem').getByRole('link');
  await expect(threads.first()).toHaveAttribute('href', /^\/community\/board\/[a-z-]+\/\d+$/);
  await expect(board.getByRole('link', { name: 'Go to the Message Board' })).toHaveAttribute(
    'href',
    '/community/board',
  );
  const [left, middle, right] = [await box(video), await box(feed(page)), await box(board)];
  expect(left.x + left.width).toBeLessThanOrEqual(middle.x);
  expect(middle.x + middle.width).toBeLessThanOrEqual(right.x);
  await shoot(page, 'home', 1280);
  await newMembers.scrollIntoViewIfNeeded();
  await screenshot(page, 'home-lower-1280');

  // Hovering holds the slide; the dots choose one.
  const dots = carousel.getByRole('group', { name: 'Choose a featured member' }).getByRole('button');
  if ((await dots.count()) > 1) {
    await dots.nth(1).click();
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(9_000);
    await expect(dots.nth(1), 'paused while the pointer is on it').toHaveAttribute('aria-current', 'true');
  }

  // The featured video: play it; after 20 s of play the rating prompt, then thanks.
  await video.getByRole('button', { name: /^Play video: / }).click();
  const player = page.getByRole('dialog');
  await expect(player).toBeVisible();
  await expect(player).toContainText('After 20 seconds you can rate it.');
  const frame = page.frameLocator('iframe[title^="Video player"]');
  await frame.getByRole('button', { name: 'Play' }).click();
  await page.clock.runFor(10_000);
  await expect(player.getByRole('button', { name: 'Thumbs up' })).toHaveCount(0);
  await page.clock.runFor(11_000);
  await expect(player).toContainText('Ratings are anonymous and help pick the videos on the home page.');
  await frame.getByRole('button', { name: 'Pause' }).click();
  await shoot(page, 'home-video-rating', 1280);
  await player.getByRole('button', { name: 'Thumbs up' }).click();
  await expect(player).toContainText('Thanks for rating!');
  await player.getByRole('button', { name: 'Close the player' }).click();
  await expect(player).toBeHidden();

  // Phones: the feed first, no carousel, the cards below.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(carousel).toHaveCount(0);
  expect((await box(feed(page))).y).toBeLessThan((await box(video)).y);
  await expect(board).toBeVisible();
  await shoot(page, 'home', 390);
  await video.scrollIntoViewIfNeeded();
  await shoot(page, 'home-cards', 390);
});
