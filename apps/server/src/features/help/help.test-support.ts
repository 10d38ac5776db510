import { desc, eq } from 'drizzle-orm';
import { help } from '@marquee/contract';
import type { TestApp } from '../../../test/test-app.js';
import { buildMember, type BuiltMember } from '../../../test/factories.js';
import { alerts } from '../alerts/alerts.tables.js';
import { outboxMails } from '../../platform/mail.tables.js';

let counter = 0;

/** Opens a help request as `member`, with a subject and description that pass spec 3 §5. */
export async function openRequest(
  t: TestApp,
  member: BuiltMember,
  subject = `Question ${++counter}`,
  content = 'My listing does not show up in the earn list.',
): Promise<number> {
  const answer = await t.call(help.submitHelpRequest, { subject, content }, member.token);
  if (answer.statusCode !== 200) throw new Error(`openRequest: ${answer.body.message}`);
  return answer.body.thread_id;
}

export const staff = (t: TestApp) => buildMember(t.db, t.clock, { role: 'admin', membership: 'pro' });

export const reply = (t: TestApp, token: string, thread: number, comment: string) =>
  t.call(help.postHelpComment, { thread, comment }, token);

/** The member's newest alerts. */
export const alertsOf = (t: TestApp, userId: number) =>
  t.db.select().from(alerts).where(eq(alerts.userId, userId)).orderBy(desc(alerts.id));

/** The mails that went to an address (the outbox: no SMTP server in tests). */
export const mailsTo = (t: TestApp, email: string) =>
  t.db.select().from(outboxMails).where(eq(outboxMails.to, email)).orderBy(desc(outboxMails.id));
