import { expect, test } from '@playwright/test';
import { createMember } from '../support/members.js';
import { expectSignedIn, loginHeading, menuItem, openAccountMenu, signInThroughForm } from '../support/ui.js';

test.describe('Session', () => {
  test('a member stays signed in across a reload, and signs out through the Account menu', async ({
    page,
    request,
  }) => {
    const me = await createMember(request, 'session');
    await signInThroughForm(page, me.username, me.password);

    await page.reload();
    await expectSignedIn(page);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();

    const menu = await openAccountMenu(page);
    const logOut = menuItem(menu, 'Log Out');
    await expect(logOut, 'Log Out goes to /v4/logout').toHaveAttribute('href', /\/v4\/logout\/?$/);
    await logOut.click();
    await expect(loginHeading(page)).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.reload();
    await expect(loginHeading(page)).toBeVisible();
    await expect(page.getByLabel('Point balance', { exact: true })).toHaveCount(0);

    // The session ended on the server too: the old token no longer opens the app.
    const check = await request.post('/v4/operations/login/checkToken', { data: { token, version: '4.2' } });
    expect(((await check.json()) as { extra?: string }).extra).toBe('logged_out');
  });

  test('an app route opened while signed out shows the login screen and keeps its URL', async ({ page }) => {
    await page.goto('/history');
    await expect(loginHeading(page)).toBeVisible();
    await expect(page).toHaveURL(/\/history\/?$/);
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      /\/signup\/?$/,
    );
    // Back to home is the public page at / (not /home, which is the login screen again while signed out).
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', /^\/$/);
  });
});
