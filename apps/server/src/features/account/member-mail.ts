import type { AppDeps } from '../../platform/deps.js';
import { mailRecipient, mailSwitches } from './account.repo.js';

/**
 * The kinds of optional mail Marquee sends a member, each one a switch in their email settings
 * (spec 3 §3); 'all' switches every one of them. Mail a member asked for (a password reset) and
 * receipts are not optional and do not go through here.
 */
export const EMAIL_KINDS = [
  {
    name: 'all',
    title: 'All emails',
    description: 'Every email below: turn this off and Marquee sends you only what you ask for.',
  },
  {
    name: 'membership',
    title: 'Membership reminders',
    description: 'When your Premium or Pro membership is about to end, and when it has ended.',
  },
  {
    name: 'referrals',
    title: 'Referral news',
    description: 'When someone joins with your referral link, and when a referral earns you points.',
  },
  {
    name: 'featured',
    title: 'Featured Member',
    description: 'When you are one of the day’s Featured Members.',
  },
  {
    name: 'help',
    title: 'Help center replies',
    description: 'When the support team answers one of your help requests.',
  },
  {
    name: 'managed',
    title: 'Managed Rank',
    description: 'Your invitation to Managed Rank, the service that looks after your IMDb page’s STARmeter.',
  },
] as const;

export type EmailKind = Exclude<(typeof EMAIL_KINDS)[number]['name'], 'all'>;

/** Whether a member takes a kind of mail: on unless they switched it, or all mail, off. */
export async function takesMail(deps: AppDeps, userId: number, kind: EmailKind): Promise<boolean> {
  const rows = await mailSwitches(deps.db, userId, ['all', kind]);
  return rows.every((row) => row.enabled);
}

/**
 * Sends an optional mail to an active member, honouring their email settings; answers whether it
 * was sent. Every optional mail the app sends goes through here.
 */
export async function mailMember(
  deps: AppDeps,
  userId: number,
  kind: EmailKind,
  message: { subject: string; text: string },
): Promise<boolean> {
  const member = await mailRecipient(deps.db, userId);
  if (!member?.email || member.status !== 'active') return false;
  if (!(await takesMail(deps, userId, kind))) return false;
  await deps.mailer.send({ to: member.email, ...message });
  return true;
}
