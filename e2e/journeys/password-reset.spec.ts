import { expect, test } from '@playwright/test';
import { createMember, linkIn, mailTo } from '../support/members.js';
import { expectSignedIn, loginHeading, signInThroughForm } from '../support/ui.js';

const MISMATCH = 'The values for your new password do not match each other!';
const EXPIRED = 'This reset link has expired or was already used. Please ask for a new one.';
const WRONG = 'The username or password you entered is incorrect.';

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

    // Follow the newest link mailed to this member, read from the outbox as an admin.
    const link = linkIn(await mailTo(request, me.email, 'Reset your Marquee password'), '/reset-password');
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
