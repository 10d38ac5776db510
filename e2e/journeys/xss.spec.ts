import { expect, test, type Page } from '@playwright/test';
import { API, createMember, type Member } from '../support/members.js';
import { expectSignedIn, useSession } from '../support/ui.js';
import { CORPUS, INJECTED } from '../support/xss.js';

async function send(page: Page, member: Member, path: string, data: object) {
  const response = await page.request.post(`${API}/${path}`, {
    headers: { authorization: `Bearer ${member.token}` },
    data,
  });
  const body = (await response.json()) as { status: string; message?: string; news_id?: number };
  expect(response.ok(), `${path}: ${body.message ?? ''}`).toBe(true);
  return body;
}

async function expectNothingRan(page: Page, dialogs: string[]) {
  const texts = page.locator('.mq-news-item .mq-text');
  await expect(texts.first()).toBeVisible();
  expect(await page.locator('.mq-news-item .mq-text').locator(INJECTED).count()).toBe(0);
  // Every link in member text is http(s) or a mention of a member's profile.
  const hrefs = await page
    .locator('.mq-news-item .mq-text a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  for (const href of hrefs) expect(href).toMatch(/^(https?:\/\/|\/profile\/\d+$)/);
  // Hover and focus everything once, in case a handler slipped through.
  for (const text of await texts.all()) await text.hover();
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

test('no script runs from posts or comments: tags, handlers, javascript: and data: links, encodings', async ({
  page,
  request,
}) => {
  const writer = await createMember(request, 'xss');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  // Two entries to a post (each post is at most 200 characters), and each entry as a comment too.
  const ids: number[] = [];
  for (let i = 0; i < CORPUS.length; i += 2) {
    const text = CORPUS.slice(i, i + 2).join(' ');
    const posted = await send(page, writer, 'news/postNews', { comment: text.slice(0, 200) });
    ids.push(posted.news_id as number);
  }
  const target = ids[0] as number;
  for (const entry of CORPUS) {
    await send(page, writer, 'news/postComment', { news_id: target, comment: entry.slice(0, 200) });
  }
  // A mention whose typed name is markup: the server stores the member's real name instead.
  await send(page, writer, 'news/postComment', {
    news_id: target,
    comment: `Hi @[<img src=x onerror=alert('xss-mention')>](${writer.id})`,
  });

  await useSession(page, writer);
  await page.goto('/home');
  await expectSignedIn(page);
  // The entries show as the text that was typed.
  await expect(
    page.getByText(`<script>window.__xss='script';alert('xss-script')</script>`).first(),
  ).toBeVisible();
  await expectNothingRan(page, dialogs);

  // The first post alone, with all its comments open.
  await page.goto(`/home/${target}`);
  await expect(page.getByRole('listitem').filter({ hasText: 'data link' }).first()).toBeVisible();
  await expect(page.locator('.mq-comment')).toHaveCount(CORPUS.length + 1);
  await expect(
    page
      .locator('.mq-comment')
      .last()
      .getByRole('link', { name: `@${writer.first} ${writer.last}` }),
  ).toHaveAttribute('href', `/profile/${writer.id}`);
  await expectNothingRan(page, dialogs);
});
