import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API, DEMO_PASSWORD, createMember, mailTo, signInThroughApi } from '../support/members.js';
import { expectSignedIn, pageFor } from '../support/ui.js';
import { shootBothWidths } from '../support/earn.js';
import { CORPUS, INJECTED } from '../support/xss.js';

const PROMISE = 'Our support team replies to every request within 24 hours.';
const INCOMPLETE = 'Please be sure to include a Subject and full Description of your issue.';
/** The chat panel asks for new messages this often while open (docs/domain.md H11). */
const POLL_MS = 4_000;

const adminSession = (request: APIRequestContext) => signInThroughApi(request, 'admin', DEMO_PASSWORD);

async function api(request: APIRequestContext, token: string, path: string, data: object) {
  const response = await request.post(`${API}/${path}`, {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  const body = (await response.json()) as { status: string; message?: string; thread_id?: number };
  expect(response.ok(), `${path}: ${body.message ?? ''}`).toBe(true);
  return body;
}

const alertsButton = (page: Page) => page.getByRole('button', { name: 'Alerts', exact: true });
const messages = (page: Page) => page.getByRole('list', { name: 'Messages', exact: true });
const chatLauncher = (page: Page) =>
  page.getByRole('button', { name: /^(Chat with support|Hide the chat)$/ });
const chatLog = (page: Page) => page.getByRole('list', { name: 'Messages with Marquee Support' });

test('a member opens a help request, an admin answers and sets its status, the member sees Awaiting Your Response and the alert', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await createMember(request, 'help');
  const memberName = `${member.first} ${member.last}`;
  const page = await pageFor(browser, member);

  await page.goto('/help');
  await expectSignedIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
  await expect(page.locator('.mq-help-promise')).toHaveText(PROMISE);
  await expect(page.getByText('You have no open help requests.')).toBeVisible();
  await expect(page.getByText('You have no closed help requests.')).toBeVisible();
  // The FAQs open one at a time.
  const faq = page.getByText('How soon will support answer me?');
  await faq.click();
  await expect(page.getByText(/We reply to every help request within 24 hours/)).toBeVisible();
  // "Contact support" leads members to the help center (visitors get the mail address).
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Contact support' })).toHaveAttribute(
    'href',
    '/help',
  );
  await shootBothWidths(page, 'help-center');

  // Spec 3 §5: a subject longer than 3 characters and a description longer than 5.
  const subject = page.getByLabel('Subject', { exact: true });
  const description = page.getByLabel('Description', { exact: true });
  await subject.fill('abc');
  await description.fill('Points are missing since yesterday.');
  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByRole('alert').filter({ hasText: INCOMPLETE })).toBeVisible();
  await subject.fill('Points missing');
  await description.fill('short');
  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByRole('alert').filter({ hasText: INCOMPLETE })).toBeVisible();
  // The subject stops at 50 characters.
  await subject.fill('x'.repeat(60));
  await expect(subject).toHaveValue('x'.repeat(50));

  const title = `Points missing ${Date.now().toString(36)}`;
  await subject.fill(title);
  await description.fill(
    'I earned 20 points on an IMDb view yesterday and they are gone: www.imdb.com/title/tt0111161/',
  );
  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(page).toHaveURL(/\/help\/\d+$/);
  const id = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page.locator('.mq-help-thread__head .mq-help-status')).toHaveText('Pending');
  await expect(messages(page).getByRole('link', { name: 'www.imdb.com/title/tt0111161/' })).toHaveAttribute(
    'href',
    'https://www.imdb.com/title/tt0111161/',
  );

  // Staff: the desk lists it Pending, with its age and the member's admin page.
  const admin = await adminSession(request);
  const desk = await pageFor(browser, admin);
  await desk.goto('/admin/help');
  await expect(desk.getByRole('heading', { level: 1, name: 'Help Desk' })).toBeVisible();
  const row = desk.getByRole('row').filter({ hasText: title });
  await expect(row.getByRole('link', { name: memberName })).toHaveAttribute(
    'href',
    `/admin/users/${member.id}`,
  );
  await expect(row).toContainText('just now');
  await expect(desk.getByRole('button', { name: /^Pending \(\d+\)$/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await shootBothWidths(desk, 'help-admin-desk');
  await row.getByRole('link', { name: title }).click();
  await expect(desk).toHaveURL(new RegExp(`/admin/help/${id}$`));
  await expect(desk.getByRole('link', { name: memberName }).first()).toHaveAttribute(
    'href',
    `/admin/users/${member.id}`,
  );

  // The admin answers as Marquee Support: the request awaits the member.
  await desk
    .getByLabel('Reply as Marquee Support')
    .fill('We found it: the listing owner ran out of points. Your 20 points are back.');
  await desk.getByRole('button', { name: 'Send Reply' }).click();
  await expect(messages(desk).getByText('Your 20 points are back.')).toBeVisible();
  await expect(messages(desk).getByText(/answered by Avery Quinn/)).toBeVisible();
  const status = desk.getByLabel('Status', { exact: true });
  await expect(status).toHaveValue('Awaiting Response');
  // The selector sets any status (spec 3 §4).
  await status.selectOption('Pending');
  await expect(desk.getByText('The request is now Pending.')).toBeVisible();
  await status.selectOption('Awaiting Response');
  await expect(desk.getByText('The request is now Awaiting Response.')).toBeVisible();
  await expect(status).toHaveValue('Awaiting Response');
  await shootBothWidths(desk, 'help-admin-thread');

  // The member: an alert, a mail, and "Awaiting Your Response".
  await page.goto('/home');
  await expect(alertsButton(page)).toHaveAccessibleDescription('1 new alert');
  await alertsButton(page).click();
  const alert = page.getByRole('link', {
    name: new RegExp(`Marquee Support replied to your help request: ${title}`),
  });
  await expect(alert).toHaveAttribute('href', `/help/${id}`);
  await alert.click();
  await expect(page).toHaveURL(new RegExp(`/help/${id}$`));
  await expect(page.locator('.mq-help-thread__head .mq-help-status')).toHaveText('Awaiting Your Response');
  await expect(messages(page).getByText('Your 20 points are back.')).toBeVisible();
  await expect(messages(page).getByText(/answered by/)).toHaveCount(0);
  const mail = await mailTo(request, member.email, `Marquee Support replied: ${title}`);
  expect(mail.text).toContain(`/help/${id}`);
  await page.goto('/help');
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('Awaiting Your Response');

  // The member replies (Pending again), then closes it; it moves to the closed list.
  await page.goto(`/help/${id}`);
  await page.getByLabel('Your reply').fill('Thank you, I see them now!');
  await page.getByRole('button', { name: 'Send Reply' }).click();
  await expect(messages(page).getByText('Thank you, I see them now!')).toBeVisible();
  await expect(page.locator('.mq-help-thread__head .mq-help-status')).toHaveText('Pending');
  await shootBothWidths(page, 'help-thread');
  await page.getByRole('button', { name: 'Close my request' }).click();
  await expect(page.locator('.mq-help-thread__head .mq-help-status')).toHaveText('Closed');
  await page.goto('/help');
  const closed = page.getByRole('region', { name: 'Closed requests' });
  await expect(closed.getByRole('link', { name: title })).toBeVisible();
  await page.context().close();
  await desk.context().close();
});

test('a thread of more than 5 messages opens at its newest message', async ({ browser, request }) => {
  const member = await createMember(request, 'help-long');
  const opened = await api(request, member.token, 'help/submitHelpRequest', {
    subject: 'A long conversation',
    content: 'First message of a long thread.',
  });
  for (let i = 2; i <= 8; i++) {
    await api(request, member.token, 'help/postHelpComment', {
      thread: opened.thread_id,
      comment: `Message number ${i} with a few more words so that it takes some room on the page.`,
    });
  }
  const page = await pageFor(browser, member);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/help/${opened.thread_id}`);
  await expect(messages(page).getByRole('listitem')).toHaveCount(8);
  await expect(page.getByText('Message number 8', { exact: false })).toBeInViewport();
  await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).not.toBeInViewport();
  await page.context().close();
});

/** A mark on the open page that a reload would wipe. */
const markPage = (p: Page) => p.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));
async function expectNotReloaded(p: Page) {
  expect(await p.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
}

test('a live chat message is answered by an admin from the desk, and each sees the other without a reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await createMember(request, 'help-chat');
  const memberName = `${member.first} ${member.last}`;
  const page = await pageFor(browser, member);
  // The panel asks every few seconds on Playwright's clock, so nothing sleeps.
  await page.clock.install();
  await page.goto('/help');
  await expectSignedIn(page);
  await chatLauncher(page).click();
  const panel = page.getByRole('region', { name: 'Live chat' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(`Chatting with Marquee Support as ${memberName}`);
  await expect(chatLog(page).getByText(/Ask us anything/)).toBeVisible();
  const box = page.getByLabel('Message to Marquee Support');
  await box.fill('Hi! Is the daily action count reset at midnight?');
  await box.press('Enter');
  await expect(chatLog(page).getByText('Is the daily action count reset at midnight?')).toBeVisible();
  await expect(box).toHaveValue('');
  await shootBothWidths(page, 'help-chat');

  // The admin finds the chat waiting on the desk and answers it.
  const admin = await adminSession(request);
  const desk = await pageFor(browser, admin);
  await desk.clock.install();
  await desk.goto('/admin/help?view=chat');
  const item = desk.getByRole('link', { name: new RegExp(memberName) });
  await expect(item).toContainText('Waiting for an answer');
  await item.click();
  await expect(desk.getByRole('heading', { name: `Chat with ${memberName}` })).toBeVisible();
  await desk.getByLabel(`Answer ${memberName} as Marquee Support`).fill('Yes, at midnight Pacific time.');
  await desk.getByRole('button', { name: 'Send' }).click();
  const deskLog = desk.getByRole('list', { name: `Messages with ${memberName}` });
  await expect(deskLog.getByText('Yes, at midnight Pacific time.')).toBeVisible();

  // The member's open panel shows the answer on its next poll, without a reload. (The installed clock
  // also runs at the real pace, so on a slow machine the poll may come before it is moved: a mark left
  // on the page, not the answer's absence beforehand, is what shows the page was not reloaded.)
  await markPage(page);
  await page.clock.runFor(POLL_MS + 500);
  await expect(chatLog(page).getByText('Yes, at midnight Pacific time.')).toBeVisible();
  await expectNotReloaded(page);
  await expect(chatLog(page).getByText('Marquee Support', { exact: true }).last()).toBeVisible();

  // And the desk sees the member's next message the same way.
  await box.fill('Great, thanks!');
  await markPage(desk);
  await box.press('Enter');
  await desk.clock.runFor(POLL_MS + 500);
  await expect(deskLog.getByText('Great, thanks!')).toBeVisible();
  await expectNotReloaded(desk);
  await shootBothWidths(desk, 'help-admin-chat');

  // The chat belongs to the help pages: it goes when they close, and comes back with them.
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await expect(page).not.toHaveURL(/\/help/);
  await expect(chatLauncher(page)).toHaveCount(0);
  await page.goBack();
  await expect(chatLauncher(page)).toBeVisible();
  await page.context().close();
  await desk.context().close();
});

test('with Intercom configured, the help pages load its Messenger with the verified identity and shut it down on leaving', async ({
  browser,
  request,
}) => {
  const member = await createMember(request, 'help-ic');
  const page = await pageFor(browser, member);
  // The server answers as it would with CHAT_PROVIDER=intercom; nothing reaches Intercom itself.
  await page.route('**/v4/operations/help/fetchChatConfig**', (route) =>
    route.fulfill({
      json: {
        status: 'success',
        provider: 'intercom',
        app_id: 'e2eapp01',
        api_base: 'https://api-iam.intercom.io',
        identity: {
          user_id: String(member.id),
          name: 'Casey Tester',
          email: member.email,
          user_hash: 'ab'.repeat(32),
        },
      },
    }),
  );
  await page.route('https://widget.intercom.io/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '' }),
  );
  await page.goto('/home');
  await expectSignedIn(page);
  expect(await page.locator('script[src*="intercom"]').count()).toBe(0);

  await page.goto('/help');
  await expect(page.locator('script#mq-intercom-script')).toHaveAttribute(
    'src',
    'https://widget.intercom.io/widget/e2eapp01',
  );
  const booted = await page.evaluate(() => {
    const w = window as unknown as { intercomSettings?: object; Intercom?: { q?: unknown[][] } };
    return { settings: w.intercomSettings, queue: w.Intercom?.q };
  });
  expect(booted.settings).toEqual({
    api_base: 'https://api-iam.intercom.io',
    app_id: 'e2eapp01',
    user_id: String(member.id),
    name: 'Casey Tester',
    email: member.email,
    user_hash: 'ab'.repeat(32),
  });
  expect(booted.queue?.[0]?.[0]).toBe('boot');
  // Marquee's own panel is not shown beside it.
  await expect(chatLauncher(page)).toHaveCount(0);

  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await expect(page).not.toHaveURL(/\/help/);
  // The help page leaves once the next page is on screen.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const w = window as unknown as { intercomSettings?: object; Intercom?: { q?: unknown[][] } };
        return { settings: w.intercomSettings ?? null, last: w.Intercom?.q?.at(-1)?.[0] };
      }),
    )
    .toEqual({ settings: null, last: 'shutdown' });
  await page.context().close();
});

test('no script runs from help requests, replies or chat messages (D8.1)', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const writer = await createMember(request, 'help-xss');
  const admin = await adminSession(request);
  const opened = await api(request, writer.token, 'help/submitHelpRequest', {
    subject: `<img src=x onerror="window.__xss='subject'">`.slice(0, 50),
    content: CORPUS[0] as string,
  });
  // Three entries a reply, so the corpus stays within the reply limit (docs/domain.md H6).
  for (let i = 1; i < CORPUS.length; i += 3) {
    const comment = CORPUS.slice(i, i + 3).join(' ');
    await api(request, writer.token, 'help/postHelpComment', { thread: opened.thread_id, comment });
  }
  await api(request, admin.token, 'help/postHelpComment', {
    thread: opened.thread_id,
    comment: CORPUS.join(' ').slice(0, 2000),
  });
  for (const entry of CORPUS.slice(0, 6))
    await api(request, writer.token, 'help/postChat', { message: entry });

  const check = async (page: Page, path: string, texts: string) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(path);
    await expect(page.locator(texts).first()).toBeVisible();
    expect(await page.locator(texts).locator(INJECTED).count()).toBe(0);
    const hrefs = await page
      .locator(`${texts} a`)
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    // Links in member text are http(s); the list's own links lead to the requests.
    for (const href of hrefs) expect(href).toMatch(/^(https?:\/\/|\/help\/\d+$)/);
    for (const text of await page.locator(texts).all()) await text.hover();
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  };

  const page = await pageFor(browser, writer);
  await check(page, `/help/${opened.thread_id}`, '.mq-help-msg .mq-text');
  await expect(page.getByRole('heading', { level: 2 })).toContainText('<img src=x');
  await check(page, '/help', '.mq-help-list');
  await chatLauncher(page).click();
  await expect(chatLog(page).locator('.mq-text').first()).toBeVisible();
  expect(await chatLog(page).locator(INJECTED).count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();

  const desk = await pageFor(browser, admin);
  await check(desk, `/admin/help/${opened.thread_id}`, '.mq-help-msg .mq-text');
  await check(desk, `/admin/help?view=chat&chat=${writer.id}`, '.mq-chat__log .mq-text');
  await page.context().close();
  await desk.context().close();
});

test('visitors who are not signed in reach support by mail', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Contact support' })).toHaveAttribute(
    'href',
    /^mailto:/,
  );
});
