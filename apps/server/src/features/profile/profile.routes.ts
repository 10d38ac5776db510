import type { FastifyInstance } from 'fastify';
import { profile } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import * as service from './profile.service.js';
import * as pictures from './pictures.service.js';
import * as videos from './videos.service.js';

/** The member profile (spec 2 §2 Profile, §7): details, photos, videos, blocking. */
export function profileRoutes(app: FastifyInstance) {
  serve(app, profile.fetchUserDetails, ({ deps, caller, input }) =>
    service.fetchUserDetails(deps, caller, input.user_id),
  );
  serve(app, profile.updateUserDetails, ({ deps, caller, input }) =>
    service.updateUserDetails(deps, caller, input),
  );
  serve(app, profile.fetchUserSnippet, ({ deps, caller, input }) =>
    service.fetchUserSnippet(deps, caller, input.user_id),
  );
  serve(app, profile.blockUser, ({ deps, caller, input }) => service.blockUser(deps, caller, input.user_id));
  serve(app, profile.unblockUser, ({ deps, caller, input }) =>
    service.unblockUser(deps, caller, input.user_id),
  );
  serve(app, profile.fetchUserPictures, ({ deps, caller, input }) =>
    pictures.fetchUserPictures(deps, caller, input.user_id),
  );
  serve(app, profile.makePictureDefault, ({ deps, caller, input }) =>
    pictures.makePictureDefault(deps, caller, input.image),
  );
  serve(app, profile.deletePicture, ({ deps, caller, input }) =>
    pictures.deletePicture(deps, caller, input.image),
  );
  serve(app, profile.addVideo, ({ deps, caller, input }) => videos.addVideo(deps, caller, input.url));
  serve(app, profile.deleteVideo, ({ deps, caller, input }) =>
    videos.deleteVideo(deps, caller, input.video_id),
  );
}
