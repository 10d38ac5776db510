import { expect, test, type Locator, type Page } from '@playwright/test';
import { pacificDay } from '@marquee/contract';
import { DEMO_PASSWORD, createMember, signInThroughApi } from '../support/members.js';
import { serverNow, shootBothWidths } from '../support/earn.js';
import { expectSignedIn, useSession } from '../support/ui.js';

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).last();

/** A field of the card: its row in the definition list, by its label. */
const fieldRow = (card: Locator, label: string) =>
  card.locator('.mq-field').filter({ has: card.page().getByText(label, { exact: true }) });

async function editField(card: Locator, label: string, value: string) {
  const row = fieldRow(card, label);
  await row.getByRole('button', { name: `Edit ${label}` }).click();
  const input = row.getByLabel(label, { exact: true });
  await input.fill(value);
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByRole('button', { name: `Edit ${label}` })).toBeVisible();
}

test('an admin finds a member, edits their name, sets premium time, adjusts points with a reason, acts as the member and comes back, and deletes another account', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const member = await createMember(request, 'adminedit');
  const doomed = await createMember(request, 'admindelete');
  const admin = await signInThroughApi(request, 'admin', DEMO_PASSWORD);
  await useSession(page, admin);
  await page.goto('/admin');
  await expectSignedIn(page);

  // Find the member by username from the console's Members page.
  await page
    .getByRole('navigation', { name: 'Admin console' })
    .getByRole('link', { name: 'Members' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Name, username, email or member id' }).fill(member.username);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users\\?q=${member.username}`));
  const results = page.getByRole('list', { name: 'Members found' });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await shootBothWidths(page, 'admin-members-search');
  await page.setViewportSize({ width: 1280, height: 800 });
  await results.getByRole('link', { name: `${member.first} ${member.last}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${member.id}$`));

  const details = page.getByRole('region', { name: 'Details' });
  await editField(details, 'First name', 'Renamed');
  await expect(toast(page, 'The first name was changed.')).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: new RegExp(`^Renamed ${member.last}`) }),
  ).toBeVisible();

  // Premium time to a day two months on: the level follows.
  const membership = page.getByRole('region', { name: 'Membership and sign-in' });
  const until = pacificDay(new Date((await serverNow(request)).getTime() + 60 * 86_400_000));
  await editField(membership, 'Premium until', until);
  await expect(toast(page, `Their premium time now ends on ${until}.`)).toBeVisible();
  await expect(fieldRow(membership, 'Level now')).toContainText('Premium');

  // Points: a reason is needed; then 250 points given.
  const points = page.getByRole('region', { name: 'Points', exact: true });
  const before = Number((await fieldBalance(points)).replace(/,/g, ''));
  await points.getByLabel('Adjust by').fill('250');
  await points.getByRole('button', { name: 'Adjust points' }).click();
  await expect(toast(page, 'Please give a reason of 5 to 300 characters')).toBeVisible();
  await points.getByLabel('Reason').fill('Goodwill after a broken listing');
  await points.getByRole('button', { name: 'Adjust points' }).click();
  await expect(toast(page, '250 points given.')).toBeVisible();
  await expect.poll(async () => Number((await fieldBalance(points)).replace(/,/g, ''))).toBe(before + 250);

  // Every change is in the member's audit entries, the reason with it.
  const audit = page.getByRole('region', { name: 'Admin actions on this member' });
  await expect(audit).toContainText('Gave 250 points.');
  await expect(audit).toContainText('Reason: Goodwill after a broken listing');
  await expect(audit).toContainText('Changed the first name.');
  await expect(audit).toContainText(`Set premium time to end on ${until}.`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shootBothWidths(page, 'admin-member-card');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The site as the member sees it, after a confirmation; a banner on every page leads back.
  await page.getByRole('button', { name: 'Use the site as Renamed' }).click();
  const confirm = page.getByRole('dialog', { name: `Use the site as Renamed ${member.last}?` });
  await confirm.getByRole('button', { name: 'Yes, continue as the member' }).click();
  await expect(page).toHaveURL(/\/v4$/);
  await expectSignedIn(page);
  const banner = page.getByRole('status').filter({ hasText: 'Staff view:' });
  await expect(banner).toContainText(`you are using Marquee as Renamed ${member.last}`);
  await page.goto('/account');
  await expect(banner).toBeVisible();
  await shootBothWidths(page, 'admin-staff-view');
  await page.setViewportSize({ width: 1280, height: 800 });
  await banner.getByRole('button', { name: 'Back to admin' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${member.id}$`));
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Admin actions on this member' })).toContainText(
    'Used the site as the member.',
  );

  // Another member deleted, after a confirmation that can be declined.
  await page.goto(`/admin/users/${doomed.id}`);
  await page.getByRole('button', { name: 'Delete this account' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${doomed.first} ${doomed.last}?` });
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete this account' }).click();
  await dialog.getByRole('button', { name: 'Yes, delete the account' }).click();
  await expect(toast(page, `The account of ${doomed.first} ${doomed.last} was deleted.`)).toBeVisible();
  await expect(page.getByText('This account was deleted; there is nothing left to change.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete this account' })).toHaveCount(0);
  // The deleted member's session no longer signs in.
  const gone = await request.get('/v4/operations/account/fetchAccountDetails', {
    headers: { authorization: `Bearer ${doomed.token}` },
  });
  expect(gone.status()).toBe(401);
});

async function fieldBalance(points: Locator): Promise<string> {
  return (
    (await points.locator('.mq-figures__item').filter({ hasText: 'Balance' }).locator('dd').textContent()) ??
    ''
  );
}
