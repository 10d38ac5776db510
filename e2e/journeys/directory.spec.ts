import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { directory } from '@marquee/contract';
import { API, createMember, type Member } from '../support/members.js';
import { shootBothWidths } from '../support/earn.js';
import { expectSignedIn, screenshot, useSession } from '../support/ui.js';

/** Sets a member's location and jobs through the profile call, as the Edit modal does (spec 2 §7). */
async function setProfile(request: APIRequestContext, member: Member, details: Record<string, string>) {
  const response = await request.post(`${API}/profile/updateUserDetails`, {
    headers: { authorization: `Bearer ${member.token}` },
    data: details,
  });
  const body = (await response.json()) as { status: string; message?: string };
  expect(body.status, body.message).toBe('success');
}

async function openDirectory(page: Page, member: Member, path = '/community/directory') {
  await useSession(page, member);
  await page.goto(path);
  await expectSignedIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Member Directory' })).toBeVisible();
}

const results = (page: Page) => page.getByRole('list', { name: 'Members found' });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Directory pages' });
const fullName = (m: Member) => `${m.first} ${m.last}`;

test('a member searches by type and location, pages the results, goes back and opens a profile', async ({
  page,
  request,
}) => {
  const searcher = await createMember(request, 'dir-a');
  const listed = await createMember(request, 'dir-b');
  // The newest actor in Los Angeles: the most recently active, so first on the first page (D12.2).
  await setProfile(request, listed, { location: 'Los Angeles, CA', job_1: 'Director', job_2: 'Actor' });

  await openDirectory(page, searcher);

  // spec 3 §5: both are needed.
  await page.getByLabel('Type of member').selectOption({ label: 'Actors' });
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('alert').filter({ hasText: directory.DIRECTORY_NEEDS_BOTH })).toBeVisible();

  // With the keyboard: the location chosen, then Enter on Search.
  await page.getByLabel('Location').selectOption('Los Angeles, CA');
  await page.getByRole('button', { name: 'Search' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/community\/directory\?type=Actor&location=Los\+Angeles%2C\+CA$/);
  const heading = page.getByRole('heading', { level: 2, name: 'Actors in Los Angeles, CA' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  const listedLink = results(page).getByRole('link', { name: fullName(listed), exact: true });
  await expect(listedLink).toBeVisible();
  await expect(
    results(page)
      .getByRole('listitem')
      .filter({ hasText: fullName(listed) }),
  ).toContainText('Director · Actor');
  // The demo's actors in Los Angeles fill two pages (docs/domain.md Demo data).
  await expect(results(page).getByRole('listitem')).toHaveCount(directory.DIRECTORY_PAGE_SIZE);
  await expect(pager(page).locator('[aria-current="page"]')).toHaveText('Page 1');
  await shootBothWidths(page, 'directory-results');

  // Page 2, then back and forward through the browser's history.
  await pager(page).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=1$/);
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(listedLink).toHaveCount(0);
  await expect(pager(page).getByRole('link', { name: 'Previous page' })).toBeVisible();
  // The pager at both widths: 4 pages and no ends at 400 px or less (spec 3 §9).
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await pager(page).scrollIntoViewIfNeeded();
    await screenshot(page, `directory-pager-${width}`);
  }
  await page.goBack();
  await expect(page).not.toHaveURL(/page=/);
  await expect(listedLink).toBeVisible();
  await page.goForward();
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await page.goBack();
  // The form shows the search the address holds.
  await expect(page.getByLabel('Type of member')).toHaveValue('Actor');
  await expect(page.getByLabel('Location')).toHaveValue('Los Angeles, CA');

  // A result leads to the member's profile.
  await listedLink.click();
  await expect(page).toHaveURL(new RegExp(`/profile/${listed.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: fullName(listed) })).toBeVisible();
});

test('a search that finds nobody says so, and a page past the last goes to the first', async ({
  page,
  request,
}) => {
  const searcher = await createMember(request, 'dir-c');
  await openDirectory(page, searcher);
  await expect(page.getByText('Choose a type of member and a location, then Search.')).toBeVisible();
  await shootBothWidths(page, 'directory-start');
  await page.getByLabel('Type of member').selectOption({ label: 'Festival Programmers' });
  await page.getByLabel('Location').selectOption('Auckland, New Zealand');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(directory.DIRECTORY_EMPTY)).toBeVisible();
  await expect(pager(page)).toHaveCount(0);
  await shootBothWidths(page, 'directory-empty');

  // A shared link to a page that no longer exists shows the first page instead (DR4).
  await page.goto('/community/directory?type=Actor&location=Los+Angeles%2C+CA&page=40');
  await expect(page).toHaveURL(/\/community\/directory\?type=Actor&location=Los\+Angeles%2C\+CA$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Actors in Los Angeles, CA' })).toBeVisible();
  await expect(results(page).getByRole('listitem')).toHaveCount(directory.DIRECTORY_PAGE_SIZE);
});

test('Find Another Member on a community page goes to a profile with the keyboard; the community page', async ({
  page,
  request,
}) => {
  const me = await createMember(request, 'dir-d');
  const other = await createMember(request, 'dir-e');
  await useSession(page, me);
  await page.goto('/community');
  await expectSignedIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Member Directory' }).first()).toBeVisible();
  await shootBothWidths(page, 'community');

  await page.goto('/community/directory');
  const find = page.getByRole('combobox', { name: 'Find Another Member' });
  await find.focus();
  await page.keyboard.type(fullName(other));
  await expect(page.getByRole('option', { name: fullName(other) })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/profile/${other.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: fullName(other) })).toBeVisible();
});
