import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chromium,
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { unzipFiles } from '@marquee/extension/pack';
import { API, DEMO_PASSWORD, createMember, signInThroughApi, type Member } from '../support/members.js';
import { balanceOf, shootBothWidths } from '../support/earn.js';
import { SITE_TIME_ZONE } from '@marquee/contract';
import { signInThroughForm } from '../support/ui.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.js';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

interface Pairings {
  pro: boolean;
  download_url: string;
  current_version: string;
  today: { views: number; points: number };
  pairings: { id: number; state: string; running: boolean }[];
}

/**
 * The extension as a member installs it (D15.1, docs/domain.md PX10): the site's own zip,
 * unzipped into a folder, loaded into a fresh Chromium profile with --load-extension (Playwright's
 * headless mode is Chromium's new headless, which runs extensions).
 */
async function installExtension(zip: Buffer): Promise<{ context: BrowserContext; extensionId: string }> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-pro-'));
  for (const [name, data] of unzipFiles(zip)) {
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), data);
  }
  const baseURL = test.info().project.use.baseURL as string;
  const context = await chromium.launchPersistentContext(
    fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-profile-')),
    {
      executablePath: CHROMIUM_PATH,
      headless: true,
      baseURL,
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
      timezoneId: SITE_TIME_ZONE,
      args: [...CHROMIUM_ARGS, `--disable-extensions-except=${folder}`, `--load-extension=${folder}`],
    },
  );
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return { context, extensionId: new URL(worker.url()).host };
}

/** The tab the extension opened once installed: the welcome page (spec 1 §2). */
async function welcomeTab(context: BrowserContext): Promise<Page> {
  const isWelcome = (p: Page) => p.url().includes('/v5/pro/?welcome=yes');
  const open = context.pages().find(isWelcome);
  return open ?? (await context.waitForEvent('page', { predicate: isWelcome }));
}

async function pairings(member: Member, request: APIRequestContext): Promise<Pairings> {
  const res = await request.get(`${API}/proExtension/fetchPairings`, { headers: auth(member.token) });
  return (await res.json()) as Pairings;
}

test('a Pro member installs the extension, pairs it on the welcome page and watches it earn IMDb views', async ({
  request,
}) => {
  // The extension paces itself as a person reads (6 s after Start, 11 s between answers, PX5).
  test.setTimeout(240_000);
  const me = await createMember(request, 'extpro');
  const trial = await request.get(`${API}/membership/proTrial`, { headers: auth(me.token) });
  expect(((await trial.json()) as { user: { membership: string } }).user.membership).toBe('pro');

  // The site's own zip of the current version: what the welcome page and extVersionLink offer.
  const before = await pairings(me, request);
  expect(before).toMatchObject({ pro: true, pairings: [], today: { views: 0, points: 0 } });
  const download = await request.get(before.download_url);
  expect(download.ok()).toBe(true);
  expect(download.headers()['content-type']).toBe('application/zip');

  const { context, extensionId } = await installExtension(await download.body());
  try {
    // Installed, it opens the welcome page; signed out, the page asks to sign in and keeps its address.
    const welcome = await welcomeTab(context);
    await signInThroughForm(welcome, me.username, me.password, { goto: false });
    await expect(welcome).toHaveURL(/\/v5\/pro\/\?welcome=yes$/);
    await expect(welcome.getByRole('heading', { level: 1, name: 'The Marquee Pro extension' })).toBeVisible();
    await expect(welcome.getByText('Thanks for installing Marquee Pro!')).toBeVisible();
    const browserCard = welcome.getByRole('region', { name: 'This browser' });
    await expect(
      browserCard.getByText(/Marquee Pro \d+\.\d+\.\d+ is installed in this browser/),
    ).toBeVisible();
    await shootBothWidths(welcome, 'pro-extension-welcome');

    // One click pairs it: no token ever passes through the member's hands.
    await browserCard.getByRole('button', { name: 'Pair this browser' }).click();
    await expect(
      browserCard.getByText('The extension is paired. It is starting your IMDb views.'),
    ).toBeVisible();
    const paired = welcome.getByRole('region', { name: 'Your paired browsers' });
    await expect(paired.getByText(/Chrome \d+ on Linux/)).toBeVisible();

    // It earns on its own: several IMDb views with no hand on the keyboard.
    await expect
      .poll(async () => (await pairings(me, request)).today.views, { timeout: 120_000, intervals: [2_000] })
      .toBeGreaterThanOrEqual(3);

    // The member's IMDb tab shows the extension at work in place of listings (spec 1 §4, PX6).
    const dashboard = await context.newPage();
    await dashboard.goto('/dashboard/imdb');
    const running = dashboard.getByRole('heading', { name: 'Your Pro extension is doing your IMDb views' });
    await expect(running).toBeVisible();
    await shootBothWidths(dashboard, 'pro-extension-dashboard-running');

    // Its popup: who it works for, what it is doing, today's figures; Pause.
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await expect(popup.getByText(`Working for ${me.first} on Marquee`)).toBeVisible();
    await expect(popup.getByText('Running', { exact: true })).toBeVisible();
    await expect(popup.getByRole('definition').first()).not.toHaveText('0');
    await shootBothWidths(popup, 'pro-extension-popup-running');
    await popup.getByRole('button', { name: 'Pause' }).click();
    await expect(popup.getByText('Paused', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(popup.getByRole('button', { name: 'Resume' })).toBeVisible();
    await expect.poll(async () => (await pairings(me, request)).pairings[0]?.state).toBe('paused');

    // Paused, the IMDb tab is the member's own again.
    await dashboard.getByRole('button', { name: 'Check again' }).click({ timeout: 20_000 });
    await expect(running).toHaveCount(0);

    // Points and history: every view it did is credited and marked (PX9).
    const after = await pairings(me, request);
    const views = after.today.views;
    await dashboard.goto('/history/mine');
    await expect(dashboard.getByText(/\(by the Pro extension\)/).first()).toBeVisible();
    await expect(dashboard.getByText(/\(by the Pro extension\)/)).toHaveCount(views);
    expect(await balanceOf(dashboard)).toBe(100 + after.today.points);

    // Pro ends (an admin takes the time away): the extension is refused, and says why.
    const admin = await signInThroughApi(request, 'admin', DEMO_PASSWORD);
    const ended = await request.post(`${API}/admin/updateSpecialField`, {
      headers: auth(admin.token),
      data: { user_id: me.id, field: 'pro_expires', value: '2020-01-01' },
    });
    expect(ended.ok()).toBe(true);
    await popup.getByRole('button', { name: 'Resume' }).click();
    await expect(
      popup
        .getByText(
          'Your Pro membership has ended, so the Marquee extension has stopped. Renew Pro on the Membership page to let it do your IMDb views again.',
        )
        .first(),
    ).toBeVisible({ timeout: 30_000 });
    await shootBothWidths(popup, 'pro-extension-popup-refused');
    expect((await pairings(me, request)).today.views).toBe(views);
  } finally {
    await context.close();
  }
});
