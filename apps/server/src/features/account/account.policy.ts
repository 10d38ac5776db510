import { createHash } from 'node:crypto';
import { PLATFORM_NAME, type account as contract, type LinkedPlatform } from '@marquee/contract';
import { escapeHtml } from '../../platform/html.js';
import type { RateRule } from '../../platform/rate-limit.js';
import { MINUTE_MS } from '../../platform/time.js';
import { EMAIL_KINDS } from './member-mail.js';

/**
 * Wrong current passwords on the account page: at most 5 per member in any 15 minutes, counted as
 * docs/domain.md L1-L3 say (each check takes a place before the password is compared, so guesses
 * sent at once cannot pass the limit; a right password gives its place back).
 */
export const PASSWORD_CHECK_WINDOW_MS = 15 * MINUTE_MS;
export const MAX_WRONG_PASSWORDS = 5;
export const PASSWORD_CHECKS: readonly RateRule[] = [
  { limit: MAX_WRONG_PASSWORDS, windowMs: PASSWORD_CHECK_WINDOW_MS },
];
export const passwordCheckKey = (memberId: number) => `account-password:${memberId}`;

/** The answer once the limit is full: the wait in whole minutes, said and sent as Retry-After. */
export function tooManyWrongPasswords(waitSeconds: number): { message: string; retryAfterSeconds: number } {
  const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
  return {
    message: `Too many wrong passwords. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    retryAfterSeconds: minutes * 60,
  };
}

/** Sign-up's name rule (docs/domain.md "Sign-up fields"): each part 1-50 characters. */
const NAME_MAX = 50;

const words = (text: string) => text.trim().split(/\s+/).filter(Boolean);
const normalised = (text: string) => words(text).join(' ').toLowerCase();

/**
 * The ways an IMDb page's name reads as first and last name: "Mary Ann Lee" is Mary / Ann Lee or
 * Mary Ann / Lee. A single word gives none, since a last name is needed (D2.4).
 */
export function nameOptions(fullName: string): contract.NameOption[] {
  const parts = words(fullName);
  const options: contract.NameOption[] = [];
  for (let split = 1; split < parts.length; split += 1) {
    const first = parts.slice(0, split).join(' ');
    const last = parts.slice(split).join(' ');
    if (first.length <= NAME_MAX && last.length <= NAME_MAX) options.push({ first, last });
  }
  return options;
}

/** Whether a first and last name are one of the options, ignoring case and spacing. */
export function isNameOption(options: contract.NameOption[], first: string, last: string) {
  return options.find(
    (o) => normalised(o.first) === normalised(first) && normalised(o.last) === normalised(last),
  );
}

/** What a name refresh (spec 3 §4) concludes from the member's IMDb page. */
export type RefreshOutcome =
  | { kind: 'title_page' }
  | { kind: 'single_name' }
  | { kind: 'up_to_date' }
  | { kind: 'pending'; options: contract.NameOption[] };

export function refreshOutcome(
  page: { kind: 'person' | 'title'; name: string },
  member: { first: string; last: string },
): RefreshOutcome {
  if (page.kind !== 'person') return { kind: 'title_page' };
  const options = nameOptions(page.name);
  if (!options.length) return { kind: 'single_name' };
  if (isNameOption(options, member.first, member.last)) return { kind: 'up_to_date' };
  return { kind: 'pending', options };
}

/** The one way an IMDb page's address is stored after the page was read: https, www, the code. */
export function canonicalImdbUrl(code: string): string {
  return `https://www.imdb.com/${code.startsWith('nm') ? 'name' : 'title'}/${code}/`;
}

/**
 * The account page's display of a linked account (spec 3 §3 facebook_display / twitter_display):
 * a link to the member's own profile, its text escaped since handles and names are member text
 * (D8.1); '' when nothing is linked (2 characters or less means not linked).
 */
export function linkedDisplay(
  platform: LinkedPlatform,
  linked: { handle: string; displayName: string | null; status: string } | null,
  profileUrl: (handle: string) => string,
): string {
  if (!linked) return '';
  const handle = platform === 'twitter' ? `@${linked.handle}` : linked.handle;
  const label =
    linked.displayName && linked.displayName !== linked.handle ? `${linked.displayName} (${handle})` : handle;
  const href = profileUrl(linked.handle);
  const safeHref = /^(https:\/\/|\/sim\/)/.test(href) ? href : '#';
  const note = linked.status === 'verified' ? '' : ` <em>needs reconnecting</em>`;
  return `<a href="${escapeHtml(safeHref)}" target="_blank" rel="noopener noreferrer" title="Your ${PLATFORM_NAME[platform]} account">${escapeHtml(label)}</a>${note}`;
}

/**
 * D2.5: the emails of deleted accounts are kept only as a hash, compared after the same lower-casing
 * sign-up applies.
 */
export function deletedEmailHash(email: string): string {
  return createHash('sha256').update(`marquee-deleted-email:${email.trim().toLowerCase()}`).digest('hex');
}

export const isEmailKind = (name: string) => EMAIL_KINDS.some((k) => k.name === name);

/** Spec 3 §3 "Email setting": every kind of optional mail, 'all' first; a kind with no row is on. */
export function emailSettingsView(rows: { name: string; enabled: boolean }[]): contract.EmailSetting[] {
  const chosen = new Map(rows.map((r) => [r.name, r.enabled]));
  return EMAIL_KINDS.map((kind) => ({
    name: kind.name,
    title: kind.title,
    description: kind.description,
    enabled: chosen.get(kind.name) ?? true,
  }));
}
