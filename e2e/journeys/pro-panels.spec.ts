import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { API, createMember, DEMO_PASSWORD, signInThroughApi, type Member } from '../support/members.js';
import { moveServerClock, readImdbAnswer } from '../support/earn.js';
import { expectNoSeriousA11yViolations, expectSignedIn, screenshot, useSession } from '../support/ui.js';

interface OfferedListing {
  id: number;
  type: string;
  user_id: number;
  open_url: string;
  question: string | null;
}

/** Screenshots at 390 and 1280 px with `part` scrolled into view, and axe at each width. */
async function shootPart(page: Page, part: Locator, name: string) {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await part.scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${width}`);
    await expectNoSeriousA11yViolations(page, `${name} at ${width} px`);
  }
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The IMDb listings of a member that `earner` is offered on their profile list. */
async function offeredImdb(request: APIRequestContext, earner: { token: string }, ownerId: number) {
  const res = await request.post(`${API}/earnPoints/fetchListings`, {
    headers: auth(earner.token),
    data: { listingType: 'user', user_id: ownerId, maxItems: 10 },
  });
  const { listings } = (await res.json()) as { listings: OfferedListing[] };
  return listings.filter((l) => l.type === 'imdb-view');
}

/** `earner` views an offered IMDb listing as a member would: Start, read the page, answer. */
async function viewListing(page: Page, request: APIRequestContext, earner: Member, listing: OfferedListing) {
  await request.post(`${API}/earnPoints/startAction`, {
    headers: auth(earner.token),
    data: { listing_id: listing.id },
  });
  await page.goto(listing.open_url);
  const answer = await readImdbAnswer(page, listing.question ?? '');
  await moveServerClock(request, 6_000);
  const credited = await request.post(`${API}/recordCorrectAnswer`, {
    headers: auth(earner.token),
    data: { listing_id: listing.id, answer },
  });
  expect(((await credited.json()) as { status: string }).status).toBe('success');
}

test('a Pro member sees their views and sets the minimum and bonus title; a Premium member sees no pro panels', async ({
  page,
  browser,
  request,
}) => {
  // A new member starts the Pro trial and lists an IMDb page (one the simulated IMDb serves).
  const owner = await createMember(request, 'pro');
  const trial = await request.get(`${API}/membership/proTrial`, { headers: auth(owner.token) });
  const { user } = (await trial.json()) as { user: Record<string, unknown> };
  expect(user.membership).toBe('pro');
  const demo = await signInThroughApi(request, 'demo-premium', DEMO_PASSWORD);
  const [demoPage] = await offeredImdb(request, owner, Number(demo.user.id));
  expect(demoPage, "demo-premium's IMDb page is offered").toBeTruthy();
  const added = await request.post(`${API}/myListings/addListing/imdb-view`, {
    headers: auth(owner.token),
    data: { url: demoPage?.open_url, pointSetting: 18 },
  });
  const addedBody = (await added.json()) as { status: string; message?: string; listing: { id: number } };
  expect(addedBody.status, addedBody.message).toBe('success');

  // Another member views it.
  const earner = await createMember(request, 'viewer');
  const [mine] = await offeredImdb(request, earner, owner.id);
  expect(mine?.id).toBe(addedBody.listing.id);
  const viewer = await browser.newPage();
  await viewListing(viewer, request, earner, mine as OfferedListing);
  await viewer.close();

  // The owner's IMDb tab: historical stats with today's view, and the pro settings.
  await useSession(page, { token: owner.token, user });
  await page.goto('/dashboard/imdb');
  await expectSignedIn(page);
  const stats = page.getByRole('region', { name: 'Historical Stats' });
  await expect(stats.getByRole('tab', { name: 'This Week' })).toHaveAttribute('aria-selected', 'true');
  const history = await request.get(`${API}/pro/fetchProHistory?tab=current`, { headers: auth(owner.token) });
  const { current } = (await history.json()) as { current: { day: string; views: number }[] };
  const today = current.at(-1);
  expect(today?.views).toBe(1);
  await expect(stats.getByRole('row', { name: new RegExp(`^${today?.day.slice(0, 3)}`) })).toContainText('1');
  await expect(stats.getByRole('row', { name: /^Total/ })).toContainText('1');
  const settings = page.getByRole('region', { name: 'Pro Settings' });
  await expect(settings).toBeVisible();
  await shootPart(page, stats, 'pro-panels');

  // Past weeks: none yet for a member who joined this week. Arrow keys move between the tabs.
  await stats.getByRole('tab', { name: 'This Week' }).press('ArrowRight');
  await expect(stats.getByRole('tab', { name: 'Past Weeks' })).toBeFocused();
  await expect(stats.getByRole('tabpanel')).toContainText(
    'Your weeks show here once your first week as a member has ended.',
  );

  // The minimum value.
  const minimum = settings.getByLabel('Show me IMDb listings giving', { exact: true });
  await expect(minimum).toHaveValue('0');
  await minimum.selectOption({ label: '18 points or more' });
  await settings.getByRole('button', { name: 'Save minimum value' }).click();
  await expect(page.getByText('Your Minimum Value has been updated!')).toBeVisible();

  // The bonus title.
  const bonus = settings.getByLabel('IMDb listing', { exact: true });
  await expect(bonus).toHaveValue('none');
  await bonus.selectOption(String(addedBody.listing.id));
  await settings.getByRole('button', { name: 'Save bonus title' }).click();
  await expect(page.getByText('Your Bonus Title has been updated!')).toBeVisible();

  await page.reload();
  await expect(settings.getByLabel('Show me IMDb listings giving', { exact: true })).toHaveValue('18');
  await expect(settings.getByLabel('IMDb listing', { exact: true })).toHaveValue(
    String(addedBody.listing.id),
  );
  await shootPart(page, settings, 'pro-settings-saved');

  // Other tabs show no pro panels.
  await page.getByRole('link', { name: 'YouTube', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/youtube$/);
  await expect(page.getByRole('region', { name: 'Historical Stats' })).toHaveCount(0);

  // A Premium member sees none on the IMDb tab either.
  const premiumPage = await browser.newPage();
  await useSession(premiumPage, demo);
  await premiumPage.goto('/dashboard/imdb');
  await expectSignedIn(premiumPage);
  await expect(premiumPage.getByRole('region', { name: "Find Someone's Listings" })).toBeVisible();
  await expect(premiumPage.getByRole('region', { name: 'Historical Stats' })).toHaveCount(0);
  await expect(premiumPage.getByRole('region', { name: 'Pro Settings' })).toHaveCount(0);
  await premiumPage.close();
});

test("Find Someone's Listings finds a member by keyboard and goes to their profile", async ({
  page,
  request,
}) => {
  const me = await createMember(request, 'finder');
  const target = await createMember(request, 'found');
  await useSession(page, me);
  await page.goto('/dashboard/imdb');
  await expectSignedIn(page);
  const finder = page.getByRole('region', { name: "Find Someone's Listings" });
  const box = finder.getByRole('combobox', { name: 'Member name' });

  await box.fill('zzqx-nobody');
  await expect(finder.getByRole('status')).toHaveText('No members found');
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  // Found by the start of the username (unique to this run), case aside.
  await box.fill(target.username.toUpperCase());
  const list = finder.getByRole('listbox', { name: 'Members found' });
  await expect(list.getByRole('option')).toHaveText([`${target.first} ${target.last}`]);
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await box.press('Escape');
  await expect(list).toBeHidden();
  await box.press('ArrowDown');
  await expect(list.getByRole('option', { selected: true })).toHaveText(`${target.first} ${target.last}`);
  await expect(box).toHaveAttribute('aria-activedescendant', /option-0$/);
  await shootPart(page, finder, 'find-listings');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/profile/${target.id}$`));
});

test('a long-standing Pro member sees twelve past weeks, newest first', async ({ page, request }) => {
  await useSession(page, await signInThroughApi(request, 'demo-pro', DEMO_PASSWORD));
  await page.goto('/dashboard/imdb');
  await expectSignedIn(page);
  const stats = page.getByRole('region', { name: 'Historical Stats' });
  await stats.getByRole('tab', { name: 'Past Weeks' }).click();
  const weeks = stats.getByRole('tabpanel').getByRole('table');
  await expect(weeks.getByRole('columnheader')).toHaveText(['Week ending', 'Views', 'STARmeter', 'Change']);
  await expect(weeks.locator('tbody tr')).toHaveCount(12);
  await shootPart(page, stats, 'pro-past-weeks');
});
