import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { API, buyPremium, createMember, type Member } from '../support/members.js';
import { shootBothWidths } from '../support/earn.js';
import { posterPng } from '../support/png.js';
import { expectSignedIn, useSession, pageFor } from '../support/ui.js';
import { CORPUS, INJECTED } from '../support/xss.js';

const FREE_CANNOT_START =
  "Free members can reply to topics but can't start new ones. Upgrade your membership to start a topic of your own.";
const DELETED = 'Your post was successfully deleted.';

const fullName = (m: Member) => `${m.first} ${m.last}`;

/** A board call (POST) made as `member` through the API; fails the journey unless it succeeds. */
async function call<T>(request: APIRequestContext, member: Member, path: string, data: object): Promise<T> {
  const response = await request.post(`${API}/${path}`, {
    headers: { authorization: `Bearer ${member.token}` },
    data,
  });
  const body = (await response.json()) as T & { status: string; message?: string };
  expect(response.ok(), `${path}: ${body.message ?? ''}`).toBe(true);
  return body;
}

/** A premium member (paid through the test checkout) with a page of their own. */
async function premiumMember(browser: Browser, request: APIRequestContext, prefix: string) {
  const member = await createMember(request, prefix);
  const page = await pageFor(browser, member);
  await buyPremium(page, request, member);
  return { member, page };
}

const posts = (page: Page) => page.getByRole('list', { name: 'Posts' }).getByRole('article');

test('a premium member starts a topic with an image; a free member replies and the author is alerted (D8.2, D12.1)', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { member: ana, page } = await premiumMember(browser, request, 'board-a');
  const ben = await createMember(request, 'board-b');

  await page.goto('/community/board');
  await expectSignedIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Message Board' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Message board categories' });
  await expect(table.getByRole('link', { name: 'Gear', exact: true })).toBeVisible();
  await shootBothWidths(page, 'board-categories');
  // At 400 px or less the categories are a list (spec 3 §2).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('list', { name: 'Categories' })).toBeVisible();
  await expect(table).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The New Topic modal: the category first, then the headline; the editor once it is over 5 characters.
  await page.getByRole('button', { name: 'New Topic' }).click();
  const modal = page.getByRole('dialog', { name: 'Start a New Topic' });
  await expect(modal.getByLabel('Headline')).toHaveCount(0);
  await modal.getByLabel('Category').selectOption({ label: 'Gear' });
  await modal.getByLabel('Headline').fill('Kit!!');
  await expect(modal.getByLabel('Your post')).toHaveCount(0);
  await expect(
    modal.getByText('Write a headline of more than 5 characters to start your post.'),
  ).toBeVisible();
  await modal.getByLabel('Headline').fill('My lighting kit for night exteriors');
  await modal
    .getByLabel('Your post')
    .fill('Two LED panels, a bounce and a lot of black wrap. What would you add? www.example.com/kit');
  const chooser = page.waitForEvent('filechooser');
  await modal.getByRole('button', { name: 'Add an image' }).click();
  await (await chooser).setFiles({ name: 'kit.png', mimeType: 'image/png', buffer: posterPng() });
  await expect(modal.getByRole('img', { name: 'Preview of the image to post' })).toBeVisible();
  await shootBothWidths(page, 'board-new-topic');
  await page.setViewportSize({ width: 1280, height: 800 });
  await modal.getByRole('button', { name: 'Post Topic' }).click();

  await expect(page).toHaveURL(/\/community\/board\/gear\/\d+$/);
  const threadUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: 'My lighting kit for night exteriors' })).toBeVisible();
  const first = posts(page).first();
  await expect(first.getByRole('link', { name: 'www.example.com/kit' })).toHaveAttribute(
    'href',
    'https://www.example.com/kit',
  );
  const picture = first.getByRole('img', { name: `Image posted by ${fullName(ana)} with the topic` });
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The author follows their topic (D12.1).
  await expect(page.getByRole('button', { name: 'Unfollow' })).toBeVisible();

  // Ben, a free member, replies.
  const benPage = await pageFor(browser, ben);
  await benPage.goto(threadUrl);
  await expectSignedIn(benPage);
  await benPage.getByLabel('Your reply').fill('Add a small tube light for the background. Great kit!');
  await benPage.getByRole('button', { name: 'Post Reply' }).click();
  await expect(posts(benPage).filter({ hasText: 'Add a small tube light' })).toBeVisible();

  // Ana is alerted, and the alert leads to the reply.
  await page.goto('/home');
  const alerts = page.getByRole('button', { name: 'Alerts', exact: true });
  await expect(alerts).toHaveAccessibleDescription('1 new alert');
  await alerts.click();
  const alert = page.getByRole('link', {
    name: new RegExp(`${fullName(ben)} replied to "My lighting kit for night exteriors"`),
  });
  await expect(alert).toHaveAttribute('href', threadUrl);
  await alert.click();
  await expect(posts(page)).toHaveCount(2);
  await expect(page.getByText('1 reply', { exact: false }).first()).toBeVisible();
  await shootBothWidths(page, 'board-thread');
});

test('a free member replies but cannot start a topic: the modal offers the upgrade (spec 3 §6)', async ({
  page,
  request,
}) => {
  const free = await createMember(request, 'board-free');
  await useSession(page, free);
  // The home page's recent board posts lead to real threads (spec 1 §2).
  await page.goto('/home');
  await expectSignedIn(page);
  const recent = page.getByRole('region', { name: 'Recent Board Posts', exact: true });
  const firstRecent = recent.getByRole('listitem').getByRole('link').first();
  const title = (await firstRecent.textContent())?.trim() ?? '';
  await firstRecent.click();
  await expect(page).toHaveURL(/\/community\/board\/[a-z-]+\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(posts(page).first()).toBeVisible();

  await page.goto('/community/board/general');
  await expect(page.getByRole('heading', { level: 2, name: 'General' })).toBeVisible();
  const topics = page.getByRole('table', { name: /^Topics in General/ });
  await expect(topics.getByRole('link', { name: 'Welcome to the Marquee message board' })).toBeVisible();
  await shootBothWidths(page, 'board-category');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'New Topic' }).click();
  const modal = page.getByRole('dialog', { name: 'Start a New Topic' });
  await expect(modal.getByText(FREE_CANNOT_START)).toBeVisible();
  await expect(modal.getByLabel('Category')).toHaveCount(0);
  await expect(modal.getByRole('link', { name: 'See membership options' })).toHaveAttribute(
    'href',
    '/membership',
  );
  await modal.getByRole('button', { name: 'Not now' }).click();

  // The server refuses too, with the same words.
  const refused = await request.post(`${API}/board/postTopic`, {
    headers: { authorization: `Bearer ${free.token}` },
    data: { category: 'general', subject: 'Trying anyway', content: 'Can I start one?' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(FREE_CANNOT_START);

  await topics.getByRole('link', { name: 'Welcome to the Marquee message board' }).click();
  await page.getByLabel('Your reply').fill('Happy to be here, thanks for the board!');
  await page.getByRole('button', { name: 'Post Reply' }).click();
  await expect(posts(page).filter({ hasText: 'Happy to be here' })).toBeVisible();
});

test('follow and unfollow; deleting the last post of a page goes to the first page, the first post to the category (spec 3 §4)', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { member: author, page: authorPage } = await premiumMember(browser, request, 'board-del');
  const repliers = await Promise.all([1, 2, 3, 4].map((n) => createMember(request, `board-r${n}`)));
  const topic = await call<{ thread_id: number }>(request, author, 'board/postTopic', {
    category: 'festivals',
    subject: 'Festival travel tips, one per reply',
    content: 'Share one tip each, and keep them coming.',
  });
  const id = topic.thread_id;
  // 20 replies (5 from each member, within the posting limit): 21 posts, the last alone on page 2.
  for (let i = 1; i <= 20; i++) {
    await call(request, repliers[(i - 1) % 4] as Member, 'board/postReply', {
      thread_id: id,
      content: `Tip number ${i}: pack a spare drive.`,
    });
  }
  const lastWriter = repliers[3] as Member;
  const page = await pageFor(browser, lastWriter);
  await page.goto(`/community/board/festivals/${id}/1`);
  await expectSignedIn(page);
  await expect(posts(page)).toHaveCount(1);
  const pager = page.getByRole('navigation', { name: 'Pages of this topic', exact: true });
  await expect(pager.getByRole('link', { name: 'Page 1' })).toBeVisible();
  await shootBothWidths(page, 'board-thread-second-page');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Follow, then unfollow (spec 3 §4).
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(
    page.getByText('You are following this topic. Replies will show in your alerts.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unfollow' })).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Unfollow' }).click();
  await expect(page.getByText('You are no longer following this topic.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();

  // Deleting the only post of the last page: the thread reloads on its first page.
  await posts(page).first().getByRole('button', { name: 'Delete your reply' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your reply?' });
  await confirm.getByRole('button', { name: 'Delete reply' }).click();
  await expect(page.getByText(DELETED)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/community/board/festivals/${id}$`));
  await expect(posts(page)).toHaveCount(20);
  await expect(page.getByRole('navigation', { name: 'Pages of this topic', exact: true })).toHaveCount(0);

  // Others' posts have no Delete; the author's first post deletes the topic and leads to the category.
  await expect(
    posts(page)
      .first()
      .getByRole('button', { name: /Delete/ }),
  ).toHaveCount(0);
  await authorPage.goto(`/community/board/festivals/${id}`);
  await posts(authorPage).first().getByRole('button', { name: 'Delete this topic' }).click();
  await authorPage
    .getByRole('dialog', { name: 'Delete this topic?' })
    .getByRole('button', { name: 'Delete topic' })
    .click();
  await expect(authorPage.getByText(DELETED)).toBeVisible();
  await expect(authorPage).toHaveURL(/\/community\/board\/festivals$/);
  await expect(authorPage.getByRole('link', { name: 'Festival travel tips, one per reply' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('This topic is no longer available.')).toBeVisible();
});

test('no script runs from board posts: tags, handlers, javascript: and data: links, encodings (D8.1)', async ({
  browser,
  request,
}) => {
  const { member: writer } = await premiumMember(browser, request, 'board-xss');
  const dialogs: string[] = [];
  const topic = await call<{ thread_id: number }>(request, writer, 'board/postTopic', {
    category: 'general',
    subject: `<img src=x onerror=alert('xss-subject')> headline`,
    content: CORPUS.join('\n'),
  });
  const readers = await Promise.all([1, 2, 3].map((n) => createMember(request, `board-x${n}`)));
  for (const [i, entry] of CORPUS.entries()) {
    await call(request, readers[i % 3] as Member, 'board/postReply', {
      thread_id: topic.thread_id,
      content: entry,
    });
  }
  const page = await pageFor(browser, readers[0] as Member);
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`/community/board/general/${topic.thread_id}`);
  await expectSignedIn(page);
  await expect(
    page.getByRole('heading', { name: `<img src=x onerror=alert('xss-subject')> headline` }),
  ).toBeVisible();
  await expect(posts(page)).toHaveCount(CORPUS.length + 1);
  await expect(
    page.getByText(`<script>window.__xss='script';alert('xss-script')</script>`).first(),
  ).toBeVisible();
  const texts = page.locator('.mq-board-post .mq-text');
  expect(await texts.locator(INJECTED).count()).toBe(0);
  const hrefs = await page
    .locator('.mq-board-post .mq-text a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  for (const href of hrefs) expect(href).toMatch(/^https?:\/\//);
  for (const text of await texts.all()) await text.hover();
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  // The category list and the board's first page show the headline as text too.
  await page.goto('/community/board/general');
  await expect(
    page.getByRole('link', { name: `<img src=x onerror=alert('xss-subject')> headline` }),
  ).toBeVisible();
  await page.goto('/community/board');
  expect(await page.locator('main img[src="x"]').count()).toBe(0);
  expect(dialogs).toEqual([]);
});
