import { expect, test, type Page } from '@playwright/test';
import { API, DEMO_PASSWORD, createMember, signInThroughApi } from '../support/members.js';
import { shootBothWidths } from '../support/earn.js';
import { expectSignedIn, menuItem, openAccountMenu, useSession } from '../support/ui.js';

const LEDGER_OK = 'The ledger balances: every invariant holds.';

/** Both widths from the top of the page, each with axe. */
async function shootFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shootBothWidths(page, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const figure = (page: Page, group: string, label: string) =>
  page
    .getByRole('region', { name: group })
    .locator('.mq-figures__item')
    .filter({ hasText: label })
    .locator('dd');

test('an admin opens the console from the Account menu: figures, charts, services, a ledger check and its audit entry', async ({
  page,
  request,
}) => {
  const admin = await signInThroughApi(request, 'admin', DEMO_PASSWORD);
  await useSession(page, admin);
  await page.goto('/home');
  await expectSignedIn(page);
  const menu = await openAccountMenu(page);
  await menuItem(menu, 'Admin').first().click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page).toHaveTitle(/Admin: Overview/);

  // The demo community's figures: members active and points held; the thirty days and today drawn.
  await expect(figure(page, 'Members', 'Active accounts')).toHaveText(/^[1-9][\d,]*$/);
  await expect(figure(page, 'Points', 'Held by members')).toHaveText(/^[1-9][\d,]*$/);
  await expect(figure(page, 'Income', 'Today')).toHaveText(/^\$[\d,.]+$/);
  const actions = page.getByRole('region', { name: 'Actions per day' });
  await expect(actions.getByRole('img', { name: /^Actions per day: .* over 31 days/ })).toBeVisible();
  await actions.getByText('The figures').click();
  await expect(actions.getByRole('table').getByRole('row')).toHaveCount(32);
  await expect(actions.getByRole('region', { name: 'Actions per day, day by day' })).toBeVisible();
  await actions.getByText('The figures').click();
  await expect(page.getByRole('region', { name: 'Income per day' }).getByRole('img')).toBeVisible();

  // Every platform is simulated here, and payments are in test mode (D9).
  const services = page.getByRole('region', { name: 'Outside services' });
  for (const [service, mode] of [
    ['IMDb', 'Simulated'],
    ['Twitter', 'Simulated'],
    ['Payments', 'Test mode'],
    ['Mail', 'On this server'],
  ] as const)
    await expect(services.getByRole('listitem').filter({ hasText: service }).first()).toContainText(mode);

  // The ledger checked on demand: the result shows, and the audit log names who asked.
  const ledger = page.getByRole('region', { name: 'Points ledger' });
  await ledger.getByRole('button', { name: 'Check the ledger now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: LEDGER_OK })).toBeVisible();
  await expect(ledger).toContainText('Balanced: every invariant holds.');
  await expect(ledger).toContainText(/Checked just now by /);
  const recent = page.getByRole('region', { name: 'Recent admin actions' });
  await expect(recent).toContainText('Checked the ledger: every invariant holds.');
  await shootFromTop(page, 'admin-overview');

  await recent.getByRole('link', { name: 'The whole audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  // Newest first; other staff may have acted since, so the entry is looked for among the newest.
  await expect(
    page
      .getByRole('region', { name: 'Admin actions' })
      .getByRole('listitem')
      .filter({ hasText: 'Checked the ledger: every invariant holds.' })
      .first(),
  ).toBeVisible();
  await shootFromTop(page, 'admin-audit-log');

  // The help desk sits in the same console.
  await page
    .getByRole('navigation', { name: 'Admin console' })
    .getByRole('link', { name: 'Help Desk' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help Desk' })).toBeVisible();

  // The managed waitlist: the demo's members waiting, the oldest invited (AD11, MR3).
  await page
    .getByRole('navigation', { name: 'Admin console' })
    .getByRole('link', { name: 'Waitlist' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Managed Waitlist' })).toBeVisible();
  const waiting = page.getByRole('list', { name: 'Waiting for Managed Rank' });
  await expect(waiting.getByRole('listitem').first()).toContainText('Sofia Lindqvist');
  await expect(waiting.getByRole('listitem').first()).toContainText('Invited');
  await expect(waiting.getByRole('link', { name: 'Set up Camille Durand' })).toBeVisible();
});

test('a member who opens /admin is sent to the home page, and the menu has no Admin', async ({
  page,
  request,
}) => {
  const member = await createMember(request, 'notstaff');
  await useSession(page, member);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/v4$/);
  await expectSignedIn(page);
  const menu = await openAccountMenu(page);
  await expect(menuItem(menu, 'Admin')).toHaveCount(0);
});

test('an admin computes the fair-play signals and sees members who joined from one address, with the evidence', async ({
  page,
  request,
}) => {
  // Three members who each sign in from one shared address (members otherwise come from addresses of their own).
  const joined = [
    await createMember(request, 'signal'),
    await createMember(request, 'signal'),
    await createMember(request, 'signal'),
  ];
  for (const m of joined) {
    const signedIn = await request.post(`${API}/login/checkCredentials`, {
      data: { username: m.username, password: m.password },
      headers: { 'x-forwarded-for': '10.77.77.77' },
    });
    expect(signedIn.ok()).toBe(true);
  }
  const admin = await signInThroughApi(request, 'admin', DEMO_PASSWORD);
  await useSession(page, admin);
  await page.goto('/admin/signals');
  await expectSignedIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Fair Play' })).toBeVisible();
  await expect(page.getByText('no member is limited or banned by a signal')).toBeVisible();
  await page.getByRole('button', { name: 'Compute now' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: /^The signals were computed: \d+ members? to look at\.$/ }),
  )
    .toBeVisible()
    .catch(async () => {
      // Another journey may have computed them within the minute: the list is fresh either way.
      await expect(
        page.getByRole('alert').filter({ hasText: 'The signals were computed a moment ago.' }),
      ).toBeVisible();
    });
  const list = page.getByRole('list', { name: 'Members with signals' });
  await expect(list).toBeVisible();
  // The three come first: nothing else in the journeys shares an address.
  await expect(list.getByRole('listitem').first()).toContainText(
    '3 accounts signed in from 10.77.77.77 in the last 30 days.',
  );
  await shootFromTop(page, 'admin-fair-play');
  // A member's card shows their signals with the evidence.
  await page.goto(`/admin/users/${joined[0]!.id}`);
  const signals = page.getByRole('region', { name: 'Fair-play signals' });
  await expect(signals).toContainText('Accounts at one address');
  await expect(signals).toContainText('With:');
});
