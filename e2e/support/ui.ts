import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.artifacts/screenshots');

export const LOGIN_HEADING = 'Log in to Marquee';

/** The login screen's heading: shown on every app route while signed out. */
export const loginHeading = (page: Page): Locator =>
  page.getByRole('heading', { level: 1, name: LOGIN_HEADING });

/** The point box of the signed-in shell. */
export const pointBalance = (page: Page): Locator => page.getByLabel('Point balance', { exact: true });

export const mainNav = (page: Page): Locator => page.getByRole('navigation', { name: 'Main' });

/** Waits until the signed-in shell is on screen. */
export async function expectSignedIn(page: Page): Promise<void> {
  await expect(pointBalance(page)).toBeVisible();
  await expect(loginHeading(page)).toHaveCount(0);
}

/** Fills the login screen (shown at /login, or on any app route while signed out) and submits it. */
export async function signInThroughForm(
  page: Page,
  username: string,
  password: string,
  opts: { goto?: string | false } = {},
): Promise<void> {
  if (opts.goto !== false) await page.goto(opts.goto ?? '/login');
  await expect(loginHeading(page)).toBeVisible();
  await page.getByLabel('Username or email', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expectSignedIn(page);
}

/**
 * Puts a session token (from the API) into the browser the way the client keeps it, once per tab,
 * so that signing out later in the test is not undone by the next navigation.
 */
export async function useSession(
  page: Page,
  session: { token: string; user: Record<string, unknown> },
): Promise<void> {
  await page.addInitScript(
    ({ token, user }) => {
      if (sessionStorage.getItem('e2e-session-seeded')) return;
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
      sessionStorage.setItem('e2e-session-seeded', 'yes');
    },
    { token: session.token, user: session.user },
  );
}

/** Runs axe and fails on any violation of impact "serious" or "critical", listing each readably. */
export async function expectNoSeriousA11yViolations(page: Page, what = page.url()): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  if (process.env.E2E_A11Y_VERBOSE) {
    for (const v of results.violations)
      console.log(`axe on ${what}: [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length})`);
  }
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) => `    - ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      const more = v.nodes.length > 5 ? `\n    ... and ${v.nodes.length - 5} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help}\n    ${v.helpUrl}\n${nodes}${more}`;
    })
    .join('\n');
  if (serious.length) console.log(`Accessibility violations on ${what}:\n${report}`);
  expect(serious.length, `serious or critical accessibility violations on ${what}:\n${report}`).toBe(0);
}

/** Saves a screenshot of the current viewport to e2e/.artifacts/screenshots/{name}.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
  return file;
}

/** An item of an open dropdown (Account menu and the like): a link, a menu item or a button. */
export function menuItem(scope: Page | Locator, name: string): Locator {
  return scope
    .getByRole('menuitem', { name, exact: true })
    .or(scope.getByRole('link', { name, exact: true }))
    .or(scope.getByRole('button', { name, exact: true }));
}

/** Opens the avatar dropdown and returns the dropdown (toggle and menu) to look for items in. */
export async function openAccountMenu(page: Page): Promise<Locator> {
  const toggle = page.getByRole('button', { name: 'Account menu', exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return toggle.locator('xpath=..');
}

/** A page of its own (its own storage, so its own session) for one member. */
export async function pageFor(
  browser: Browser,
  session: { token: string; user: Record<string, unknown> },
): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await useSession(page, session);
  return page;
}
