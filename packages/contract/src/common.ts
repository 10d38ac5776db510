import { z } from 'zod';
import type { Membership } from './levels.js';
import type { LevelAbilities } from './membership.js';

/** App version; a client with another version sees the version-update screen (spec 4 §4). */
export const APP_VERSION = '4.2';

export type YesNo = 'yes' | 'no';

/** The current member as kept in browser storage (spec 1 §1, spec 2 §3, spec 3 §3). */
export interface CurrentUser {
  id: number;
  first: string;
  last: string;
  email: string;
  username: string;
  membership: Membership;
  /** Admin role (D2.2): the avatar menu shows Admin only when true. */
  isAdmin: boolean;
  /** Thumbnail of the default picture, or null for the no-photo image. */
  avatar: string | null;
  hideV4V: boolean;
  hideFaceless: boolean;
  showMePro: boolean;
  canShowPro: boolean;
  tradeablePremium: number;
  expires_soon: boolean;
  expired_recently: boolean;
  expire_type: 'premium' | 'pro' | '';
  /** Date the paid membership ends or ended, ISO 8601, or '' for none. */
  expire_show_time: string;
  isProEligible: YesNo;
  subscribed: YesNo;
  /** What the member's level lets them do, in the server's numbers (docs/domain.md MEM1). */
  abilities: LevelAbilities;
}

/** The largest id a database integer column holds; a larger "id" names nothing. */
export const MAX_ID = 2_147_483_647;

/**
 * Numbers in a query string, form or multipart body arrive as text. Only plain decimal digits (an
 * optional minus, an optional fraction) are read as a number; anything else (`true`, `[1]`, `"0x10"`,
 * `"1e3"`, `""`, `" 7"`) is handed on unchanged, for the number schema to refuse with its own message.
 * No number the app takes lies beyond MAX_ID either way, so one that does is handed on as NaN, which
 * every number schema refuses with its own message, before any reaches the database (B4).
 */
export function digitsAsNumber(value: unknown): unknown {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^-?\d{1,15}(\.\d{1,6})?$/.test(value)
        ? Number(value)
        : undefined;
  if (n === undefined) return value;
  return Math.abs(n) > MAX_ID ? Number.NaN : n;
}

/** A number field of the contract: `schema` sees a number, read from digits when it came as text. */
export const wholeNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value: string | number) => digitsAsNumber(value), schema);

/** An id in the query string or body: a positive whole number written as digits, at most MAX_ID. */
export const idSchema = (what: string) => {
  const error = `Please give a valid ${what}.`;
  return wholeNumber(z.number({ error }).int({ error }).min(1, { error }).max(MAX_ID, { error }));
};
