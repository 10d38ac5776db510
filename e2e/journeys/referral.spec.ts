import { expect, test } from '@playwright/test';
import { CONFIRM_SUBJECT, linkIn, mailTo, memberAddress, uniqueDetails } from '../support/members.js';
import { expectSignedIn, pointBalance } from '../support/ui.js';

test.describe('Referral link', () => {
  for (const prefix of ['', '/v4']) {
    test(`a member referred through ${prefix}/r/1003 signs up and the referrer goes with the sign-up`, async ({
      page,
      request,
    }) => {
      // Each sign-up through the form comes from an address of its own (sign-ups per address, D11.4).
      await page.setExtraHTTPHeaders(memberAddress());
      const me = uniqueDetails('referred');
      await page.goto(`${prefix}/r/1003`);
      await expect(page.getByRole('heading', { level: 1, name: 'Join Marquee' })).toBeVisible();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('referrer'))).toBe('1003');

      // The referrer is remembered across a later visit to the plain sign-up page.
      await page.goto('/signup');
      await expect(page.getByRole('heading', { level: 1, name: 'Join Marquee' })).toBeVisible();
      await page.getByLabel('First name', { exact: true }).fill(me.first);
      await page.getByLabel('Last name', { exact: true }).fill(me.last);
      await page.getByLabel('Email', { exact: true }).fill(me.email);
      await page.getByLabel('Username', { exact: true }).fill(me.username);
      await page.getByLabel('Password', { exact: true }).fill(me.password);
      await page.getByLabel('IMDb page URL', { exact: true }).fill(me.imdb);

      const registerCall = page.waitForRequest((r) => r.url().includes('/v4/operations/login/register'));
      await page.getByRole('button', { name: 'Create Account', exact: true }).click();
      const sent = (await registerCall).postDataJSON() as Record<string, unknown>;
      expect(String(sent.referrer), 'the sign-up call carries the referrer').toBe('1003');

      // The member goes on through the mailed link (D2.4), and is signed in with 100 points.
      await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
      await page.goto(linkIn(await mailTo(request, me.email, CONFIRM_SUBJECT), '/confirm-email'));
      await expect(page.getByRole('heading', { level: 1, name: 'Email address confirmed' })).toBeVisible();
      await page.getByRole('link', { name: 'Get Started' }).click();
      await expectSignedIn(page);
      await expect(pointBalance(page)).toContainText('100 points');
    });
  }
});
