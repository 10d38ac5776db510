import { recordAudit } from '../../platform/audit.repo.js';
import type { FastifyBaseLogger } from 'fastify';
import { LISTING_TYPE_WORDS, sponsored as contract } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import { refuseWhileImpersonating, type Caller } from '../../platform/auth.js';
import { AppError, badInput, conflict, loggedOut, notFound } from '../../platform/errors.js';
import { readSettings } from '../../platform/settings.repo.js';
import { DAY_MS } from '../../platform/time.js';
import { findMember } from '../members/index.js';
import { dollars } from '../membership/index.js';
import { setPurchaseProviderRef } from '../payments/index.js';
import { sponsoredWhat } from '../payments/index.js';
import {
  canBuySponsored,
  prettyEnd,
  specialCounts,
  specialCovers,
  sponsorOptions,
  sponsoredDescription,
} from './sponsored.policy.js';
import {
  abandonSponsoredPurchase,
  activeListingsOfTypes,
  createSponsoredPurchase,
  dismiss,
  endSpecialAt,
  findListing,
  insertSpecial,
  isDismissed,
  latestSponsoredPurchase,
  overlappingSpecial,
  runningSpecial,
  sponsoredImdbViewsSoldSince,
  sponsorPrices,
  type SpecialRow,
} from './sponsored.repo.js';

/** Where the member lands after paying: the dashboard tab of the listing's platform (its My Listings panel). */
export const sponsoredReturnPath = (platform: string, listingId: number) =>
  `/v4/dashboard/${platform}?sponsored=${listingId}`;

const presentSpecial = (s: SpecialRow): contract.Special => ({
  id: s.id,
  minimum: s.minimum,
  maximum: s.maximum,
  cta: s.cta,
  price: dollars(s.pricePennies),
  types: [...s.types],
});

/**
 * The sponsor purchase (spec 2 §7, §9, D6.4, D10): the listing must be the member's own and active,
 * the count one of the listing's packages (or, for a special, a multiple of its minimum up to its
 * maximum), and IMDb views must fit within sv_max for the last 24 hours. The price is the server's;
 * the purchase waits as 'pending' until the provider's verified event grants it.
 */
export async function startSponsorCheckout(
  deps: AppDeps,
  caller: Caller,
  input: { id: number; count: number; provider: 'card' | 'paypal'; special_id?: number },
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<{ status: 'success'; redirect: string }> {
  refuseWhileImpersonating(caller, 'pay for the member');
  const now = deps.clock.now();
  const me = await findMember(deps.db, caller.userId);
  if (!me) throw loggedOut();
  const listing = await findListing(deps.db, input.id);
  if (!listing || listing.userId !== me.id || listing.status === 'deleted') {
    throw notFound('We could not find that listing among yours.');
  }
  if (listing.status === 'pending') {
    throw conflict(
      'This listing is still waiting for review. Sponsored activity can be bought once it is live.',
    );
  }
  if (!canBuySponsored(listing.status)) {
    throw conflict('Sponsored activity can be bought only for an active listing.');
  }
  const type = listing.type as Parameters<typeof sponsorOptions>[0];
  const [prices, special] = await Promise.all([sponsorPrices(deps.db), runningSpecial(deps.db, now)]);
  const option = pickOption(type, prices, special, input);

  if (type === 'imdb-view') {
    // D6.4: sponsored IMDb views are capped site-wide per 24 hours.
    const [{ sv_max: svMax }, sold] = await Promise.all([
      readSettings(deps.db, ['sv_max']),
      sponsoredImdbViewsSoldSince(deps.db, new Date(now.getTime() - DAY_MS)),
    ]);
    if (sold + option.count > svMax) {
      const left = Math.max(0, svMax - sold);
      throw new AppError(
        409,
        'sold_out',
        `Sponsored IMDb views are limited to ${svMax.toLocaleString('en-US')} a day across Marquee, and only ${left.toLocaleString('en-US')} can be sold right now. Please choose fewer or try again later.`,
      );
    }
  }

  const provider = input.provider === 'paypal' ? deps.payments.alternate() : deps.payments.card();
  if (!provider) {
    throw new AppError(
      503,
      'unavailable',
      'That way of paying is not available right now. Please choose another.',
    );
  }
  const purchaseId = await createSponsoredPurchase(deps.db, {
    userId: me.id,
    provider: provider.name,
    listingId: listing.id,
    quantity: option.count,
    specialId: option.special_id,
    amountPennies: option.pennies,
    createdAt: now,
  });
  const base = deps.config.publicUrl;
  const back = sponsoredReturnPath(listing.platform, listing.id);
  let started;
  try {
    started = await provider.startCheckout({
      purchaseId,
      userId: me.id,
      email: me.email ?? '',
      kind: 'sponsored',
      level: null,
      months: 0,
      amountPennies: option.pennies,
      description: `Marquee: ${sponsoredDescription(option.count, listing.type, listing.name)}`,
      // PayPal's approved order is captured on the way back (the capture sends the event that grants it).
      successUrl:
        provider.name === 'paypal'
          ? `${base}/v4/checkout/sponsored/paypal/return?listing=${listing.id}`
          : `${base}${back}`,
      cancelUrl: `${base}${back}`,
    });
  } catch (err) {
    log?.warn({ err, provider: provider.name }, 'sponsored checkout could not start');
    await abandonSponsoredPurchase(deps.db, purchaseId);
    throw new AppError(
      503,
      'unavailable',
      'The payment provider could not be reached. Nothing was charged; please try again in a moment.',
    );
  }
  await setPurchaseProviderRef(deps.db, purchaseId, started.providerRef);
  return { status: 'success', redirect: started.redirect };
}

/** The package the member asked for, from the listing's own options: never a price from the browser (D10). */
function pickOption(
  type: Parameters<typeof sponsorOptions>[0],
  prices: Awaited<ReturnType<typeof sponsorPrices>>,
  special: SpecialRow | null,
  input: { count: number; special_id?: number },
): contract.SponsorOption {
  const options = sponsorOptions(type, prices, special);
  if (input.special_id === undefined) {
    const option = options.find((o) => !o.special && o.count === input.count);
    if (!option) {
      const counts = options.filter((o) => !o.special).map((o) => o.count.toLocaleString('en-US'));
      throw badInput(`Please choose one of the packages offered for this listing: ${counts.join(', ')}.`);
    }
    return option;
  }
  if (!special || special.id !== input.special_id) {
    throw new AppError(
      409,
      'special_ended',
      'That special has ended. Please choose one of the other packages.',
    );
  }
  if (!specialCovers(special, type)) throw badInput('That special does not apply to this listing.');
  const option = options.find((o) => o.special && o.count === input.count);
  if (!option) {
    const counts = specialCounts(special);
    throw badInput(
      `The special sells ${counts[0]?.toLocaleString('en-US')} at a time, up to ${(counts.at(-1) ?? special.maximum).toLocaleString('en-US')}.`,
    );
  }
  return option;
}

/**
 * myListings/fetchSpecials (spec 2 §3, §7): the running special, when it covers any of the member's
 * active listings and they have not hidden it during this login.
 */
export async function fetchSpecials(deps: AppDeps, caller: Caller) {
  const special = await runningSpecial(deps.db, deps.clock.now());
  const none = {
    status: 'success' as const,
    activeSpecial: 'no' as const,
    special: null,
    listings: [],
    prettyEnd: '',
  };
  if (!special || (await isDismissed(deps.db, caller.sessionId, special.id))) return none;
  const covered = await activeListingsOfTypes(deps.db, caller.userId, special.types);
  if (covered.length === 0) return none;
  return {
    status: 'success' as const,
    activeSpecial: 'yes' as const,
    special: presentSpecial(special),
    listings: covered.map((l) => ({
      id: l.id,
      type: l.type as contract.Special['types'][number],
      title: l.name,
    })),
    prettyEnd: prettyEnd(special.endsAt),
  };
}

/** myListings/hideSpecials (spec 2 §8): the banner stays hidden for the rest of this login. */
export async function hideSpecials(deps: AppDeps, caller: Caller) {
  const special = await runningSpecial(deps.db, deps.clock.now());
  if (special) await dismiss(deps.db, caller.sessionId, special.id);
  return { status: 'success' as const, message: contract.SPECIALS_HIDDEN };
}

/**
 * Starts a sponsor special: the staff call until the admin console, and the tests' way. One special
 * at a time, so no two may overlap; it must end in the future and after it starts.
 */
export async function startSpecial(
  deps: AppDeps,
  caller: Caller,
  input: {
    cta: string;
    types: readonly contract.Special['types'][number][];
    minimum: number;
    maximum: number;
    pricePennies: number;
    startsAt?: Date;
    endsAt: Date;
  },
) {
  const now = deps.clock.now();
  const startsAt = input.startsAt ?? now;
  if (input.endsAt.getTime() <= Math.max(now.getTime(), startsAt.getTime())) {
    throw badInput('A special must end in the future, after it starts.');
  }
  if (input.maximum < input.minimum) throw badInput('The maximum must be at least the minimum.');
  const clash = await overlappingSpecial(deps.db, startsAt, input.endsAt);
  if (clash) {
    throw conflict(
      `Another special runs until ${prettyEnd(clash.endsAt)}. Specials may not overlap; end it first.`,
    );
  }
  const special = await deps.db.transaction(async (tx) => {
    const made = await insertSpecial(tx, {
      cta: input.cta.trim(),
      types: [...new Set(input.types)].join(','),
      minimum: input.minimum,
      maximum: input.maximum,
      pricePennies: input.pricePennies,
      startsAt,
      endsAt: input.endsAt,
      createdAt: now,
    });
    await recordAudit(tx, {
      adminId: caller.userId,
      action: 'special.start',
      summary: `Started the sponsor special “${made.cta}”.`,
      after: {
        types: made.types.map((type) => LISTING_TYPE_WORDS[type].label).join(', '),
        minimum: made.minimum,
        maximum: made.maximum,
        price: `$${(made.pricePennies / 100).toFixed(2)}`,
        ends: prettyEnd(made.endsAt),
      },
      at: now,
    });
    return made;
  });
  return {
    status: 'success' as const,
    message: `The special runs until ${prettyEnd(special.endsAt)}.`,
    special: presentSpecial(special),
    prettyEnd: prettyEnd(special.endsAt),
  };
}

/** Ends the running special now; checkouts already started keep the price they were offered. */
export async function endSpecial(deps: AppDeps, caller: Caller) {
  const now = deps.clock.now();
  const special = await runningSpecial(deps.db, now);
  if (!special) throw notFound('No special is running.');
  await deps.db.transaction(async (tx) => {
    await endSpecialAt(tx, special.id, now);
    await recordAudit(tx, {
      adminId: caller.userId,
      action: 'special.end',
      summary: `Ended the sponsor special “${special.cta}”.`,
      before: { ends: prettyEnd(special.endsAt) },
      after: { ends: prettyEnd(now) },
      at: now,
    });
  });
  return { status: 'success' as const, message: 'The special has ended.' };
}

/**
 * sponsored/checkPurchase: after a sponsored checkout the dashboard says what was bought, from the
 * member's latest purchase for the listing (a cancelled checkout, being the latest, says nothing).
 */
export async function checkSponsoredPurchase(deps: AppDeps, caller: Caller, listingId: number) {
  const latest = await latestSponsoredPurchase(deps.db, caller.userId, listingId);
  if (!latest || (latest.status !== 'paid' && latest.status !== 'pending')) {
    return { status: 'none' as const, message: '' };
  }
  const what = sponsoredWhat(latest.quantity ?? 0, latest.type, latest.name);
  return latest.status === 'paid'
    ? {
        status: 'paid' as const,
        message: `Thank you! You bought ${what}. They are on your listing now, and your receipt is on its way by email.`,
      }
    : {
        status: 'pending' as const,
        message: `Thank you! We are waiting for the payment provider to confirm your payment: the ${what} are added as soon as it does, and your receipt follows by email.`,
      };
}
