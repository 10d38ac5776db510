import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { DAY_MS, HOUR_MS } from '../../platform/time.js';
import { outboxMails } from '../../platform/mail.tables.js';
import { runDueJobs } from '../../platform/jobs.js';
import { users } from '../members/members.tables.js';
import { emailSettings } from '../account/account.tables.js';
import { subscriptions } from './membership.tables.js';
import { membershipRemindersJob } from './reminders.js';

const t = useTestApp();

async function mailsTo(...emails: string[]) {
  return t.db.select().from(outboxMails).where(inArray(outboxMails.to, emails));
}

describe('membership reminders (D2.3, email settings)', () => {
  it('mails once 3 days before a paid level ends and once the day after it ended, honouring settings', async () => {
    const now = t.clock.now();
    const ending = await buildMember(t.db, t.clock);
    const ended = await buildMember(t.db, t.clock);
    const renewing = await buildMember(t.db, t.clock);
    const optedOut = await buildMember(t.db, t.clock);
    const later = await buildMember(t.db, t.clock);
    const in3Days = new Date(now.getTime() + 3 * DAY_MS);
    await t.db.update(users).set({ premiumExpires: in3Days }).where(eq(users.id, ending.id));
    await t.db
      .update(users)
      .set({ proExpires: new Date(now.getTime() - DAY_MS - HOUR_MS) })
      .where(eq(users.id, ended.id));
    await t.db
      .update(users)
      .set({ proExpires: in3Days })
      .where(inArray(users.id, [renewing.id, optedOut.id]));
    await t.db
      .update(users)
      .set({ premiumExpires: new Date(now.getTime() + 10 * DAY_MS) })
      .where(eq(users.id, later.id));
    await t.db.insert(subscriptions).values({
      userId: renewing.id,
      level: 'pro',
      provider: 'test',
      providerRef: `test_sub_${renewing.id}`,
      status: 'active',
      currentPeriodEnd: in3Days,
      createdAt: now,
    });
    await t.db
      .insert(emailSettings)
      .values({ userId: optedOut.id, name: 'membership', enabled: false, updatedAt: now });

    expect(await runDueJobs(t.app.deps, [membershipRemindersJob])).toEqual(['membership-reminders']);
    const sent = await mailsTo(ending.email, ended.email, renewing.email, optedOut.email, later.email);
    expect(sent).toHaveLength(2);
    expect(sent.find((m) => m.to === ending.email)?.subject).toMatch(/^Your Premium membership ends on /);
    expect(sent.find((m) => m.to === ended.email)?.subject).toBe('Your Pro membership has ended');
    expect(sent.find((m) => m.to === ended.email)?.text).toContain('/membership');

    // Once a Pacific day: a second run the same day sends nothing more.
    expect(await runDueJobs(t.app.deps, [membershipRemindersJob])).toEqual([]);
    expect(await mailsTo(ending.email, ended.email)).toHaveLength(2);
  });
});
