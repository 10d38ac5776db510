import { expect, test } from '@playwright/test';
import { createMember, memberAddress } from '../support/members.js';
import { expectNoSeriousA11yViolations, expectSignedIn, loginHeading, screenshot } from '../support/ui.js';

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

  test('a guesser is slowed down while the owner signs in from elsewhere', async ({ browser, request }) => {
    const me = await createMember(request, 'guessed');
    const guesser = await browser.newContext({ extraHTTPHeaders: memberAddress() });
    const owner = await browser.newContext({ extraHTTPHeaders: memberAddress() });
    try {
      const page = await guesser.newPage();
      await page.goto('/login');
      await page.getByLabel('Username or email', { exact: true }).fill(me.username);
      // Four wrong guesses are answered as such; from then on this network waits before each try,
      // twice as long after each failure (the server's clock runs, so a slow try may find the wait over).
      const slowed = page
        .getByRole('alert')
        .filter({ hasText: /^Too many failed sign-ins for this account/ });
      let tries = 0;
      let status = 0;
      while (tries < 8 && status !== 429) {
        tries += 1;
        await page.getByLabel('Password', { exact: true }).fill(`guess-${tries}`);
        const answer = page.waitForResponse((r) => r.url().includes('/login/checkCredentials'));
        await page.getByRole('button', { name: 'Log In', exact: true }).click();
        status = (await answer).status();
        expect([401, 429]).toContain(status);
      }
      expect(tries, 'the first four guesses are checked').toBeGreaterThanOrEqual(5);
      await expect(slowed).toHaveText(
        /^Too many failed sign-ins for this account from your network\. Please wait \d+ seconds? and try again, or use Forgot Password\.$/,
      );
      for (const [width, height] of [
        [390, 844],
        [1280, 800],
      ] as const) {
        await page.setViewportSize({ width, height });
        await screenshot(page, `login-slowed-${width}`);
        await expectNoSeriousA11yViolations(page, `the slowed login at ${width} px`);
      }

      // The owner, on another network, is not held back.
      const mine = await owner.newPage();
      await mine.goto('/login');
      await mine.getByLabel('Username or email', { exact: true }).fill(me.username);
      await mine.getByLabel('Password', { exact: true }).fill(me.password);
      await mine.getByRole('button', { name: 'Log In', exact: true }).click();
      await expectSignedIn(mine);
    } finally {
      await guesser.close();
      await owner.close();
    }
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
