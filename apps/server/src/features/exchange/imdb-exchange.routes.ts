import type { FastifyInstance } from 'fastify';
import { exchange as contract } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import * as service from './imdb-exchange.service.js';

/**
 * The IMDb view-for-view exchange (spec 4 §2, §7; D7.2; docs/domain.md EX10-EX12). The cards'
 * Start, Hide and wrong-answer check are earning's own calls (earnPoints/startAction, hideListing,
 * checkIncorrectAnswer).
 */
export function imdbExchangeRoutes(app: FastifyInstance) {
  serve(app, contract.fetchMyListing, ({ deps, caller }) => service.fetchMyListing(deps, caller));
  serve(app, contract.updateAllowed, ({ deps, caller, input }) =>
    service.updateAllowed(deps, caller, input.allowed),
  );
  serve(app, contract.fetchListings, ({ deps, caller }) => service.fetchListings(deps, caller));
  serve(app, contract.recordCorrectAnswer, ({ deps, caller, input }) =>
    service.recordCorrectAnswer(deps, caller, input.listing_id, input.answer),
  );
  serve(app, contract.fetchHistory, ({ deps, caller }) => service.fetchHistory(deps, caller));
}
