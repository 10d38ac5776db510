import type { FastifyInstance } from 'fastify';
import { media } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import { notFound } from '../../platform/errors.js';

/** Video details for the composer and the profile (spec 1 §7 "a video-metadata service"), through the platform adapter (D9). */
export function mediaRoutes(app: FastifyInstance) {
  serve(app, media.fetchVideoDetails, async ({ deps, input }) => {
    const video = await deps.integrations.videos.video(input.videoId);
    if (!video) throw notFound(media.BAD_VIDEO_URL);
    return {
      status: 'success' as const,
      video: { videoId: video.id, title: media.cutVideoTitle(video.title) },
    };
  });
}
