import type { FastifyInstance } from 'fastify';
import { home } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import * as service from './home.service.js';

/**
 * The home page's own calls (spec 1 §7 Home); featured members are served by featured-members/, recent
 * board posts by board/. profile/rateVideo lives here because only the home page's video asks it.
 */
export function homeRoutes(app: FastifyInstance) {
  serve(app, home.fetchNewMembers, ({ deps, caller }) => service.newMembers(deps, caller));
  serve(app, home.fetchFeaturedVideo, ({ deps, caller }) => service.featuredVideo(deps, caller));
  serve(app, home.rateVideo, ({ deps, caller, input }) =>
    service.rateVideo(deps, caller, input.video_id, input.vote),
  );
}
