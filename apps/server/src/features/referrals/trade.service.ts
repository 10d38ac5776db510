import type { PaidLevel, referrals as contract } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, loggedOut } from '../../platform/errors.js';
import { findMember } from '../members/index.js';
import { presentCurrentUser } from '../members/index.js';
import { HOUSE_ID, InsufficientPoints, movePoints } from '../points/index.js';
import {
  dayPrice,
  extendedExpiry,
  notEnoughMessage,
  tradeCost,
  tradeSuccessMessage,
  type TradeCurrency,
} from './referrals.policy.js';
import { lockMember, writeTrade } from './referrals.repo.js';
import { releaseDueRewards } from './rewards.service.js';

export const PRICE_CHANGED = 'That price has changed. Please reload the page and try again.';

/**
 * A trade-in of points (account/tradePoints) or referral points (referrals/tradePoints) for membership
 * days (spec 3 §7, D10.3), in one transaction: the member's row is locked, the balance checked, the
 * level's date moved on, the credit recorded and, for points, days × price moved to the house
 * through the ledger (D3, kind 'trade'). Referral points are a balance of their own, not ledger points.
 */
export async function tradeForDays(
  deps: AppDeps,
  caller: Caller,
  currency: TradeCurrency,
  input: { level: PaidLevel; days: number; multiplier: number },
): Promise<contract.TradeAnswer> {
  const { level, days } = input;
  // The page shows the price of a day; a trade at any other price is refused, never charged.
  if (input.multiplier !== dayPrice(currency, level)) throw new AppError(409, 'price_changed', PRICE_CHANGED);
  const cost = tradeCost(currency, level, days);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (currency === 'referral_points') await releaseDueRewards(tx, { now, referrerId: caller.userId });
    const me = await lockMember(tx, caller.userId);
    if (!me || me.status !== 'active') throw loggedOut();
    const have = currency === 'points' ? me.points : me.refPoints;
    if (have < cost) throw new AppError(409, 'not_enough', notEnoughMessage(currency, level, days, have));
    const creditId = await writeTrade(tx, {
      userId: me.id,
      currency,
      level,
      days,
      cost,
      expiry: extendedExpiry(level === 'pro' ? me.proExpires : me.premiumExpires, now, days),
      at: now,
    });
    if (currency === 'points') {
      await movePoints(tx, {
        from: me.id,
        to: HOUSE_ID,
        amount: cost,
        kind: 'trade',
        refType: 'membership_credit',
        refId: String(creditId),
        at: now,
      }).catch((err: unknown) => {
        if (err instanceof InsufficientPoints)
          throw new AppError(409, 'not_enough', notEnoughMessage(currency, level, days, have));
        throw err;
      });
    }
  });
  const row = await findMember(deps.db, caller.userId);
  if (!row) throw loggedOut();
  return {
    status: 'success',
    message: tradeSuccessMessage(currency, level, days),
    user: presentCurrentUser(row, deps.clock.now()),
  };
}
