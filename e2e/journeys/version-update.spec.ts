import { expect, test } from '@playwright/test';
import { createMember } from '../support/members.js';
import { expectSignedIn, useSession } from '../support/ui.js';

/** The start check, with or without the trailing slash. */
const CHECK_TOKEN = /\/v4\/operations\/login\/checkToken\/?(\?.*)?$/;

test.describe('Version update', () => {
  test('a client of an older version sees the update screen', async ({ page, request }) => {
    const me = await createMember(request, 'version');
    await useSession(page, me);

    // The check of the stored token goes out as if from version 4.1 of the client.
    await page.route(CHECK_TOKEN, async (route) => {
      const raw = route.request().postData() ?? '';
      let body: string;
      try {
        body = JSON.stringify({ ...(JSON.parse(raw) as object), version: '4.1' });
      } catch {
        const form = new URLSearchParams(raw);
        form.set('version', '4.1');
        body = form.toString();
      }
      await route.continue({ postData: body });
    });

    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Marquee has been updated' })).toBeVisible();
    await expect(page.getByText(/reload/i).first()).toBeVisible();
    await expect(page.getByText(/cache/i).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload', exact: true })).toBeVisible();
    await expect(page.getByLabel('Point balance', { exact: true })).toHaveCount(0);

    // Once the client is current again, Reload brings the member back in.
    await page.unroute(CHECK_TOKEN);
    await page.getByRole('button', { name: 'Reload', exact: true }).click();
    await expectSignedIn(page);
  });
});
