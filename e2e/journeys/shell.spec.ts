import { expect, test, type Page } from '@playwright/test';
import { createMember, DEMO_PASSWORD, signInThroughApi } from '../support/members.js';
import {
  expectNoSeriousA11yViolations,
  expectSignedIn,
  loginHeading,
  mainNav,
  menuItem,
  openAccountMenu,
  pointBalance,
  screenshot,
  useSession,
} from '../support/ui.js';

const WIDTHS = [390, 1280] as const;
const NAV_LINKS = ['Home', 'Dashboard', 'Exchange', 'Community', 'Help'];
const ACCOUNT_ITEMS = ['Profile', 'Account', 'History', 'Referrals', 'Log Out'];
const YEAR = new Date().getFullYear();

/** On a narrow screen the main menu hides behind the hamburger toggle: open it. */
async function openTopBar(page: Page, width: number): Promise<void> {
  const toggle = mainNav(page).getByRole('button', { name: /navigation/i });
  const home = mainNav(page).getByRole('link', { name: 'Home', exact: true });
  if (width < 992) {
    await expect(toggle, 'the hamburger toggle shows below 992 px').toBeVisible();
    if (!(await home.isVisible())) await toggle.click();
    await expect(home, 'the main menu opens from the hamburger toggle').toBeVisible();
  } else {
    await expect(toggle).toBeHidden();
  }
}

for (const width of WIDTHS) {
  test.describe(`Shell at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 992 ? 844 : 800 } });

    test('a member sees the top bar, empty Messages and Alerts, and the Account menu without Admin', async ({
      page,
      request,
    }) => {
      const me = await createMember(request, `shell${width}`);
      await useSession(page, me);
      await page.goto('/home');
      await expectSignedIn(page);
      await openTopBar(page, width);

      const nav = mainNav(page);
      await expect(nav.getByRole('link', { name: 'Marquee', exact: true })).toHaveAttribute(
        'href',
        /\/home\/?$/,
      );
      for (const name of NAV_LINKS) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Messages', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Alerts', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Account menu', exact: true })).toBeVisible();
      await expect(pointBalance(page)).toBeVisible();
      await expect(pointBalance(page)).toContainText('100 points');

      await page.getByRole('button', { name: 'Messages', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Messages', exact: true })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await expect(page.getByText(/no (new |recent )?(messages|conversations)/i).first()).toBeVisible();
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Alerts', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Alerts', exact: true })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await expect(page.getByText(/no (new |recent )?alerts/i).first()).toBeVisible();
      await page.keyboard.press('Escape');

      const menu = await openAccountMenu(page);
      for (const name of ACCOUNT_ITEMS) await expect(menuItem(menu, name).first()).toBeVisible();
      await expect(menuItem(menu, 'Admin')).toHaveCount(0);
      await page.keyboard.press('Escape');

      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText(`© 2011–${YEAR} Marquee`);
    });

    test('the admin finds Admin in the Account menu', async ({ page, request }) => {
      const admin = await signInThroughApi(request, 'admin', DEMO_PASSWORD);
      await useSession(page, admin);
      await page.goto('/home');
      await expectSignedIn(page);
      await openTopBar(page, width);
      const menu = await openAccountMenu(page);
      for (const name of [...ACCOUNT_ITEMS, 'Admin'])
        await expect(menuItem(menu, name).first()).toBeVisible();
    });

    test('login, sign-up and the shell: screenshots and no serious accessibility violations', async ({
      page,
      request,
    }) => {
      await page.goto('/login');
      await expect(loginHeading(page)).toBeVisible();
      await screenshot(page, `login-${width}`);
      await expectNoSeriousA11yViolations(page, `the login screen at ${width} px`);

      await page.getByRole('button', { name: 'Forgot Password', exact: true }).click();
      await expect(page.getByLabel('IMDb page URL', { exact: true })).toBeVisible();
      await screenshot(page, `login-forgot-password-${width}`);
      await expectNoSeriousA11yViolations(page, `the forgot-password form at ${width} px`);

      await page.goto('/signup');
      await expect(page.getByRole('heading', { level: 1, name: 'Join Marquee' })).toBeVisible();
      await screenshot(page, `signup-${width}`);
      await expectNoSeriousA11yViolations(page, `the sign-up page at ${width} px`);

      const me = await createMember(request, `look${width}`);
      await page.evaluate((session) => {
        localStorage.setItem('token', session.token);
        localStorage.setItem('user', JSON.stringify(session.user));
      }, me);
      await page.goto('/home');
      await expectSignedIn(page);
      await expect(pointBalance(page)).toContainText('100 points');
      await screenshot(page, `shell-${width}`);
      await expectNoSeriousA11yViolations(page, `the shell at ${width} px`);
      if (width < 992) {
        await openTopBar(page, width);
        await screenshot(page, `shell-menu-open-${width}`);
        await expectNoSeriousA11yViolations(page, `the shell with its menu open at ${width} px`);
      }
      const menu = await openAccountMenu(page);
      await expect(menuItem(menu, 'Log Out').first()).toBeVisible();
      await screenshot(page, `shell-account-menu-${width}`);
    });
  });
}

/** Every route of spec 4 §2 with the words its page heading should carry. */
/** The demo admin's name, the heading of their own profile. */
const ADMIN_NAME = /Avery Quinn/;

const ROUTES: [string, RegExp][] = [
  ['/dashboard/imdb', /dashboard/i],
  ['/dashboard', /dashboard/i],
  ['/history/all', /history/i],
  ['/history', /history/i],
  // A profile's heading is the member's name: demo member 1003 is Priya Raman; the admin's own is theirs.
  ['/profile/1003', /Priya Raman/],
  ['/profile', ADMIN_NAME],
  ['/messages/1003', /messages/i],
  ['/messages', /messages/i],
  ['/account', /account/i],
  ['/membership', /membership/i],
  ['/referrals', /referrals/i],
  ['/help/1', /help/i],
  ['/help', /help/i],
  ['/exchange', /exchange/i],
  ['/exchange/instagram', /instagram/i],
  ['/exchange/imdb', /imdb/i],
  ['/community/board/general/12/0', /board|thread/i],
  ['/community/board/general/12', /board|thread/i],
  ['/community/board/general', /board/i],
  ['/community/board', /board/i],
  ['/community/directory', /directory/i],
  ['/community/watch', /watch/i],
  ['/community', /community/i],
  ['/admin', /admin|overview/i],
  ['/admin/users/1003', /admin|user|member/i],
  ['/admin/users', /admin|users|members/i],
  ['/admin/credits', /admin|credit/i],
  ['/admin/waitlist', /admin|waitlist/i],
  ['/admin/help/1', /admin|help/i],
  ['/admin/help', /admin|help/i],
  ['/getting-started', /getting started/i],
  ['/managed', /managed/i],
  ['/managed/subscribe', /managed|subscri/i],
  ['/managed/subscribed', /managed|subscri/i],
  ['/home/1', /home|news/i],
  ['/home', /home|news/i],
  ['/', /home|news/i],
];

test.describe('Routes', () => {
  for (const form of ['without', 'with'] as const) {
    test(`every route of spec 4 §2, ${form} /v4, shows its page heading inside the shell`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      // The admin, so that the admin routes show their own pages too.
      const admin = await signInThroughApi(request, 'admin', DEMO_PASSWORD);
      await useSession(page, admin);
      await page.goto('/home');
      await expectSignedIn(page);

      const seen: string[] = [];
      for (const [route, heading] of ROUTES) {
        const url = form === 'without' ? route : route === '/' ? '/v4' : `/v4${route}`;
        await page.goto(url);
        await expect.soft(mainNav(page), `${url}: the shell's main menu`).toBeVisible();
        await expect.soft(page.getByRole('contentinfo'), `${url}: the footer`).toBeVisible();
        const h1 = page.getByRole('heading', { level: 1 }).first();
        await expect.soft(h1, `${url}: a page heading`).toBeVisible();
        await expect.soft(h1, `${url}: the page heading names the page`).toHaveText(heading);
        await expect.soft(loginHeading(page), `${url}: not the login screen`).toHaveCount(0);
        seen.push(
          `${url} -> ${((await h1.textContent({ timeout: 1_000 }).catch(() => null)) ?? '(none)').trim()}`,
        );
      }
      console.log(`Page headings (${form} /v4):\n  ${seen.join('\n  ')}`);
    });
  }
});
