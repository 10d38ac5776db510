import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { news, operationUrl } from '@marquee/contract';
import type { Db } from '../../platform/db/database.js';
import type { TestApp } from '../../../test/test-app.js';
import { alerts } from '../alerts/alerts.tables.js';
import { blocks, users } from '../members/members.tables.js';
import { newsItems } from './news.tables.js';
import { formWithFile } from '../uploads/test-files.js';

/** A multipart body as the browser's FormData sends it: fields as text, one optional file. */
export const multipartBody = formWithFile;

/** Posts news/postNews as the composer does: multipart. */
export async function postMultipart(
  t: TestApp,
  token: string,
  fields: Record<string, string>,
  file?: Parameters<typeof multipartBody>[1],
) {
  const body = multipartBody(fields, file);
  const response = await t.app.inject({
    method: 'POST',
    url: operationUrl(news.postNews),
    payload: body.payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
  });
  return { statusCode: response.statusCode, body: response.json() as Record<string, unknown> };
}

/** A post made through the API; returns its id. */
export async function postText(
  t: TestApp,
  token: string,
  text = `Hello from the set ${randomBytes(3).toString('hex')}`,
) {
  const answer = await t.call(news.postNews, { comment: text }, token);
  if (answer.statusCode !== 200) throw new Error(`postNews: ${answer.body.message}`);
  return answer.body.news_id;
}

/** A post written straight into the table (the official account, or a V4V item). */
export async function insertPost(db: Db, userId: number, content: string, kind = 'post', at = new Date()) {
  const [row] = await db
    .insert(newsItems)
    .values({ userId, content, kind, createdAt: at })
    .returning({ id: newsItems.id });
  return (row as { id: number }).id;
}

export async function block(db: Db, blockerId: number, blockedId: number) {
  await db.insert(blocks).values({ blockerId, blockedId, createdAt: new Date() });
}

export async function setPicture(db: Db, userId: number, name: string | null) {
  await db.update(users).set({ defaultPic: name }).where(eq(users.id, userId));
}

export async function alertsOf(db: Db, userId: number, kind?: string) {
  return db
    .select()
    .from(alerts)
    .where(kind ? and(eq(alerts.userId, userId), eq(alerts.kind, kind)) : eq(alerts.userId, userId));
}

/** The ids of the items a member's feed (or another filter) shows. */
export async function feedIds(t: TestApp, token: string, input: Record<string, unknown> = {}) {
  const answer = await t.call(news.fetchNewsItems, input, token);
  if (answer.statusCode !== 200) throw new Error(`fetchNewsItems: ${answer.body.message}`);
  return answer.body.newsItems.map((i) => i.id);
}
