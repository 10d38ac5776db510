import type { FastifyInstance, FastifyReply } from 'fastify';
import { VIDEO_ID } from '../integrations/open-url.js';
import { notFoundPage, sendPage } from './html.js';
import * as repo from './sim.repo.js';
import { embedPage, watchPage } from './youtube.pages.js';

/**
 * The simulated YouTube: a watch page and an embeddable player that "plays" for the video's
 * duration (script in /sim/assets/player.js). The embed is framed by the app (same origin).
 */

export function youtubeRoutes(app: FastifyInstance): void {
  const { db } = app.deps;

  const load = async (id: unknown, reply: FastifyReply) => {
    const video = typeof id === 'string' && VIDEO_ID.test(id) ? await repo.video(db, id) : null;
    if (!video) notFoundPage(reply, 'youtube', 'This video isn’t available any more.');
    return video;
  };

  app.get('/sim/youtube/watch', async (req, reply) => {
    const video = await load((req.query as Record<string, unknown>).v, reply);
    if (!video) return reply;
    return sendPage(reply, watchPage(video));
  });

  app.get('/sim/youtube/embed/:id', async (req, reply) => {
    const video = await load((req.params as Record<string, unknown>).id, reply);
    if (!video) return reply;
    return sendPage(reply, embedPage(video));
  });
}
