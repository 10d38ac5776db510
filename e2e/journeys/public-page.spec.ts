import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { createMember } from '../support/members.js';
import { expectNoSeriousA11yViolations, loginHeading, screenshot, useSession } from '../support/ui.js';

const landingHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: /film and TV professionals help each other get seen/ });

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.artifacts/screenshots');

/** Full-page screenshots at 390 and 1280 px with axe at each, then back to the desktop width. */
async function shootWholePage(page: Page, name: string) {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `${name}-${width}`);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}-full.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page, `${name} at ${width} px`);
  }
}

test.describe('The public page', () => {
  test('a visitor at / reads what Marquee is, and Sign up and Sign in lead in', async ({ page }) => {
    await page.goto('/');
    await expect(landingHeading(page)).toBeVisible();
    await expect(loginHeading(page)).toHaveCount(0);
    await expect(page).toHaveTitle(/Marquee/);
    for (const section of ['How points work', 'A community, not just an exchange', 'Memberships']) {
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 3, name: 'Premium' })).toBeVisible();
    await shootWholePage(page, 'public-page');

    await page.getByRole('link', { name: 'Sign up', exact: true }).first().click();
    await expect(page).toHaveURL(/\/signup\/?$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.goto('/v4');
    await expect(landingHeading(page)).toBeVisible();
    await page.getByRole('link', { name: 'Sign in', exact: true }).first().click();
    await expect(page).toHaveURL(/\/login\/?$/);
    await expect(loginHeading(page)).toBeVisible();

    // Back to home goes to the public page, not round to the login screen again.
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(landingHeading(page)).toBeVisible();
  });

  test('a signed-out visitor on a member page still gets the login screen, whose Back to home works', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await expect(loginHeading(page)).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(landingHeading(page)).toBeVisible();
  });

  test('a member at / sees their News Feed, never the public page', async ({ page, request }) => {
    const me = await createMember(request, 'landing');
    await useSession(page, me);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(landingHeading(page)).toHaveCount(0);
    // Joined today: welcomed, not welcomed back (docs/domain.md Home page).
    await expect(page.getByText(`Welcome to Marquee, ${me.first}!`)).toBeVisible();
    await expect(page.getByText(/Welcome back/)).toHaveCount(0);
  });
});
