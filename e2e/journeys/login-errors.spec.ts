import { expect, test } from '@playwright/test';
import { createMember } from '../support/members.js';
import { loginHeading } from '../support/ui.js';

const MISSING = 'You need both a username and password.';
const WRONG = 'The username or password you entered is incorrect.';

test.describe('Login errors', () => {
  test('a wrong password shows the server message', async ({ page, request }) => {
    const me = await createMember(request, 'wrongpw');
    await page.goto('/login');
    await page.getByLabel('Username or email', { exact: true }).fill(me.username);
    await page.getByLabel('Password', { exact: true }).fill(`${me.password}-not`);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: WRONG }).first()).toBeVisible();
    await expect(loginHeading(page)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('an empty field shows exactly the missing-field message and makes no call', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/login/checkCredentials')) calls += 1;
    });
    await page.goto('/login');

    await page.getByLabel('Username or email', { exact: true }).fill('somebody');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: MISSING }).first();
    await expect(alert).toHaveText(MISSING);

    await page.getByLabel('Username or email', { exact: true }).fill('');
    await page.getByLabel('Password', { exact: true }).fill('something');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(alert).toHaveText(MISSING);

    await page.getByLabel('Password', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(alert).toHaveText(MISSING);
    expect(calls, 'no sign-in call is made with an empty field').toBe(0);
  });
});
