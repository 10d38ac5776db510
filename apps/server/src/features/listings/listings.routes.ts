import type { FastifyInstance } from 'fastify';
import { listings } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import * as myListings from './listings.service.js';
import * as adding from './add-listing.service.js';

/** My Listings and Add Listing (spec 2 §5, §7, D6): the member's own listings and their settings. */
export function listingsRoutes(app: FastifyInstance) {
  serve(app, listings.fetchMyListings, ({ deps, caller }) => myListings.fetchMyListings(deps, caller));
  for (const type of listings.NEW_LISTING_TYPES) {
    serve(app, listings.addListing[type], ({ deps, caller, input }) =>
      adding.addListing(deps, caller, type, input),
    );
  }
  serve(app, listings.addFacebookPage, ({ deps, caller, input }) =>
    adding.addFacebookPage(deps, caller, input),
  );
  serve(app, listings.updatePointSetting, ({ deps, caller, input }) =>
    myListings.updatePointSetting(deps, caller, input.listing_id, input.points),
  );
  serve(app, listings.updateRateLimit, ({ deps, caller, input }) =>
    myListings.updateRateLimit(deps, caller, input.listing_id, input.rl),
  );
  serve(app, listings.updateRateLimitDistribution, ({ deps, caller, input }) =>
    myListings.updateRateLimitDistribution(deps, caller, input.listing_id, input.distribution),
  );
  serve(app, listings.updateAllowProViews, ({ deps, caller, input }) =>
    myListings.updateAllowProViews(deps, caller, input.listing_id, input.allowProViews),
  );
  serve(app, listings.pauseSponsoredActivity, ({ deps, caller, input }) =>
    myListings.pauseSponsoredActivity(deps, caller, input.listing_id, input.action),
  );
  serve(app, listings.deleteListing, ({ deps, caller, input }) =>
    myListings.deleteListing(deps, caller, input.listing_id),
  );
}
