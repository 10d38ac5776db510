import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createMember, type Member } from '../support/members.js';
import {
  EARN_TEXT,
  balanceOf,
  expectBalance,
  listingCards,
  moveServerClock,
  readImdbAnswer,
  shootBothWidths,
} from '../support/earn.js';
import { expectSignedIn, useSession } from '../support/ui.js';

/** The wizard's texts the journeys look for (packages/contract/src/onboarding.ts). */
const TEXT = {
  wrongType: 'Please choose a headshot in JPG, PNG or BMP format.',
  headshotSet: 'Your headshot is now your profile photo.',
  stepDone: 'Step complete. Nicely done!',
  allDone: "You're all set! Your profile is ready and your first points are at work.",
  skipped: 'No problem. Getting Started stays in your account menu for whenever you want to come back.',
  listingAdded: 'Your listing was added successfully!',
} as const;

const STEPS = [
  'Add your headshot',
  'Tell members about you',
  'Earn your first points',
  'Spend points on publicity',
] as const;

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).last();
const dots = (page: Page) => page.getByRole('navigation', { name: 'Getting started steps' });
const dot = (page: Page, n: number) => dots(page).getByRole('button', { name: new RegExp(`^Step ${n}:`) });
const stepHeading = (page: Page, n: number) =>
  page.getByRole('heading', { level: 2, name: STEPS[n - 1], exact: true });

/** A 24-bit BMP headshot made on the spot: a gold figure on deep indigo (spec 4 §5 takes BMP). */
function bmpHeadshot(size = 160): Buffer {
  const row = Math.ceil((size * 3) / 4) * 4;
  const file = Buffer.alloc(54 + row * size);
  file.write('BM', 0);
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(size, 18);
  file.writeInt32LE(-size, 22); // top-down rows
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(row * size, 34);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const head = (x - size / 2) ** 2 + (y - size * 0.4) ** 2 < (size * 0.2) ** 2;
      const shoulders = ((x - size / 2) / (size * 0.42)) ** 2 + ((y - size) / (size * 0.32)) ** 2 < 1;
      const [r, g, b] = head || shoulders ? [224, 165, 38] : [58, 47, 143];
      const at = 54 + y * row + x * 3;
      file[at] = b;
      file[at + 1] = g;
      file[at + 2] = r;
    }
  }
  return file;
}

async function chooseHeadshot(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^Upload .*headshot$/ }).click();
  await (await chooser).setFiles(file);
}

/** Step 1 through the upload pipeline: the picture becomes the profile photo and the wizard moves on. */
async function addHeadshot(page: Page) {
  await chooseHeadshot(page, { name: 'headshot.bmp', mimeType: 'image/bmp', buffer: bmpHeadshot() });
  await expect(toast(page, TEXT.headshotSet)).toBeVisible();
  await expect(stepHeading(page, 2)).toBeVisible();
  await expect(dot(page, 1)).toHaveAccessibleName(`Step 1: ${STEPS[0]} (done)`);
  await expect(page.getByRole('button', { name: 'Account menu' }).locator('img')).toHaveAttribute(
    'src',
    /\/media\/80\//,
  );
}

/** Opens the app at `path` as `member`, in a browser tab of its own (a new visit). */
async function visit(browser: Browser, member: Member, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useSession(page, member);
  await page.goto(path);
  await expectSignedIn(page);
  return page;
}

test('a new member is sent to Getting Started and completes all four steps', async ({ page, request }) => {
  test.setTimeout(120_000);
  const me = await createMember(request, 'wizard', { gettingStarted: true });
  await useSession(page, me);
  await page.goto('/home');
  await expectSignedIn(page);

  // The start route sends a new member here first.
  await expect(page).toHaveURL(/\/getting-started$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Getting Started' })).toBeVisible();
  await expect(dots(page).getByRole('button')).toHaveCount(4);
  await expect(dot(page, 1)).toHaveAttribute('aria-current', 'step');
  await expect(stepHeading(page, 1)).toBeVisible();
  await expect(page.getByText('0 of 4 done')).toBeVisible();
  await shootBothWidths(page, 'getting-started-1-headshot');

  // Step 1: the page itself refuses a GIF; the server refuses "done" while there is no photo.
  await chooseHeadshot(page, {
    name: 'me.gif',
    mimeType: 'image/gif',
    buffer: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer(),
  });
  await expect(page.getByRole('alert').filter({ hasText: TEXT.wrongType })).toBeVisible();
  await page.getByRole('button', { name: 'I’ve done this' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Upload a headshot' })).toBeVisible();
  await addHeadshot(page);
  await expect(stepHeading(page, 2)).toBeFocused();

  // Step 2: location, skills and bio through the profile's own details call.
  await shootBothWidths(page, 'getting-started-2-details');
  await page.getByLabel('Location').selectOption('Atlanta, GA');
  await page.getByLabel('Main job').selectOption('Actor');
  await page.getByLabel('Second job').selectOption('Writer');
  await page.getByLabel('Bio').fill('Actor and writer based in Atlanta. Recent credits on stage and screen.');
  await page.getByRole('button', { name: 'Save my details' }).click();
  await expect(stepHeading(page, 3)).toBeVisible();
  await expect(page.getByText('2 of 4 done')).toBeVisible();

  // Step 3: the dashboard's own IMDb earn card, credited by the usual rules.
  const card = listingCards(page).first();
  await expect(card).toBeVisible();
  await shootBothWidths(page, 'getting-started-3-earn');
  const before = await balanceOf(page);
  const points = Number(/\+(\d+) points/.exec((await card.textContent()) ?? '')?.[1]);
  const popupOpened = page.waitForEvent('popup');
  await card.getByRole('button', { name: /^Start/ }).click();
  const popup = await popupOpened;
  const question = ((await card.locator('label').textContent()) ?? '').trim();
  const answer = await readImdbAnswer(popup, question);
  await popup.close();
  await card.getByRole('textbox').fill(answer);
  await moveServerClock(request, 6_000);
  await card.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(page.getByText(EARN_TEXT.correctAnswer)).toBeVisible();
  await expectBalance(page, before + points);
  await expect(stepHeading(page, 4)).toBeVisible();
  await expect(dot(page, 3)).toHaveAccessibleName(`Step 3: ${STEPS[2]} (done)`);

  // Step 4: Add Listing from the dashboard's own My Listings panel.
  await shootBothWidths(page, 'getting-started-4-publicity');
  const imdbPage = await simulatedImdbPage(page);
  await page.getByRole('button', { name: 'Add Listing' }).click();
  const add = page.getByRole('dialog', { name: 'Add Listing' });
  await add.getByLabel('Address of the page').fill(imdbPage);
  await add.getByLabel('Address of the page').press('Enter');
  await expect(toast(page, TEXT.listingAdded)).toBeVisible();
  await expect(toast(page, TEXT.allDone)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You’re all set!' })).toBeVisible();
  await expect(page.getByText('4 of 4 done')).toBeVisible();
  for (const n of [1, 2, 3, 4]) await expect(dot(page, n)).toHaveAccessibleName(/\(done\)$/);
  await expect(page.getByRole('button', { name: 'Skip for now' })).toHaveCount(0);
  await shootBothWidths(page, 'getting-started-finished');

  // Finished: a later visit to the start route shows the home page.
  const later = await visit(page.context().browser() as Browser, me, '/home');
  await expect(later.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(later).toHaveURL(/\/home$/);
  await later.context().close();
});

test('a new member leaves at step 2 and comes back to it; Skip for now ends the sending', async ({
  page,
  request,
  browser,
}) => {
  const me = await createMember(request, 'wizard-resume', { gettingStarted: true });
  await useSession(page, me);
  await page.goto('/');
  await expectSignedIn(page);
  await expect(page).toHaveURL(/\/getting-started$/);
  await addHeadshot(page);

  // Half way through step 2, the member goes elsewhere; once per visit is enough.
  await page.getByLabel('Location').selectOption('Vancouver, BC');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  // Another day, another visit: sent back, and the wizard opens at step 2.
  const back = await visit(browser, me, '/home');
  await expect(back).toHaveURL(/\/getting-started$/);
  await expect(stepHeading(back, 2)).toBeVisible();
  await expect(dot(back, 2)).toHaveAttribute('aria-current', 'step');
  await expect(dot(back, 1)).toHaveAccessibleName(`Step 1: ${STEPS[0]} (done)`);
  await shootBothWidths(back, 'getting-started-resumed');

  // The dots work from the keyboard, and the step moved to is kept for next time.
  await dot(back, 4).focus();
  await back.keyboard.press('Enter');
  await expect(stepHeading(back, 4)).toBeFocused();
  await expect(dot(back, 4)).toHaveAttribute('aria-current', 'step');
  await expect.poll(async () => (await progressOf(back)).current_step).toBe(4);

  // Skip for now: home, and no more sending on later visits.
  await back.getByRole('button', { name: 'Skip for now' }).click();
  await expect(toast(back, TEXT.skipped)).toBeVisible();
  await expect(back).toHaveURL(/\/home$/);
  await back.context().close();
  const after = await visit(browser, me, '/');
  await expect(after.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  // Every "Get started" link still leads to the wizard.
  await after.goto('/history');
  await after
    .getByRole('link', { name: /get started/i })
    .first()
    .click();
  await expect(after).toHaveURL(/\/getting-started$/);
  await expect(stepHeading(after, 4)).toBeVisible();
  await after.context().close();
});

/** The member's progress as the server keeps it, read with the page's own session. */
async function progressOf(page: Page): Promise<{ current_step: number }> {
  return page.evaluate(async () => {
    const res = await fetch('/v4/operations/onboarding/fetchProgress', {
      headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
    });
    return (await res.json()) as { current_step: number };
  });
}

/** The address of an IMDb page of the simulated internet (D9.2), copied from the page as a member would. */
async function simulatedImdbPage(page: Page): Promise<string> {
  const sim = await page.context().newPage();
  await sim.goto('/sim');
  const link: Locator = sim.locator('h2:has-text("IMDb pages") + ul a').first();
  await sim.goto((await link.getAttribute('href')) ?? '');
  const url = sim.url();
  await sim.close();
  return url;
}
