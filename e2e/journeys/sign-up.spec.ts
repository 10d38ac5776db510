import { expect, test, type Page } from '@playwright/test';
import {
  API,
  CONFIRM_SUBJECT,
  createMember,
  linkIn,
  mailTo,
  memberAddress,
  readOutbox,
  uniqueDetails,
  type MemberDetails,
} from '../support/members.js';
import { expectNoSeriousA11yViolations, expectSignedIn, pointBalance, screenshot } from '../support/ui.js';

const CHECK_INBOX = /^Check your inbox: we have emailed you a link to confirm your email address\./;

async function fillSignUp(page: Page, me: MemberDetails) {
  await page.getByLabel('First name', { exact: true }).fill(me.first);
  await page.getByLabel('Last name', { exact: true }).fill(me.last);
  await page.getByLabel('Email', { exact: true }).fill(me.email);
  await page.getByLabel('Username', { exact: true }).fill(me.username);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByLabel('IMDb page URL', { exact: true }).fill(me.imdb);
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
}

async function shootAndCheck(page: Page, name: string) {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `${name}-${width}`);
    await expectNoSeriousA11yViolations(page, `${name} at ${width} px`);
  }
}

test.describe('Sign-up', () => {
  // Each journey signs up from an address of its own: sign-ups are limited per address (D11.4).
  test.beforeEach(async ({ page }) => page.setExtraHTTPHeaders(memberAddress()));

  test('a visitor signs up, confirms the mailed link and gets the 100 welcome points', async ({
    page,
    request,
  }) => {
    const me = uniqueDetails('signup');
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Join Marquee' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in instead' })).toBeVisible();
    await fillSignUp(page, me);

    // Not signed in yet: the page says to check the inbox, the same whoever the address belongs to.
    await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(CHECK_INBOX);
    await expect(page.getByText(me.email)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await shootAndCheck(page, 'signup-check-inbox');

    // Signed in with the password before confirming, the shell asks to confirm and can mail again.
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.getByLabel('Username or email', { exact: true }).fill(me.username);
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expectSignedIn(page);
    const notice = page.getByRole('region', { name: 'Email confirmation' });
    await expect(notice).toContainText('Please confirm your email address.');
    await expect(notice).toContainText(me.email);
    await expect(pointBalance(page)).toContainText('0 points');
    await shootAndCheck(page, 'signup-confirm-notice');
    await notice.getByRole('button', { name: 'Resend the mail' }).click();
    await expect(notice.getByRole('status')).toHaveText(
      `We have sent a new link to ${me.email}. It works once, within 7 days.`,
    );
    const mails = (await readOutbox(request)).filter(
      (m) => m.to === me.email && m.subject === CONFIRM_SUBJECT,
    );
    expect(mails, 'the welcome mail and the one sent again').toHaveLength(2);

    // The mail, read from the outbox as an admin, links to /confirm-email.
    const link = linkIn(await mailTo(request, me.email, CONFIRM_SUBJECT), '/confirm-email');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Email address confirmed' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(
      'Your email address is confirmed. Welcome to Marquee: your 100 welcome points are in your balance.',
    );
    await shootAndCheck(page, 'signup-confirmed');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expectSignedIn(page);
    await expect(pointBalance(page)).toContainText('100 points');
    await expect(page.getByRole('region', { name: 'Email confirmation' })).toHaveCount(0);
    const stored = await page.evaluate(() => localStorage.getItem('user'));
    expect(stored, 'localStorage "user" holds the member').toContain(me.username);

    // The link works once.
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText(
      'This confirmation link has expired or was already used. Sign in and choose "Resend the mail" to get a new one.',
    );
    await shootAndCheck(page, 'signup-link-used');
  });

  test('an address that already has an account gets the same answer, and its owner a mail', async ({
    page,
    request,
  }) => {
    const owner = await createMember(request, 'owner');
    const me = { ...uniqueDetails('again'), email: owner.email };
    await page.goto('/signup');
    await fillSignUp(page, me);
    await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(CHECK_INBOX);
    const note = await mailTo(request, owner.email, 'Someone tried to join Marquee with your email address');
    expect(note.text).toContain(`already belongs to your account "${owner.username}"`);
    // Nothing was made: the new username does not sign in.
    const signIn = await request.post(`${API}/login/checkCredentials`, {
      data: { username: me.username, password: me.password },
      headers: memberAddress(),
    });
    expect(signIn.status()).toBe(401);
  });

  test('a taken username shows the server message in an alert', async ({ page, request }) => {
    const first = await createMember(request, 'taken');
    const me = { ...uniqueDetails('taken'), username: first.username };
    await page.goto('/signup');
    await fillSignUp(page, me);
    await expect(
      page.getByRole('alert').filter({ hasText: 'That username is already taken. Please choose another.' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Join Marquee' })).toBeVisible();
  });
});
