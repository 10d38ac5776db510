import { managed as contract, pacificDate } from '@marquee/contract';
import { DAY_MS } from '../../platform/time.js';

/**
 * Set Up Managed and the invitation, the pure part (docs/domain.md MR2, MR3): the name code of a
 * member's IMDb address, the setup staff are shown, the invitation's lifetime and its mail.
 */

/** MR3: an invitation's code works for 14 days. */
export const INVITATION_DAYS = 14;

/** MR2: the setup shows the page's last four weeks (rank1..rank4, views1..views4, newest first). */
export const SETUP_WEEKS = 4;

export const SETUP_SAVED = 'The Managed Rank setup was saved.';
export const SET_UP_FIRST = 'Please set the member up first.';
export const WRONG_UNSUB_CODE =
  'That code is not this member’s unsubscribe code: save the setup again and send the invitation from there.';
export const NOT_ACTIVE = 'Only an active member can be invited to Managed Rank.';
export const ALREADY_MANAGED_STAFF = 'This member already has Managed Rank.';
export const MAIL_FAILED =
  'The invitation was saved but its mail could not be sent. Please send the invitation again.';
export const UNSUBSCRIBED_MESSAGE =
  'You will get no more Managed Rank emails from Marquee. To have them again, turn Managed Rank back on under Email Settings on your Account page.';

export const invitationExpiry = (sentAt: Date) => new Date(sentAt.getTime() + INVITATION_DAYS * DAY_MS);

/** The IMDb name code of a member's IMDb address ('nm1234567' of …/name/nm1234567/), or '' for none. */
export function nmCodeOf(imdbUrl: string | null | undefined): string {
  const match = /\/name\/(nm\d{7,8})(?=[/?#]|$)/i.exec(imdbUrl ?? '');
  return match ? (match[1] as string).toLowerCase() : '';
}

export interface SetupMember {
  id: number;
  first: string;
  last: string;
  email: string | null;
  imdbUrl: string | null;
  defaultPic: string | null;
}

export interface StarmeterWeek {
  weekEnding: string;
  rank: number;
  views: number;
}

export interface SetupRow {
  nmCode: string;
  selection: number;
  rank1: number | null;
  rank2: number | null;
  rank3: number | null;
  rank4: number | null;
  views1: number | null;
  views2: number | null;
  views3: number | null;
  views4: number | null;
  hasPicture: boolean;
}

const asSelection = (n: number): 1 | 2 | 3 => (n === 3 || n === 2 ? n : 1);

/**
 * MR2: what Set Up Managed shows before anything is saved: the member's names, email and IMDb name
 * code, the tier they asked for (Top 200K when they did not), their last four STARmeter weeks newest
 * first with the views their listings got in each, and whether they have a profile picture.
 */
export function prefilledSetup(
  member: SetupMember,
  selection: number | null,
  weeks: StarmeterWeek[],
): contract.ManagedSetup {
  const newest = [...weeks].sort((a, b) => b.weekEnding.localeCompare(a.weekEnding)).slice(0, SETUP_WEEKS);
  const rank = (i: number) => newest[i]?.rank ?? null;
  const views = (i: number) => newest[i]?.views ?? null;
  return {
    ...accountPart(member),
    nm_code: nmCodeOf(member.imdbUrl),
    level: asSelection(selection ?? 1),
    rank1: rank(0),
    rank2: rank(1),
    rank3: rank(2),
    rank4: rank(3),
    views1: views(0),
    views2: views(1),
    views3: views(2),
    views4: views(3),
    has_picture: member.defaultPic ? 'yes' : 'no',
  };
}

/** MR2: a saved setup as staff see it again; the names and email are the account's as they are now. */
export function savedSetup(member: SetupMember, row: SetupRow): contract.ManagedSetup {
  return {
    ...accountPart(member),
    nm_code: row.nmCode,
    level: asSelection(row.selection),
    rank1: row.rank1,
    rank2: row.rank2,
    rank3: row.rank3,
    rank4: row.rank4,
    views1: row.views1,
    views2: row.views2,
    views3: row.views3,
    views4: row.views4,
    has_picture: row.hasPicture ? 'yes' : 'no',
  };
}

const accountPart = (member: SetupMember) => ({
  karma_id: member.id,
  first: member.first,
  last: member.last,
  email: member.email ?? '',
});

/**
 * MR2: the names and email of a setup are the member's account details (the invitation goes to the
 * account's address); a setup naming others is refused, so staff change them on the member card.
 */
export function differsFromAccount(
  member: SetupMember,
  given: { first: string; last: string; email: string },
): boolean {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  return (
    !same(member.first, given.first) ||
    !same(member.last, given.last) ||
    !same(member.email ?? '', given.email)
  );
}

/** The setup's row from the call's input (MR2). */
export function setupRowOf(input: {
  nm_code: string;
  level: number;
  rank1?: number | null;
  rank2?: number | null;
  rank3?: number | null;
  rank4?: number | null;
  views1?: number | null;
  views2?: number | null;
  views3?: number | null;
  views4?: number | null;
  has_picture: 'yes' | 'no';
}): SetupRow {
  return {
    nmCode: input.nm_code.toLowerCase(),
    selection: asSelection(input.level),
    rank1: input.rank1 ?? null,
    rank2: input.rank2 ?? null,
    rank3: input.rank3 ?? null,
    rank4: input.rank4 ?? null,
    views1: input.views1 ?? null,
    views2: input.views2 ?? null,
    views3: input.views3 ?? null,
    views4: input.views4 ?? null,
    hasPicture: input.has_picture === 'yes',
  };
}

export const tierName = (selection: number) => contract.tierOf(selection)?.name ?? `Selection ${selection}`;

const wholeDollars = (pennies: number) =>
  pennies % 100 === 0 ? `$${pennies / 100}` : `$${(pennies / 100).toFixed(2)}`;

/**
 * MR3: the invitation mail: the tier with its price and target, the one-time subscribe link with
 * the day it stops working, and the link that turns Managed Rank mail off.
 */
export function invitationMail(opts: {
  first: string;
  selection: number;
  code: string;
  unsubCode: string;
  expiresAt: Date;
  publicUrl: string;
}): { subject: string; text: string } {
  const tier = contract.tierOf(opts.selection);
  const name = tier?.name ?? tierName(opts.selection);
  const subscribe = `${opts.publicUrl}/managed/subscribe?code=${encodeURIComponent(opts.code)}`;
  const unsubscribe = `${opts.publicUrl}${contract.UNSUBSCRIBE_PAGE}?uc=${encodeURIComponent(opts.unsubCode)}`;
  const text = [
    `Hello ${opts.first},`,
    '',
    'A place has opened for you on Managed Rank, the Marquee service that looks after your IMDb page’s STARmeter every week.',
    '',
    tier
      ? `Your tier: ${name}, ${wholeDollars(tier.pricePennies)} a month, aiming for a STARmeter of ${tier.target.toLocaleString('en-US')} or better.`
      : `Your tier: ${name}.`,
    '',
    `Read the terms and subscribe here (the link is yours alone and works until ${pacificDate(opts.expiresAt)}):`,
    subscribe,
    '',
    'The subscription renews monthly; you can cancel it at any time and it serves until the end of the month paid for.',
    '',
    'Marquee Support',
    '',
    `Rather not hear about Managed Rank? Stop these emails: ${unsubscribe}`,
  ].join('\n');
  return { subject: `Your invitation to Managed Rank (${name})`, text };
}
