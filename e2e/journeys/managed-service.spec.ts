import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API, DEMO_PASSWORD, createMember, signInThroughApi } from '../support/members.js';
import { moveServerClock, shootBothWidths } from '../support/earn.js';
import { expectNoSeriousA11yViolations, expectSignedIn, screenshot, useSession } from '../support/ui.js';

/**
 * Managed Rank's service and its page (docs/domain.md MR1, MR6-MR12). The weekly job runs in the
 * server once a Pacific day begins (its daily jobs are looked for every minute), so this journey moves
 * the server's clock a week on and waits for the job: it runs with the day-jumps, alone.
 */

const DAY_MS = 86_400_000;
const JOB_WAIT = { timeout: 100_000, intervals: [2_000] };

interface StaffWeek {
  week_ending: string;
  rank: number | null;
  starmeter: string | null;
}

/** The member's weeks as the admin user page reads them (MR11): the current week, not read yet, too. */
async function staffWeeks(request: APIRequestContext, userId: number): Promise<StaffWeek[]> {
  // Signed in afresh each time: staff sessions idle out within hours, and the clock moves a week.
  const admin = await signInThroughApi(request, 'admin', DEMO_PASSWORD);
  const res = await request.post(`${API}/admin/managed/fetchHistory`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { user_id: userId },
  });
  const body = (await res.json()) as { status: string; message?: string; weeks: StaffWeek[] };
  expect(body.status, body.message).toBe('success');
  return body.weeks;
}

/** The weeks the member's own page shows (MR10): those whose STARmeter was read. */
async function memberWeeks(request: APIRequestContext, token: string) {
  const res = await request.get(`${API}/managed/fetchHistory`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { history: { week_ending: string }[] }).history;
}

const historyCard = (page: Page) => page.getByRole('region', { name: 'Your rank history' });
const weekRows = (page: Page) =>
  historyCard(page)
    .getByRole('table', { name: /week by week/ })
    .locator('tbody tr');

test('a managed member follows their rank week by week, and the weekly job adds the week that ended', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  const member = await signInThroughApi(request, 'demo-managed', DEMO_PASSWORD);
  const userId = Number(member.user.id);

  // The server ran the day's jobs when it started (and after any jump of the clock): this week has
  // its row, its views sent and its STARmeter still to read.
  await expect
    .poll(async () => (await staffWeeks(request, userId))[0]?.rank, {
      ...JOB_WAIT,
      message: 'this week sent',
    })
    .toBeNull();
  const [thisWeek] = await staffWeeks(request, userId);
  const before = await memberWeeks(request, member.token);
  expect(before.length).toBeGreaterThanOrEqual(8);

  await useSession(page, member);
  await page.goto('/managed');
  await expectSignedIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Managed Rank' })).toBeVisible();
  await expect(weekRows(page)).toHaveCount(before.length);
  await expect(
    historyCard(page).getByRole('img', { name: new RegExp(`over ${before.length} weeks`) }),
  ).toBeVisible();
  await expect(historyCard(page).getByRole('columnheader')).toHaveText([
    'Week ending',
    'STARmeter',
    'How it went',
    'Views sent',
  ]);
  // The current week is not shown until its rank is read.
  await expect(historyCard(page)).not.toContainText(thisWeek?.week_ending ?? '-');
  const subscription = page.getByRole('region', { name: 'Your subscription' });
  await expect(subscription).toContainText('Top 200K');
  await expect(subscription).toContainText('Active');
  await expect(subscription).toContainText(/MR-\d+/);
  await shootBothWidths(page, 'managed-member');

  // A week on: the week has ended, the next day's run reads its STARmeter and sends the new week.
  await moveServerClock(request, 7 * DAY_MS);
  await expect
    .poll(async () => (await memberWeeks(request, member.token)).length, {
      ...JOB_WAIT,
      message: 'the ended week read by the weekly job',
    })
    .toBe(before.length + 1);
  const after = await staffWeeks(request, userId);
  expect(after[0]?.rank).toBeNull();
  expect(after[1]?.week_ending).toBe(thisWeek?.week_ending);
  expect(after[1]?.starmeter).toMatch(/^\d{1,3}(,\d{3})*$/);

  await page.reload();
  await expectSignedIn(page);
  await expect(weekRows(page)).toHaveCount(before.length + 1);
  const newest = weekRows(page).first();
  await expect(newest.getByRole('rowheader')).toHaveText(thisWeek?.week_ending as string);
  await expect(newest).toContainText(after[1]?.starmeter as string);
  await expect(
    historyCard(page).getByRole('img', { name: new RegExp(`over ${before.length + 1} weeks`) }),
  ).toBeVisible();
  await shootBothWidths(page, 'managed-member-week-read');

  // Staff see every week on the member's admin page, the new one with its STARmeter still to read (MR11).
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await useSession(staffPage, await signInThroughApi(request, 'admin', DEMO_PASSWORD));
  await staffPage.goto(`/admin/users/${userId}`);
  await expectSignedIn(staffPage);
  const staffWeeksCard = staffPage.getByRole('region', { name: 'Managed Rank weeks', exact: true });
  await expect(staffWeeksCard.locator('tbody tr')).toHaveCount(after.length);
  await expect(staffWeeksCard.locator('tbody tr').first()).toContainText('Not read yet');
  await expect(staffWeeksCard.locator('tbody tr').nth(1)).toContainText(after[1]?.starmeter as string);
  await staffWeeksCard.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(staffPage, 'the admin user page with Managed Rank weeks');
  await screenshot(staffPage, 'managed-admin-weeks-1280');
  await staffContext.close();
});

test('a member who is not managed reads what Managed Rank is and joins the waitlist from /managed', async ({
  page,
  request,
}) => {
  const member = await createMember(request, 'mgd-wait');
  await useSession(page, member);
  await page.goto('/managed');
  await expectSignedIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Managed Rank' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'What Managed Rank is' })).toBeVisible();
  const waitlist = page.getByRole('region', { name: 'The waitlist' });
  await expect(waitlist.getByRole('status')).toHaveText(
    'You are not on the waitlist yet. Choose a tier to join it.',
  );
  const tiers = waitlist.getByRole('group', { name: 'Choose a tier' });
  await expect(tiers.getByRole('radio')).toHaveCount(3);
  await expect(tiers).toContainText('$49/month');
  await expect(tiers).toContainText('$37/month');
  await expect(tiers).toContainText('$24/month');
  await expect(tiers).toContainText('STARmeter rank of 85,000 or better');
  await expect(waitlist.getByRole('button', { name: 'Join the waitlist' })).toBeDisabled();
  await shootBothWidths(page, 'managed-join');

  await tiers.getByRole('radio', { name: /Top 100K/ }).check();
  await waitlist.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(waitlist.getByRole('status')).toContainText('You are on the waitlist for Top 100K.');
  await expect(waitlist.getByRole('button', { name: 'Change my tier' })).toBeDisabled();
  await page.reload();
  await expectSignedIn(page);
  await expect(page.getByRole('region', { name: 'The waitlist' }).getByRole('status')).toContainText(
    'You are on the waitlist for Top 100K.',
  );
  await expect(
    page.getByRole('region', { name: 'The waitlist' }).getByRole('radio', { name: /Top 100K/ }),
  ).toBeChecked();
  await shootBothWidths(page, 'managed-waitlisted');
});
