import type { FastifyInstance } from 'fastify';
import { sponsored } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import {
  checkSponsoredPurchase,
  endSpecial,
  fetchSpecials,
  hideSpecials,
  sponsoredReturnPath,
  startSpecial,
  startSponsorCheckout,
} from './sponsored.service.js';
import { findListing } from './sponsored.repo.js';

/** Sponsored activity and specials (spec 2 §3, §7, §9; D6.4, D10). */
export function sponsoredRoutes(app: FastifyInstance) {
  const deps = app.deps;

  // The sponsor purchase: the app calls it with its token and follows `redirect` to the checkout.
  serve(app, sponsored.sponsorCheckout, ({ caller, input, req }) =>
    startSponsorCheckout(deps, caller, input, req.log),
  );
  serve(app, sponsored.sponsorSpecialCheckout, ({ caller, input, req }) =>
    startSponsorCheckout(deps, caller, input, req.log),
  );
  serve(app, sponsored.checkSponsoredPurchase, ({ caller, input }) =>
    checkSponsoredPurchase(deps, caller, input.listing_id),
  );
  serve(app, sponsored.fetchSpecials, ({ caller }) => fetchSpecials(deps, caller));
  serve(app, sponsored.hideSpecials, ({ caller }) => hideSpecials(deps, caller));
  serve(app, sponsored.startSpecial, ({ caller, input }) => startSpecial(deps, caller, input));
  serve(app, sponsored.endSpecial, ({ caller }) => endSpecial(deps, caller));

  // PayPal sends the member back with the approved order; capturing it makes PayPal send the event that grants it.
  app.get('/v4/checkout/sponsored/paypal/return', async (req, reply) => {
    const query = req.query as { token?: unknown; listing?: unknown };
    if (deps.payments.paypal && typeof query.token === 'string' && /^[A-Z0-9-]{5,40}$/.test(query.token)) {
      await deps.payments.paypal
        .captureOrder(query.token)
        .catch((err: unknown) => req.log.warn({ err }, 'PayPal capture failed'));
    }
    const id = Number(query.listing);
    const listing = Number.isInteger(id) && id > 0 ? await findListing(deps.db, id) : null;
    return reply.redirect(listing ? sponsoredReturnPath(listing.platform, listing.id) : '/v4/dashboard/imdb');
  });
}
