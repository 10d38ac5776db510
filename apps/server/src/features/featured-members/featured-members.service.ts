import { pacificMonth, uploads, type featuredMembers as contract } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import type { DailyJob } from '../../platform/jobs.js';
import { pacificDay } from '../../platform/time.js';
import { mailMember } from '../account/index.js';
import { pickFeatured } from './featured-members.policy.js';
import { featureCandidates, featuredOn, markFeatured } from './featured-members.repo.js';

/**
 * D8.3: at 12am Pacific the two opted-in paid members with the most feature points are featured for
 * the day and their feature points go back to 0; each is told by mail (kind 'featured').
 */
export const featuringJob: DailyJob = {
  name: 'featuring',
  async run(tx, { deps, day, now }) {
    const picked = pickFeatured(await featureCandidates(tx, now));
    await markFeatured(tx, picked, day);
    return async () => {
      for (const member of picked) await mailFeatured(deps, member.id);
    };
  },
};

async function mailFeatured(deps: AppDeps, userId: number): Promise<void> {
  const text = [
    'You are one of the two Featured Members on Marquee today.',
    '',
    'Until midnight Pacific time your listings come first for members earning points, and each action on them pays the member 1 extra point from Marquee, for as long as your balance pays for your listings.',
    `Your feature points start again from 0. Earn more by referring friends: ${deps.config.publicUrl}/referrals`,
  ].join('\n');
  await mailMember(deps, userId, 'featured', { subject: 'You are a Featured Member today', text }).catch(
    (err: unknown) => console.warn('Marquee: the featured member mail was not sent.', err),
  );
}

/**
 * home/fetchFeaturedMembers (spec 1 §7): today's featured members while their featuring counts
 * (D8.3). The pick is site-wide; the caller is not shown a member blocked either way (D4.1).
 */
export async function fetchFeaturedMembers(deps: AppDeps, caller: Caller) {
  const rows = await featuredOn(deps.db, pacificDay(deps.clock.now()), caller.userId);
  return {
    status: 'success' as const,
    users: rows.map((r): contract.FeaturedMember => ({
      id: r.id,
      full_name: `${r.first} ${r.last}`.trim(),
      desc_line: `Marquee member since ${pacificMonth(r.createdAt)}`,
      images: r.defaultPic ? [uploads.pictureUrl(r.defaultPic) as string] : [],
    })),
  };
}
