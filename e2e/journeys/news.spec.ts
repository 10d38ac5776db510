import { expect, test, type Locator, type Page } from '@playwright/test';
import { API, createMember, type Member } from '../support/members.js';
import { shootBothWidths } from '../support/earn.js';
import { expectSignedIn, useSession } from '../support/ui.js';
import { posterPng } from '../support/png.js';

/** A showreel of the demo's simulated video catalogue (demo-data.ts). */
const DEMO_VIDEO = { url: 'https://www.youtube.com/watch?v=mqReel00002', title: 'Jonah Whitaker: showreel' };

const composer = (page: Page) => page.getByRole('combobox', { name: 'Share news with the community' });
const postButton = (page: Page) => page.getByRole('button', { name: 'Post', exact: true });
const item = (page: Page, text: string): Locator => page.getByRole('article').filter({ hasText: text });
const fullName = (m: Member) => `${m.first} ${m.last}`;

async function openHome(page: Page, member: Member, path = '/home') {
  await useSession(page, member);
  await page.goto(path);
  await expectSignedIn(page);
}

async function postThroughApi(page: Page, member: Member, comment: string): Promise<number> {
  const response = await page.request.post(`${API}/news/postNews`, {
    headers: { authorization: `Bearer ${member.token}` },
    data: { comment },
  });
  const body = (await response.json()) as { news_id: number; message?: string };
  expect(response.ok(), body.message).toBe(true);
  return body.news_id;
}

test('a member posts a video and an image, comments, likes and hides a member’s posts', async ({
  page,
  request,
}) => {
  // A long journey (posting, media, comments, likes, hiding, deleting, paging): more than the default minute.
  test.setTimeout(120_000);
  const me = await createMember(request, 'news');
  const other = await createMember(request, 'newsb');
  const otherText = `Casting call from ${other.last}: two leads for a short`;
  await postThroughApi(page, other, otherText);
  await openHome(page, me);

  // Collapsed, then focused: the counter and the media buttons appear.
  await expect(page.getByRole('button', { name: 'Video', exact: true })).toHaveCount(0);
  await composer(page).click();
  await expect(page.getByText('200 characters left')).toBeVisible();
  await composer(page).fill('x'.repeat(195));
  await expect(page.getByText('5 characters left')).toHaveClass(/is-warn/);
  await composer(page).fill('x'.repeat(203));
  await expect(page.getByText('3 characters over the limit: exceeded')).toBeVisible();
  await expect(postButton(page)).toBeDisabled();

  // A video: the link, the lookup, the preview, then the post.
  const videoText = `My new reel ${me.last}`;
  await composer(page).fill(videoText);
  await page.getByRole('button', { name: 'Video', exact: true }).click();
  await page.getByLabel('YouTube link').fill('https://vimeo.com/123');
  await page.getByRole('button', { name: 'Add video' }).click();
  await expect(
    page.getByText('There was a problem with the URL you provided. Make sure it is a YouTube link!'),
  ).toBeVisible();
  await expect(page.getByLabel('YouTube link')).toHaveValue('');
  await page.getByLabel('YouTube link').fill(DEMO_VIDEO.url);
  await page.getByRole('button', { name: 'Add video' }).click();
  await expect(page.getByRole('region', { name: 'Share news' }).getByText(DEMO_VIDEO.title)).toBeVisible();
  await postButton(page).click();
  await expect(page.getByText('Your post is now on the news feed.')).toBeVisible();
  const videoItem = item(page, videoText);
  await videoItem.getByRole('button', { name: `Play video: ${DEMO_VIDEO.title}` }).click();
  const player = page.getByRole('dialog', { name: DEMO_VIDEO.title });
  await expect(player.locator('iframe')).toHaveAttribute('src', /mqReel00002/);
  await player.getByRole('button', { name: 'Close the player' }).click();

  // An image: picked, previewed, posted and shown from the image store.
  const imageText = `On set today ${me.last}`;
  await composer(page).click();
  await composer(page).fill(imageText);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Image', exact: true }).click();
  await (await chooser).setFiles({ name: 'on-set.png', mimeType: 'image/png', buffer: posterPng() });
  await expect(page.getByAltText('Preview of the image to post')).toBeVisible();
  await postButton(page).click();
  const imageItem = item(page, imageText);
  await expect(imageItem.getByRole('img', { name: `Image posted by ${fullName(me)}` })).toBeVisible();
  await expect(imageItem.getByRole('img', { name: `Image posted by ${fullName(me)}` })).toHaveAttribute(
    'src',
    /^\/media\//,
  );

  // A comment on the video post: the counter, the send, the count.
  await videoItem.getByRole('button', { name: '0 comments' }).click();
  await expect(videoItem.getByText('No comments yet. Be the first to say something.')).toBeVisible();
  const commentBox = videoItem.getByRole('combobox', { name: 'Write a comment' });
  await commentBox.fill('abcd');
  await expect(videoItem.getByRole('button', { name: 'Comment', exact: true })).toBeDisabled();
  await commentBox.fill('Thanks for watching, everyone!');
  await expect(videoItem.getByText('170 characters left')).toBeVisible();
  await videoItem.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(
    videoItem.getByRole('listitem').filter({ hasText: 'Thanks for watching, everyone!' }),
  ).toBeVisible();
  await expect(videoItem.getByRole('button', { name: '1 comment' })).toBeVisible();
  // Your own comment offers no Like (spec 1 §5), and can be deleted.
  await expect(videoItem.getByRole('button', { name: /Like the comment/ })).toHaveCount(0);

  // A like on someone else's post, at once.
  const theirs = item(page, otherText);
  const like = theirs.getByRole('button', { name: /^Like/ });
  await like.click();
  await expect(theirs.getByRole('button', { name: /^Liked/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(theirs.getByRole('button', { name: /^Liked/ })).toContainText('1');

  await page.evaluate(() => window.scrollTo(0, 0));
  await shootBothWidths(page, 'news-feed-top');
  await theirs.scrollIntoViewIfNeeded();
  await shootBothWidths(page, 'news-feed');

  // Hide the post, then every post of its author.
  await theirs.getByRole('button', { name: `Post options: ${fullName(other)}` }).click();
  await page.getByRole('button', { name: 'Hide this post' }).click();
  const hidden = page.getByRole('article').filter({ hasText: `This post from ${fullName(other)} is hidden` });
  await expect(hidden).toBeVisible();
  await hidden.getByRole('button', { name: `Hide all posts from ${fullName(other)}` }).click();
  await expect(
    page.getByText(`News posts from ${fullName(other)} will no longer appear in your feed.`),
  ).toBeVisible();
  await page.reload();
  await expect(item(page, videoText)).toBeVisible();
  await expect(item(page, otherText)).toHaveCount(0);

  // Deleting your own post, with the spec's message.
  await item(page, imageText)
    .getByRole('button', { name: `Post options: ${fullName(me)}` })
    .click();
  await page.getByRole('button', { name: 'Delete post' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete post' }).click();
  await expect(page.getByText('Your post was successfully deleted.')).toBeVisible();
  await expect(item(page, imageText)).toHaveCount(0);

  // Older posts come a page at a time.
  const before = await page.getByRole('article').count();
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(before);
});

test('a mentioned member sees the alert in the top bar and opens the post', async ({
  page,
  browser,
  request,
}) => {
  const writer = await createMember(request, 'newsm');
  const named = await createMember(request, 'newsn');
  await openHome(page, writer);
  await composer(page).click();
  await composer(page).pressSequentially(`Great table read with @${named.username.slice(0, 12)}`);
  const option = page.getByRole('option', { name: fullName(named) });
  await expect(option).toBeVisible();
  await composer(page).press('Enter');
  await expect(composer(page)).toHaveValue(`Great table read with @${fullName(named)} `);
  await postButton(page).click();
  const posted = item(page, 'Great table read with');
  await expect(posted.getByRole('link', { name: `@${fullName(named)}` })).toHaveAttribute(
    'href',
    `/profile/${named.id}`,
  );

  const namedContext = await browser.newContext();
  const namedPage = await namedContext.newPage();
  await openHome(namedPage, named);
  const bell = namedPage.getByRole('button', { name: 'Alerts', exact: true });
  await expect(namedPage.getByText('1 new alert')).toBeAttached();
  await bell.click();
  await namedPage.getByText(`${fullName(writer)} mentioned you in a post.`).click();
  await expect(namedPage).toHaveURL(/\/home\/\d+$/);
  await expect(item(namedPage, 'Great table read with')).toBeVisible();
  await shootBothWidths(namedPage, 'news-single');
  await namedContext.close();
});

test('the feed filters are saved and the page reloads', async ({ page, request }) => {
  const me = await createMember(request, 'newsf');
  await openHome(page, me);
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Hide posts from members without a profile photo').check();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Save filters' }).click();
  await reloaded;
  await expect(page.getByRole('button', { name: 'Filters (on)' })).toBeVisible();
  await page.getByRole('button', { name: 'Filters (on)' }).click();
  await expect(page.getByLabel('Hide posts from members without a profile photo')).toBeChecked();
});
