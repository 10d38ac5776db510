import { expect, test, type Page } from '@playwright/test';
import {
  API,
  DEMO_PASSWORD,
  createMember,
  linkIn,
  mailTo,
  signInThroughApi,
  type Member,
} from '../support/members.js';
import { shootBothWidths } from '../support/earn.js';
import { expectNoSeriousA11yViolations, expectSignedIn, screenshot, useSession } from '../support/ui.js';

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).last();

const INVITATION = 'Your invitation to Managed Rank (Top 60K)';

/** A call of the contract through the API, as the member's own browser would make it. */
async function asMember(
  page: Page,
  member: Member,
  path: string,
  init: { method?: string; query?: string } = {},
) {
  const response = await page.request.fetch(`${API}/${path}${init.query ? `?${init.query}` : ''}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${member.token}` },
  });
  return (await response.json()) as Record<string, unknown>;
}

// docs/domain.md MR1-MR3, MR11: the waitlist, Set Up Managed and the invitation with its unsubscribe link.
test('a premium member on the waitlist is set up and invited by an admin, and the mail’s unsubscribe link turns the mail off', async ({
  page,
  request,
  browser,
}) => {
  // Two widths of screenshots and accessibility checks, a second browser and a mail: longer than the default.
  test.setTimeout(120_000);
  const admin = await signInThroughApi(request, 'admin', DEMO_PASSWORD);
  const member = await createMember(request, 'mgd-invite');
  const premiumUntil = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const upgraded = await request.post(`${API}/admin/updateSpecialField`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { user_id: member.id, field: 'premium_expires', value: premiumUntil },
  });
  expect(upgraded.ok()).toBe(true);

  // The member asks for Top 60K (the /managed page calls this; here the API does, MR1).
  const joined = await asMember(page, member, 'managed/addToWaitlist', { query: 'selection=3' });
  expect(joined).toMatchObject({ status: 'success', waitlistStatus: 'waitlisted' });

  // The admin finds them on the waitlist and opens their page.
  await useSession(page, admin);
  await page.goto('/admin');
  await expectSignedIn(page);
  await page
    .getByRole('navigation', { name: 'Admin console' })
    .getByRole('link', { name: 'Waitlist' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Managed Waitlist' })).toBeVisible();
  const name = `${member.first} ${member.last}`;
  const row = page
    .getByRole('list', { name: 'Waiting for Managed Rank' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) });
  await expect(row).toContainText('Top 60K');
  await expect(row).toContainText('Waiting');
  await row.getByRole('link', { name: `Set up ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${member.id}$`));

  // Set Up Managed: filled from the member and the tier they asked for.
  const card = page.getByRole('region', { name: 'Managed Rank', exact: true });
  await expect(card).toContainText('On the waitlist');
  await expect(card).toContainText('Not set up yet');
  await card.getByRole('button', { name: 'Set Up Managed' }).click();
  const modal = page.getByRole('dialog', { name: `Set Up Managed: ${name}` });
  await expect(modal).toBeVisible();
  const nm = /\/name\/(nm\d+)/.exec(member.imdb)?.[1] as string;
  await expect(modal.getByLabel('IMDb name code')).toHaveValue(nm);
  await expect(modal.getByLabel('First name')).toHaveValue(member.first);
  await expect(modal.getByLabel('Email')).toHaveValue(member.email);
  await expect(modal.getByLabel('Managed level')).toHaveValue('3');
  await modal.getByLabel('STARmeter rank, week 1').fill('61200');
  await modal.getByLabel('IMDb views, week 1').fill('35');
  await modal.getByLabel('STARmeter rank, week 2').fill('66800');
  await modal.getByRole('radio', { name: 'Yes' }).check();
  await expect(modal.getByRole('button', { name: 'Send invitation' })).toBeDisabled();
  await modal.locator('.modal-body').evaluate((body) => body.scrollTo(0, 0));
  await shootBothWidths(page, 'managed-setup-modal');

  await modal.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'The Managed Rank setup was saved.')).toBeVisible();
  await expect(modal.getByRole('status')).toContainText('unsubscribe code is');
  const uc = (await modal.getByRole('status').locator('code').textContent()) ?? '';
  expect(uc.length).toBeGreaterThan(20);
  // At both widths with the code in view.
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await modal.getByRole('status').scrollIntoViewIfNeeded();
    await screenshot(page, `managed-setup-saved-${width}`);
    await expectNoSeriousA11yViolations(page, `the saved setup at ${width} px`);
  }

  await modal.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, `The invitation to Top 60K was mailed to ${member.email}.`)).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(card).toContainText('Invited');
  await expect(card).toContainText(/Saved: Top 60K, nm\d+/);
  await expect(card.getByText('None sent')).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await shootBothWidths(page, 'managed-setup-card');

  // The mail: the one-time subscribe link and the unsubscribe link (MR3).
  const mail = await mailTo(request, member.email, INVITATION);
  expect(mail.text).toContain('Your tier: Top 60K, $49 a month');
  expect(linkIn(mail, '/managed/subscribe')).toMatch(/^\/managed\/subscribe\?code=[\w-]{40,}$/);
  const unsubscribe = linkIn(mail, '/managed/unsubscribe');
  expect(unsubscribe).toBe(`/managed/unsubscribe?uc=${uc}`);
  expect(await asMember(page, member, 'managed/fetchWaitlistStatus')).toMatchObject({
    waitlistStatus: 'invited',
    selection: 3,
  });

  // The member follows the unsubscribe link from their mail, not signed in.
  const outside = await browser.newContext();
  const reader = await outside.newPage();
  await reader.goto(unsubscribe);
  await expect(reader.getByRole('heading', { level: 1, name: 'Managed Rank emails' })).toBeVisible();
  await expect(reader.getByRole('status')).toContainText(
    'You will get no more Managed Rank emails from Marquee.',
  );
  await screenshot(reader, 'managed-unsubscribed-1280');
  await expectNoSeriousA11yViolations(reader, 'the unsubscribe page');
  await outside.close();
  const settings = await asMember(page, member, 'account/fetchEmailSettings');
  expect(settings.settings).toContainEqual(expect.objectContaining({ name: 'managed', enabled: false }));

  // Staff can no longer mail them an invitation.
  await card.getByRole('button', { name: 'Set Up Managed' }).click();
  await modal.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(modal.getByRole('status')).toContainText(uc);
  await modal.getByRole('button', { name: 'Send invitation' }).click();
  await expect(modal.getByRole('alert')).toHaveText('This member has unsubscribed from Managed Rank mail.');
});
