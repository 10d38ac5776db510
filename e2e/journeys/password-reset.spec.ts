import { expect, test, type Page } from '@playwright/test';
import { createMember } from '../support/members.js';
import { expectSignedIn, loginHeading, signInThroughForm } from '../support/ui.js';

const MISMATCH = 'The values for your new password do not match each other!';
const EXPIRED = 'This reset link has expired or was already used. Please ask for a new one.';
const WRONG = 'The username or password you entered is incorrect.';

/** Reads the newest reset link mailed to {email} from the outbox page, as a path on this server. */
async function resetLinkFromOutbox(page: Page, email: string): Promise<string> {
  await page.goto('/dev/mail');
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  const mail = page
    .getByRole('article')
    .filter({ hasText: email })
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Reset your Marquee password' }) })
    .first();
  await expect(mail).toBeVisible();
  const link = mail.getByRole('link', { name: /reset-password\?token=/ }).first();
  const href = await link.getAttribute('href');
  expect(href, 'the reset mail links to /reset-password?token=...').toMatch(
    /\/reset-password\?token=[^&\s]+/,
  );
  const url = new URL(href as string, page.url());
  return `${url.pathname}${url.search}`;
}

test.describe('Password reset', () => {
  test('a member resets a forgotten password through the mailed link', async ({ page, browser, request }) => {
    const me = await createMember(request, 'reset');
    const newPassword = `new-${me.password}`;

    // Ask for the link from the login screen.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot Password', exact: true }).click();
    await page.getByLabel('Your username or email', { exact: true }).fill(me.email);
    await page.getByLabel('IMDb page URL', { exact: true }).fill(me.imdb);
    await page.getByRole('button', { name: 'Send Reset Link', exact: true }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /^\s*If those details match an account/ })
        .first(),
    ).toBeVisible();

    // Follow the newest link mailed to this member.
    const link = await resetLinkFromOutbox(page, me.email);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();

    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Set New Password', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: MISMATCH }).first()).toHaveText(MISMATCH);

    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Set New Password', exact: true }).click();
    await expectSignedIn(page);
    await expect(page).toHaveURL(/\/home\/?$/);

    // Elsewhere, signed out: the link is spent, the old password fails and the new one works.
    const context = await browser.newContext();
    try {
      const other = await context.newPage();
      await other.goto(link);
      await expect(other.getByRole('alert').filter({ hasText: EXPIRED }).first()).toBeVisible();
      await expect(other.getByRole('link', { name: 'Back to log in' })).toBeVisible();

      await other.goto('/login');
      await other.getByLabel('Username or email', { exact: true }).fill(me.username);
      await other.getByLabel('Password', { exact: true }).fill(me.password);
      await other.getByRole('button', { name: 'Log In', exact: true }).click();
      await expect(other.getByRole('alert').filter({ hasText: WRONG }).first()).toBeVisible();
      await expect(loginHeading(other)).toBeVisible();

      await signInThroughForm(other, me.username, newPassword);
    } finally {
      await context.close();
    }
  });
});
