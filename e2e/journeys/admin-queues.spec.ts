import { expect, test, type Page } from '@playwright/test';
import { API, DEMO_PASSWORD, signInThroughApi } from '../support/members.js';
import { shootBothWidths } from '../support/earn.js';
import { expectSignedIn, useSession } from '../support/ui.js';

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).last();

async function shootFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shootBothWidths(page, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

// The demo's queues hold one listing to update and one Facebook page to review (docs/domain.md AL4, AL5).
test('an admin fixes a listing disabled for a credit update and approves a Facebook page', async ({
  page,
  request,
}) => {
  const admin = await signInThroughApi(request, 'admin', DEMO_PASSWORD);
  await useSession(page, admin);
  await page.goto('/admin');
  await expectSignedIn(page);
  const nav = page.getByRole('navigation', { name: 'Admin console' });

  // Credit updates: members agreed on a runtime the site does not hold; their number is offered.
  await nav.getByRole('link', { name: 'Credit Updates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Credit Updates' })).toBeVisible();
  const item = page
    .getByRole('list', { name: 'Disabled listings' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading', { name: 'Harbor Lights' }),
    });
  await expect(item).toContainText('What is the running time of this title, in minutes?');
  const answers = item.getByRole('list', { name: 'Answers members gave for Harbor Lights' });
  await expect(answers.getByRole('listitem').first()).toContainText('given 4 times');
  const agreed = (await answers.getByRole('listitem').first().locator('strong').textContent()) ?? '';
  await expect(item.getByLabel('True answer')).toHaveValue(agreed);
  // The page opens as members see it (the simulated IMDb here) and shows that runtime.
  const [imdb] = await Promise.all([
    page.context().waitForEvent('page'),
    item.getByRole('link', { name: 'Harbor Lights' }).click(),
  ]);
  await expect(imdb).toHaveURL(/\/sim\/imdb\/title\/tt\d+/);
  await imdb.close();
  await shootFromTop(page, 'admin-credit-updates');
  await item.getByRole('button', { name: 'Save and offer again' }).click();
  await expect(
    toast(page, 'The answer was saved and the listing is offered to members again.'),
  ).toBeVisible();
  await expect(item).toHaveCount(0);

  // Facebook pages: the page id confirmed, a category chosen, approved.
  await nav.getByRole('link', { name: 'Facebook Pages' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Facebook Pages' })).toBeVisible();
  const review = page.getByRole('form', { name: 'Approve Harbor Lights Film' });
  await expect(review.getByLabel('Page id')).toHaveValue('harborlightsfilm');
  await review.getByLabel('Category').selectOption({ label: 'Movie' });
  await review.getByLabel('About (optional)').fill('A feature film shot in Portland, Maine.');
  await shootFromTop(page, 'admin-facebook-pages');
  await review.getByRole('button', { name: 'Approve and offer' }).click();
  await expect(toast(page, '"Harbor Lights Film" is now offered to members.')).toBeVisible();
  await expect(review).toHaveCount(0);
  await expect(page.getByText('No current Pending FB Pages!')).toBeVisible();

  // Both decisions are in the audit log.
  const log = await request.get(`${API}/admin/fetchAuditLog`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  const entries = ((await log.json()) as { entries: { action: string }[] }).entries.map((e) => e.action);
  expect(entries).toEqual(expect.arrayContaining(['listing.update', 'facebook.approve']));
});
