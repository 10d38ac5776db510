import { expect, test, type Page } from '@playwright/test';
import { buyPremium, createMember } from '../support/members.js';
import { expectSignedIn, pageFor } from '../support/ui.js';
import { shootBothWidths } from '../support/earn.js';

/** Leaves a mark on the loaded page: while it is there, the page has not been reloaded. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
const expectMarked = async (page: Page) =>
  expect(await page.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);

/** The live stream is open once the server has said it is ready (docs/domain.md LV1). */
const streamOpen = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/v5/live') && r.status() === 200);

const messagesButton = (page: Page) => page.getByRole('button', { name: 'Messages', exact: true });
const alertsButton = (page: Page) => page.getByRole('button', { name: 'Alerts', exact: true });
const log = (page: Page) => page.getByRole('list', { name: /^Messages with / });
/** Well inside the 60 s the badges poll at when the stream is down: only a live update is this quick. */
const LIVE = { timeout: 5000 };

test('a message sent in one browser appears in the other’s open thread and badge without a reload (LV7)', async ({
  browser,
  request,
}) => {
  const ana = await createMember(request, 'live-a');
  const ben = await createMember(request, 'live-b');
  const anaPage = await pageFor(browser, ana);
  await buyPremium(anaPage, request, ana);

  // Ana starts the conversation; Ben opens it.
  await anaPage.goto(`/messages/${ben.id}`);
  await expectSignedIn(anaPage);
  const anaBox = anaPage.getByLabel(`Message to ${ben.first}`);
  await anaBox.fill('Hi Ben, are you on the Friday shoot?');
  await anaBox.press('Enter');
  await expect(log(anaPage).getByText('are you on the Friday shoot?')).toBeVisible();

  const benPage = await pageFor(browser, ben);
  const benStream = streamOpen(benPage);
  await benPage.goto(`/messages/${ana.id}`);
  await expectSignedIn(benPage);
  await expect(log(benPage).getByText('are you on the Friday shoot?')).toBeVisible();
  await benStream;
  await mark(benPage);

  // Ana writes again: it appears in Ben's open thread, with no reload and no poll.
  await anaBox.fill('Call time is 6am, by the way.');
  await anaBox.press('Enter');
  await expect(log(benPage).getByText('Call time is 6am, by the way.')).toBeVisible(LIVE);
  await expectMarked(benPage);

  // Ben replies; it reaches Ana's open thread the same way.
  const benBox = benPage.getByLabel(`Message to ${ana.first}`);
  await benBox.fill('I am! See you there.');
  await benBox.press('Enter');
  await expect(log(anaPage).getByText('I am! See you there.')).toBeVisible(LIVE);

  // Ben moves on to the home page; Ana's next message lights his badges there.
  await benPage.getByRole('link', { name: 'Home', exact: true }).first().click();
  await expect(benPage).toHaveURL(/\/home$/);
  await expect(messagesButton(benPage)).not.toHaveAccessibleDescription(/unread/);
  await anaBox.fill('Bring the second camera, please.');
  await anaBox.press('Enter');
  await expect(messagesButton(benPage)).toHaveAccessibleDescription('1 unread message', LIVE);
  await expect(alertsButton(benPage)).toHaveAccessibleDescription('1 new alert', LIVE);
  await expectMarked(benPage);

  await shootBothWidths(benPage, 'live-badges');
  await anaPage.context().close();
  await benPage.context().close();
});

test('when the stream cannot connect, the badges fall back to polling (LV5)', async ({
  browser,
  request,
}) => {
  const ana = await createMember(request, 'live-c');
  const ben = await createMember(request, 'live-d');
  const anaPage = await pageFor(browser, ana);
  await buyPremium(anaPage, request, ana);

  const benPage = await pageFor(browser, ben);
  // Ben's stream is refused (a proxy that drops it, say): his page polls, as before live updates (LV5).
  await benPage.route('**/v5/live', (route) => route.abort());
  await benPage.clock.install();
  await benPage.goto('/home');
  await expectSignedIn(benPage);
  await mark(benPage);

  await anaPage.goto(`/messages/${ben.id}`);
  const anaBox = anaPage.getByLabel(`Message to ${ben.first}`);
  await anaBox.fill('Are you free to read lines tonight?');
  await anaBox.press('Enter');
  await expect(log(anaPage).getByText('Are you free to read lines tonight?')).toBeVisible();

  // Nothing arrives live; the badge poll 60 s later brings it.
  await expect(messagesButton(benPage)).not.toHaveAccessibleDescription(/unread/);
  await benPage.clock.runFor(60_000);
  await expect(messagesButton(benPage)).toHaveAccessibleDescription('1 unread message');
  await expectMarked(benPage);
  await anaPage.context().close();
  await benPage.context().close();
});
