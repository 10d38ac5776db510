import { z } from 'zod';

/** App version; a client with another version sees the version-update screen (spec 4 §4). */
export const APP_VERSION = '4.2';

export const MEMBERSHIPS = ['free', 'premium', 'pro', 'managed'] as const;
export type Membership = (typeof MEMBERSHIPS)[number];

export type YesNo = 'yes' | 'no';

/** The levels a member pays for (D10.3). */
export const PAID_LEVELS = ['premium', 'pro'] as const;
export type PaidLevel = (typeof PAID_LEVELS)[number];

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
}

/** An id in the query string or body; member ids are whole numbers. */
export const idSchema = (what: string) =>
  z.coerce
    .number({ error: `Please give a valid ${what}.` })
    .int({ error: `Please give a valid ${what}.` })
    .positive({ error: `Please give a valid ${what}.` });
