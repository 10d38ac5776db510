import { uploads, type CurrentUser } from '@marquee/contract';
import { levelAbilities, membershipOf, tradeablePremiumDays } from '../membership/index.js';
import type { MemberRow } from './members.repo.js';

/** The current member as the browser keeps it (spec 1 §1, spec 3 §3). */
export function presentCurrentUser(row: MemberRow, now: Date): CurrentUser {
  const state = membershipOf(row, now);
  const paid = state.membership === 'premium' || state.membership === 'pro';
  return {
    id: row.id,
    first: row.first,
    last: row.last,
    email: row.email ?? '',
    username: row.username ?? '',
    membership: state.membership,
    isAdmin: row.role === 'admin',
    avatar: uploads.pictureUrl(row.defaultPic, 80),
    hideV4V: row.hideV4v,
    hideFaceless: row.hideFaceless,
    showMePro: row.showMePro,
    canShowPro: paid,
    tradeablePremium: tradeablePremiumDays(row.premiumExpires, now),
    expires_soon: state.expires_soon,
    expired_recently: state.expired_recently,
    expire_type: state.expire_type,
    expire_show_time: state.expire_show_time,
    // A member who has never held pro, nor dismissed the offer, may start the pro trial (once).
    isProEligible:
      state.membership !== 'managed' &&
      row.proExpires === null &&
      row.proTrialAt === null &&
      row.proOfferDismissedAt === null
        ? 'yes'
        : 'no',
    subscribed: row.subscribed ? 'yes' : 'no',
    abilities: levelAbilities(state.membership),
  };
}
