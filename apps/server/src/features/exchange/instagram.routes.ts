import type { FastifyInstance } from 'fastify';
import { exchange as contract } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import * as listing from './instagram-listing.service.js';
import * as service from './instagram.service.js';

/** The Instagram follow exchange (spec 4 §7, spec 3 §7; docs/domain.md EX1-EX9, EX13). */
export function instagramExchangeRoutes(app: FastifyInstance) {
  serve(app, contract.checkSetup, ({ deps, caller }) => listing.checkSetup(deps, caller));
  serve(app, contract.fetchAvailableListings, ({ deps, caller }) =>
    service.fetchAvailableListings(deps, caller),
  );
  serve(app, contract.fetchInstagramDetails, ({ deps, caller, input }) =>
    listing.fetchInstagramDetails(deps, caller, input.url),
  );
  serve(app, contract.addListing2, ({ deps, caller, input }) =>
    listing.addListingWithPicture(deps, caller, input),
  );
  serve(app, contract.addListing, ({ deps, caller, input }) =>
    listing.addListingFromProfile(deps, caller, input),
  );
  serve(app, contract.removeListing, ({ deps, caller }) => listing.removeListing(deps, caller));
  serve(app, contract.updateRepLimit, ({ deps, caller, input }) =>
    listing.updateRepLimit(deps, caller, input.repLimit),
  );
  serve(app, contract.updateActionStatus, ({ deps, caller, input }) =>
    service.updateActionStatus(deps, caller, input),
  );
}
