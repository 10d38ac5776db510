import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { board, operationUrl } from '@marquee/contract';
import type { TestApp } from '../../../test/test-app.js';
import { alerts } from '../alerts/alerts.tables.js';
import { blocks } from '../members/members.tables.js';
import { boardCategories, boardThreadViews, boardThreads } from './board.tables.js';
import { formWithFile } from '../uploads/test-files.js';

/** A multipart body as the browser's FormData sends it: fields as text, one optional file. */
export const multipartBody = formWithFile;

/** board/postTopic as the modal sends it: multipart. */
export async function postTopicMultipart(
  t: TestApp,
  token: string,
  fields: Record<string, string>,
  file?: Parameters<typeof multipartBody>[1],
) {
  const body = multipartBody(fields, file);
  const response = await t.app.inject({
    method: 'POST',
    url: operationUrl(board.postTopic),
    payload: body.payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
  });
  return {
    statusCode: response.statusCode,
    body: response.json() as Record<string, unknown> & { status: string; message?: string; extra?: string },
  };
}

export const png = () =>
  sharp({ create: { width: 64, height: 36, channels: 3, background: '#3a2f8f' } })
    .png()
    .toBuffer();

/** A topic started through the API (the member must be premium, pro, managed or staff); returns its id. */
export async function startTopic(
  t: TestApp,
  token: string,
  opts: { category?: string; subject?: string; content?: string } = {},
): Promise<number> {
  const answer = await t.call(
    board.postTopic,
    {
      category: opts.category ?? 'general',
      subject: opts.subject ?? `A topic ${randomBytes(3).toString('hex')}`,
      content: opts.content ?? 'What does everyone think about this?',
    },
    token,
  );
  if (answer.statusCode !== 200) throw new Error(`postTopic: ${answer.body.message}`);
  return answer.body.thread_id;
}

/** A reply through the API; returns the answer's body. */
export async function reply(t: TestApp, token: string, threadId: number, content = 'Good point, thank you.') {
  const answer = await t.call(board.postReply, { thread_id: threadId, content }, token);
  if (answer.statusCode !== 200) throw new Error(`postReply: ${answer.body.message}`);
  return answer.body;
}

/** The thread's posts on one page, as `token`'s member reads it. */
export async function threadPage(t: TestApp, token: string, threadId: number, page = 0) {
  const answer = await t.call(board.fetchThread, { thread: threadId, page }, token);
  if (answer.statusCode !== 200) throw new Error(`fetchThread: ${answer.body.message}`);
  return answer.body;
}

export async function block(t: TestApp, blockerId: number, blockedId: number) {
  await t.db.insert(blocks).values({ blockerId, blockedId, createdAt: t.clock.now() });
}

export async function alertsOf(t: TestApp, userId: number, kind = 'board_reply') {
  return t.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.kind, kind)));
}

export async function threadRow(t: TestApp, threadId: number) {
  const [row] = await t.db.select().from(boardThreads).where(eq(boardThreads.id, threadId));
  return row ?? null;
}

/** How many views the thread has counted (BD5). */
export async function viewsOf(t: TestApp, threadId: number): Promise<number> {
  const [row] = await t.db.select().from(boardThreadViews).where(eq(boardThreadViews.threadId, threadId));
  return row?.viewCount ?? 0;
}

export async function categoryRow(t: TestApp, name: string) {
  const [row] = await t.db.select().from(boardCategories).where(eq(boardCategories.category, name));
  return row ?? null;
}

/** A category of its own for a test, so its counts and threads are that test's alone. */
export async function ownCategory(t: TestApp, name = `test-${randomBytes(4).toString('hex')}`) {
  await t.db
    .insert(boardCategories)
    .values({ category: name, longName: `Category ${name}`, description: 'For one test.', position: 100 });
  return name;
}
