import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/database.js';
import type { DailyJob } from '../../platform/jobs.js';
import { SITE_TIME_ZONE } from '../../platform/time.js';
import { mailMember } from '../account/member-mail.js';

/** A paid level ending this many Pacific days ahead is reminded of once (D2.3 expires_soon). */
export const REMIND_DAYS_AHEAD = 3;

interface Ending {
  id: number;
  level: 'premium' | 'pro';
  ends: Date;
}

/**
 * Members whose paid level (the one they hold) ends on the Pacific day `daysAhead` from `day`, with
 * no subscription renewing it and not managed; with `daysAhead` -1, those whose last paid level
 * ended the day before and who are free now.
 */
async function endingOn(tx: Db, day: string, daysAhead: number, now: Date): Promise<Ending[]> {
  const result = await tx.execute(sql`
    select id, level, ends from (
      select u.id,
        case when u.pro_expires > ${now} then 'pro' when u.premium_expires > ${now} then 'premium'
             when u.pro_expires >= u.premium_expires or u.premium_expires is null then 'pro'
             else 'premium' end as level,
        case when u.pro_expires > ${now} then u.pro_expires when u.premium_expires > ${now} then u.premium_expires
             else greatest(u.pro_expires, u.premium_expires) end as ends
      from users u
      where u.kind = 'member' and u.status = 'active'
        and (u.pro_expires is not null or u.premium_expires is not null)
        and not exists (select 1 from subscriptions s where s.user_id = u.id
                        and (s.status = 'active' or (s.level = 'managed' and s.status <> 'ended'
                                                     and s.current_period_end > ${now})))
    ) m
    where (ends at time zone ${SITE_TIME_ZONE})::date = ${day}::date + ${daysAhead}::int
      and (${daysAhead}::int >= 0) = (ends > ${now})`);
  return (
    result as unknown as { rows: { id: number; level: 'premium' | 'pro'; ends: string | Date }[] }
  ).rows.map((r) => ({ id: Number(r.id), level: r.level, ends: new Date(r.ends) }));
}

const LEVEL_NAME = { premium: 'Premium', pro: 'Pro' } as const;
const longDate = (d: Date) =>
  d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: SITE_TIME_ZONE });

/**
 * Membership reminders (kind 'membership' of the email settings): once, 3 days before a paid level
 * ends, and once the day after it ended. A day the server did not run sends neither again.
 */
export const membershipRemindersJob: DailyJob = {
  name: 'membership-reminders',
  async run(tx, { deps, day, now }) {
    const ending = await endingOn(tx, day, REMIND_DAYS_AHEAD, now);
    const ended = await endingOn(tx, day, -1, now);
    return async () => {
      for (const m of ending) await remind(deps, m, 'ending');
      for (const m of ended) await remind(deps, m, 'ended');
    };
  },
};

async function remind(deps: AppDeps, m: Ending, what: 'ending' | 'ended'): Promise<void> {
  const level = LEVEL_NAME[m.level];
  const renew = `${deps.config.publicUrl}/membership`;
  const message =
    what === 'ending'
      ? {
          subject: `Your ${level} membership ends on ${longDate(m.ends)}`,
          text: [
            `Your Marquee ${level} membership ends on ${longDate(m.ends)}.`,
            '',
            `Renew before then to keep your Daily Actions, your listings' settings and everything ${level} gives you: ${renew}`,
            '',
            'You can stop these reminders in your email settings on your account page.',
          ].join('\n'),
        }
      : {
          subject: `Your ${level} membership has ended`,
          text: [
            `Your Marquee ${level} membership ended on ${longDate(m.ends)}, and your account is a Free membership now.`,
            '',
            `Renew to get your ${level} benefits back: ${renew}`,
            '',
            'You can stop these reminders in your email settings on your account page.',
          ].join('\n'),
        };
  await mailMember(deps, m.id, 'membership', message).catch((err: unknown) =>
    console.warn('Marquee: a membership reminder was not sent.', err),
  );
}
