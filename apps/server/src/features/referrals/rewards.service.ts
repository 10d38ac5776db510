import { LEVEL_NAME, type PaidLevel } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/database.js';
import { mailMember } from '../account/index.js';
import type { DailyJob } from '../../platform/jobs.js';
import { DAY_MS } from '../../platform/time.js';
import {
  addReferralBalances,
  dueRewards,
  findReward,
  insertReward,
  lockMember,
  settleReward,
} from './referrals.repo.js';
import { referralReward, rewardToTakeBack } from './referrals.policy.js';

/** What a referrer earned from one payment, for the mail sent once the payment is committed. */
export interface ReferralRewardGiven {
  referrerId: number;
  referralName: string;
  level: PaidLevel;
  months: number;
  refPoints: number;
  featurePoints: number;
}

/** A reward waits this long, the time a payment may still be refunded, before it is paid out. */
export const REWARD_HOLD_DAYS = 14;

/**
 * Called inside the transaction that applies a verified payment (D10.1): when the member who paid
 * was referred by an active member, the referrer earns referral and feature points for each month
 * paid for, held for REWARD_HOLD_DAYS (releaseDueRewards) so that a refunded payment never paid
 * out. `source` names the payment ('purchase:{id}' or 'renewal:{provider}:{event id}'); a source
 * already rewarded adds nothing, so a replayed event cannot pay twice.
 */
export async function rewardReferrer(
  tx: Db,
  payment: {
    referral: { id: number; first: string; last: string; referrerId: number | null };
    level: PaidLevel;
    months: number;
    source: string;
    at: Date;
  },
): Promise<void> {
  const { referral } = payment;
  if (referral.referrerId === null || referral.referrerId === referral.id) return;
  const { refPoints, featurePoints } = referralReward(payment.level, payment.months);
  if (refPoints <= 0) return;
  const referrer = await lockMember(tx, referral.referrerId);
  if (!referrer || referrer.kind !== 'member' || referrer.status !== 'active') return;
  await insertReward(tx, {
    referrerId: referrer.id,
    referralId: referral.id,
    source: payment.source,
    refPoints,
    featurePoints,
    status: 'pending',
    createdAt: payment.at,
  });
}

/**
 * Pays out the rewards whose hold is over (all, or one referrer's): their points join the
 * referrer's balances, or the reward is withdrawn when the referrer is no longer active. Answers
 * what was paid, for the mails sent once committed.
 */
export async function releaseDueRewards(
  tx: Db,
  opts: { now: Date; referrerId?: number },
): Promise<ReferralRewardGiven[]> {
  const due = await dueRewards(tx, new Date(opts.now.getTime() - REWARD_HOLD_DAYS * DAY_MS), opts.referrerId);
  const given: ReferralRewardGiven[] = [];
  for (const reward of due) {
    const referrer = await lockMember(tx, reward.referrerId);
    const active = referrer?.kind === 'member' && referrer.status === 'active';
    await settleReward(tx, reward.id, active ? 'released' : 'withdrawn', opts.now);
    if (!active) continue;
    await addReferralBalances(tx, reward.referrerId, reward);
    given.push({
      referrerId: reward.referrerId,
      referralName: reward.referralName,
      level: reward.level,
      months: reward.months,
      refPoints: reward.refPoints,
      featurePoints: reward.featurePoints,
    });
  }
  return given;
}

/** The daily job that pays out rewards whose hold is over, and tells each referrer. */
export const referralRewardsJob: DailyJob = {
  name: 'referral-rewards',
  async run(tx, { deps, now }) {
    const given = await releaseDueRewards(tx, { now });
    return async () => {
      for (const reward of given) await mailReferralReward(deps, reward);
    };
  },
};

/**
 * Inside the transaction of a refund: takes back what is still unspent of the reward the refunded
 * payment gave (rewardToTakeBack), recorded as a negative reward under 'refund:{source}', once.
 */
export async function takeBackReferralReward(tx: Db, source: string, at: Date): Promise<void> {
  const reward = await findReward(tx, source);
  if (!reward || reward.refPoints <= 0) return;
  // Refunded while held: it never paid out, so nothing is taken from anyone.
  if (reward.status === 'pending') return settleReward(tx, reward.id, 'withdrawn', at);
  if (reward.status !== 'released') return;
  const referrer = await lockMember(tx, reward.referrerId);
  if (!referrer) return;
  const back = rewardToTakeBack(reward, referrer);
  const recorded = await insertReward(tx, {
    referrerId: reward.referrerId,
    referralId: reward.referralId,
    source: `refund:${source}`,
    refPoints: -back.refPoints,
    featurePoints: -back.featurePoints,
    createdAt: at,
  });
  if (!recorded) return;
  await addReferralBalances(tx, reward.referrerId, {
    refPoints: -back.refPoints,
    featurePoints: -back.featurePoints,
  });
}

/** Tells the referrer what they earned (kind 'referrals'); sent after the commit, and never fails. */
export async function mailReferralReward(deps: AppDeps, reward: ReferralRewardGiven): Promise<void> {
  const months = reward.months === 1 ? '1 month' : `${reward.months} months`;
  const text = [
    `${reward.referralName}, who joined Marquee with your referral link, paid for ${months} of ${LEVEL_NAME[reward.level]}.`,
    '',
    `You earned ${reward.refPoints.toLocaleString('en-US')} referral points and ${reward.featurePoints} feature points.`,
    `Trade your referral points for Premium or Pro days on your Referrals page: ${deps.config.publicUrl}/referrals`,
  ].join('\n');
  await mailMember(deps, reward.referrerId, 'referrals', {
    subject: `You earned ${reward.refPoints.toLocaleString('en-US')} referral points`,
    text,
  }).catch((err: unknown) => console.warn('Marquee: the referral reward mail was not sent.', err));
}

/** Tells the referrer that someone joined with their link (kind 'referrals'); never fails the sign-up. */
export async function mailReferralJoined(
  deps: AppDeps,
  referrerId: number,
  referral: { first: string; last: string },
): Promise<void> {
  const name = `${referral.first} ${referral.last.slice(0, 1)}.`.trim();
  const text = [
    `${name} just joined Marquee with your referral link.`,
    '',
    'Once they have been a member for two weeks on a Premium or Pro membership they are a qualified referral, and each one adds Daily Actions to your own Premium or Pro membership. Each month they pay for earns you referral points.',
    `See your referrals: ${deps.config.publicUrl}/referrals`,
  ].join('\n');
  await mailMember(deps, referrerId, 'referrals', {
    subject: `${name} joined Marquee with your referral link`,
    text,
  }).catch((err: unknown) => console.warn('Marquee: the referral mail was not sent.', err));
}
