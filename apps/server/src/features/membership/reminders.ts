import { LEVEL_NAME, pacificDate } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { DailyJob } from '../../platform/jobs.js';
import { mailMember } from '../account/index.js';
import { levelsEndingOn, type EndingLevel } from './membership.repo.js';

/** A paid level ending this many Pacific days ahead is reminded of once (D2.3 expires_soon). */
export const REMIND_DAYS_AHEAD = 3;

/**
 * Membership reminders (kind 'membership' of the email settings): once, 3 days before a paid level
 * ends, and once the day after it ended. A day the server did not run sends neither again.
 */
export const membershipRemindersJob: DailyJob = {
  name: 'membership-reminders',
  async run(tx, { deps, day, now }) {
    const ending = await levelsEndingOn(tx, day, REMIND_DAYS_AHEAD, now);
    const ended = await levelsEndingOn(tx, day, -1, now);
    return async () => {
      for (const m of ending) await remind(deps, m, 'ending');
      for (const m of ended) await remind(deps, m, 'ended');
    };
  },
};

async function remind(deps: AppDeps, m: EndingLevel, what: 'ending' | 'ended'): Promise<void> {
  const level = LEVEL_NAME[m.level];
  const renew = `${deps.config.publicUrl}/membership`;
  const message =
    what === 'ending'
      ? {
          subject: `Your ${level} membership ends on ${pacificDate(m.ends)}`,
          text: [
            `Your Marquee ${level} membership ends on ${pacificDate(m.ends)}.`,
            '',
            `Renew before then to keep your Daily Actions, your listings' settings and everything ${level} gives you: ${renew}`,
            '',
            'You can stop these reminders in your email settings on your account page.',
          ].join('\n'),
        }
      : {
          subject: `Your ${level} membership has ended`,
          text: [
            `Your Marquee ${level} membership ended on ${pacificDate(m.ends)}, and your account is a Free membership now.`,
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
