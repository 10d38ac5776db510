import { expect, test, type Locator, type Page } from '@playwright/test';
import { createMember } from '../support/members.js';
import { expectSignedIn, loginHeading } from '../support/ui.js';

/** Presses Tab until {target} has the focus, at most {max} times. */
async function tabTo(page: Page, target: Locator, max = 15): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached with at most ${max} presses of Tab`).toBeFocused();
}

test.describe('Keyboard', () => {
  test('the login form is filled and submitted with Tab and Enter only', async ({ page, request }) => {
    const me = await createMember(request, 'keys');
    await page.goto('/login');
    await expect(loginHeading(page)).toBeVisible();

    const username = page.getByLabel('Username or email', { exact: true });
    const password = page.getByLabel('Password', { exact: true });
    const logIn = page.getByRole('button', { name: 'Log In', exact: true });

    await tabTo(page, username);
    await page.keyboard.type(me.username);
    await page.keyboard.press('Tab');
    await expect(password).toBeFocused();
    await page.keyboard.type(me.password);
    await tabTo(page, logIn, 5);
    await page.keyboard.press('Enter');
    await expectSignedIn(page);
  });

  test('Enter in the password field submits the login form', async ({ page, request }) => {
    const me = await createMember(request, 'keys');
    await page.goto('/login');
    const username = page.getByLabel('Username or email', { exact: true });
    await tabTo(page, username);
    await page.keyboard.type(me.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(me.password);
    await page.keyboard.press('Enter');
    await expectSignedIn(page);
  });
});
