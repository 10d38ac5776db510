import { expect, test, type Page } from '@playwright/test';
import { API, createMember, mailTo, memberAddress, signInThroughApi } from '../support/members.js';
import { linkXAccount, shootBothWidths } from '../support/earn.js';
import { expectSignedIn, loginHeading, useSession } from '../support/ui.js';

/** Demo member demo-free's own page on the simulated IMDb (D9.2): "Maya Fernandez". */
const MAYA_IMDB = 'https://www.imdb.com/name/nm9107919/';

const modal = (page: Page) => page.getByRole('dialog', { name: 'Update Account Details' });
const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Opens the modal from a row's Update button and fills the named fields and the current password. */
async function update(page: Page, what: string, fields: Record<string, string>, password: string) {
  await page.getByRole('button', { name: `Update ${what}`, exact: true }).click();
  await expect(modal(page)).toBeVisible();
  for (const [label, value] of Object.entries(fields)) {
    await modal(page).getByLabel(label, { exact: true }).fill(value);
  }
  await modal(page)
    .getByLabel(/current password/i)
    .fill(password);
  await modal(page).getByRole('button', { name: 'Save', exact: true }).click();
}

test('a member changes their name, email, username and password', async ({ page, request }) => {
  const me = await createMember(request, 'acct');
  await useSession(page, me);
  await page.goto('/account');
  await expectSignedIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  const basic = card(page, 'Basic Settings');
  await expect(basic).toContainText(`${me.first} ${me.last}`);
  await expect(basic.getByRole('link', { name: 'Add Twitter' })).toHaveAttribute(
    'href',
    '/dashboard/twitter',
  );
  await expect(basic.getByRole('link', { name: 'Add Facebook' })).toHaveAttribute(
    'href',
    '/dashboard/facebook',
  );

  // Name, with a wrong password first: the server's form error stays in the modal (spec 3 §8).
  await update(page, 'your name', { 'First name': 'Robin', 'Last name': 'Hart' }, 'not-my-password');
  await expect(modal(page).getByRole('alert')).toHaveText('The current password you entered is incorrect.');
  await modal(page)
    .getByLabel(/current password/i)
    .fill(me.password);
  await modal(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your name has been updated.')).toBeVisible();
  await expect(modal(page)).toBeHidden();
  await expect(basic).toContainText('Robin Hart');

  const email = `acct-${me.id}@example.test`;
  await update(page, 'your email', { 'New email address': email }, me.password);
  await expect(basic).toContainText(email);

  const username = `acct-renamed-${me.id}`;
  await update(page, 'your username', { 'New username': username }, me.password);
  await expect(card(page, 'Username and Password')).toContainText(username);

  // A new password whose confirmation differs is refused with the spec's text (spec 3 §5).
  const password = `new-${me.password}`;
  await update(
    page,
    'your password',
    { 'New password': password, 'Confirm new password': 'different' },
    me.password,
  );
  await expect(modal(page).getByRole('alert')).toHaveText(
    'The values for your new password do not match each other!',
  );
  await shootBothWidths(page, 'account-update-modal');
  await modal(page).getByLabel('Confirm new password', { exact: true }).fill(password);
  await modal(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Your password has been changed/)).toBeVisible();

  // They stay after a reload, and the new username and password sign in.
  await page.reload();
  await expect(basic).toContainText('Robin Hart');
  await signInThroughApi(request, username, password);
});

test('a member changes their IMDb URL and takes their name from the page', async ({ page, request }) => {
  const me = await createMember(request, 'acct-imdb');
  await useSession(page, me);
  await page.goto('/account');
  await expectSignedIn(page);
  const basic = card(page, 'Basic Settings');

  // The IMDb URL is read from the page; then the name is taken from it (spec 3 §4).
  await update(page, 'your IMDb URL', { 'IMDb page URL': MAYA_IMDB.replace('www.', '') }, me.password);
  await expect(page.getByText(/Your IMDb URL has been updated\. Use Refresh from IMDb/)).toBeVisible();
  await expect(basic.getByRole('link', { name: new RegExp(MAYA_IMDB) })).toBeVisible();
  await page.getByRole('button', { name: 'Update your name', exact: true }).click();
  await modal(page).getByRole('button', { name: 'Refresh from IMDb' }).click();
  await expect(
    modal(page).getByRole('radio', { name: 'First name Maya, last name Fernandez' }),
  ).toBeChecked();
  await shootBothWidths(page, 'account-name-refresh');
  await modal(page).getByRole('button', { name: 'Use this name' }).click();
  await expect(page.getByText('Your name and IMDb information are up to date!')).toBeVisible();
  await expect(basic).toContainText('Maya Fernandez');

  await page.reload();
  await expect(basic).toContainText('Maya Fernandez');
});

test('a member removes a linked account and sets Feature Me and their email preferences', async ({
  page,
  request,
}) => {
  const me = await createMember(request, 'acct-prefs');
  await useSession(page, me);
  const basic = card(page, 'Basic Settings');

  // A linked X account shows, and is removed after a confirmation.
  await page.goto('/dashboard/twitter');
  await linkXAccount(page, `acct_${me.id}`);
  await page.goto('/account');
  await expect(basic).toContainText(`@acct_${me.id}`);
  await shootBothWidths(page, 'account');
  await page.getByRole('button', { name: 'Update your Twitter account', exact: true }).click();
  await modal(page).getByRole('button', { name: 'Remove Twitter account' }).click();
  await modal(page).getByRole('button', { name: 'Yes, remove my Twitter account' }).click();
  await expect(page.getByText(/Twitter account has been removed/)).toBeVisible();
  await expect(basic.getByRole('link', { name: 'Add Twitter' })).toBeVisible();

  // Feature Me needs no password.
  const featureMe = page.getByRole('checkbox', { name: 'Feature Me' });
  await featureMe.check();
  await expect(page.getByText('You are now in the running to be a Featured Member.')).toBeVisible();

  // Email preferences: one kind off, then all off.
  const emails = card(page, 'Email Settings');
  await emails.getByRole('switch', { name: 'Referral news' }).uncheck();
  await expect(page.getByText('Your preferences have been updated!').first()).toBeVisible();
  await emails.getByRole('switch', { name: 'All emails' }).uncheck();
  await expect(emails.getByRole('switch', { name: 'Membership reminders' })).toBeDisabled();
  await shootBothWidths(page, 'account-changed');

  // Everything stays after a reload.
  await page.reload();
  await expect(featureMe).toBeChecked();
  await expect(emails.getByRole('switch', { name: 'All emails' })).not.toBeChecked();
});

test('a member deactivates their account and can no longer sign in', async ({ page, request }) => {
  const me = await createMember(request, 'acct-off');
  await useSession(page, me);
  await page.goto('/v4/account');
  await expectSignedIn(page);
  await card(page, 'Deactivate or Delete').getByRole('button', { name: 'Deactivate', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate your account?' });
  await expect(confirm).toContainText('email support@marquee.local and ask us to reactivate');
  await shootBothWidths(page, 'account-deactivate');
  await confirm.getByRole('button', { name: 'Deactivate my account' }).click();
  await expect(loginHeading(page)).toBeVisible();
  await expect(page.getByText(/Your account has been deactivated/)).toBeVisible();

  await page.getByLabel('Username or email', { exact: true }).fill(me.username);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(
    page.getByText('This account has been deactivated. Please email support to reactivate it.', {
      exact: true,
    }),
  ).toBeVisible();
});

test('a member fully deletes their account and the email cannot join again', async ({ page, request }) => {
  const me = await createMember(request, 'acct-del');
  await useSession(page, me);
  await page.goto('/account');
  await expectSignedIn(page);
  await card(page, 'Deactivate or Delete').getByRole('button', { name: 'Fully Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Fully delete your account?' });
  await expect(confirm).toContainText('can never be used to register on Marquee again');
  const remove = confirm.getByRole('button', { name: 'Delete my account' });
  await expect(remove).toBeDisabled();
  await confirm.getByLabel('I understand that this is permanent and cannot be undone').check();
  await remove.click();
  await expect(loginHeading(page)).toBeVisible();

  // The address of a deleted account cannot join again: the answer is the same as for any sign-up
  // (it never says whose address it was) and the mail to the address says why.
  const again = await request.post(`${API}/login/register`, {
    data: { ...me, username: `${me.username.slice(0, 24)}-again` },
    headers: memberAddress(),
  });
  expect(((await again.json()) as { message: string }).message).toMatch(/^Check your inbox/);
  const note = await mailTo(request, me.email, 'Someone tried to join Marquee with your email address');
  expect(note.text).toContain('belonged to a Marquee account that was deleted');
});

test('the account page says so when it cannot load or save', async ({ page, request }) => {
  const me = await createMember(request, 'acct-err');
  await useSession(page, me);
  const refuse = { status: 400, contentType: 'application/json', body: '{"status":"error","message":"No."}' };
  await page.route('**/v4/operations/account/fetchAccountDetails*', (route) => route.fulfill(refuse));
  await page.route('**/v4/operations/account/fetchEmailSettings*', (route) => route.fulfill(refuse));
  await page.goto('/account');
  await expectSignedIn(page);
  await expect(page.getByText('We had an issue retrieving your Account information.')).toBeVisible();
  await expect(page.getByText('We had a problem loading your settings...')).toBeVisible();
  await shootBothWidths(page, 'account-load-failed');

  await page.unroute('**/v4/operations/account/fetchEmailSettings*');
  await page.route('**/v4/operations/account/updateEmailSetting*', (route) =>
    route.fulfill({ ...refuse, status: 500 }),
  );
  await card(page, 'Email Settings').getByRole('button', { name: 'Try again' }).click();
  // A click, not uncheck(): the switch may already be back on when the failed save answers.
  await card(page, 'Email Settings').getByRole('switch', { name: 'Featured Member' }).click();
  await expect(page.getByText('There was an issue updating your settings...')).toBeVisible();
  await expect(card(page, 'Email Settings').getByRole('switch', { name: 'Featured Member' })).toBeChecked();
});
