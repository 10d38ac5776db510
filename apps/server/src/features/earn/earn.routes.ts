import type { FastifyInstance } from 'fastify';
import { earn } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import * as offering from './offer.service.js';
import * as crediting from './earn.service.js';

/** Earning points (D4, D5, D11): offering listings, Start, and crediting each kind of action. */
export function earnRoutes(app: FastifyInstance) {
  serve(app, earn.fetchListings, ({ deps, caller, input }) => offering.fetchListings(deps, caller, input));
  serve(app, earn.startAction, ({ deps, caller, input }) =>
    offering.startAction(deps, caller, input.listing_id),
  );
  serve(app, earn.hideListing, ({ deps, caller, input }) => offering.hideListing(deps, caller, input.id));
  serve(app, earn.updateShowMePreference, ({ deps, caller, input }) =>
    offering.updateShowMePreference(deps, caller, input.showMePro),
  );
  serve(app, earn.recordCorrectAnswer, ({ deps, caller, input }) =>
    crediting.recordCorrectAnswer(deps, caller, input.listing_id, input.answer),
  );
  serve(app, earn.checkIncorrectAnswer, ({ deps, caller, input }) =>
    crediting.checkIncorrectAnswer(deps, caller, input.listing_id, input.answer),
  );
  serve(app, earn.recordYouTubeView, ({ deps, caller, input }) =>
    crediting.recordYouTubeView(deps, caller, input.listing_id),
  );
  for (const type of ['twitter-follow', 'facebook-like'] as const) {
    serve(app, earn.confirmAction[type], ({ deps, caller, input }) =>
      crediting.confirmAction(deps, caller, type, input.listing_id),
    );
  }
  serve(app, earn.updateListing, ({ deps, caller, input }) =>
    crediting.updateListing(deps, caller, input.listing_id),
  );
}
