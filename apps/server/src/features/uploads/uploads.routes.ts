import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { uploads } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import { addProfilePhoto } from '../profile/index.js';
import { CACHE_FOREVER } from './uploads.policy.js';
import { deliverImage } from './uploads.service.js';

/** The upload call (spec 2 §7) and the stored images, served at pictureUrl's addresses (docs/domain.md M2-M4). */
export function uploadsRoutes(app: FastifyInstance) {
  serve(app, uploads.upload, async ({ deps, caller, input }) => {
    const file = Buffer.from(input.myFile as Uint8Array);
    const { name } = await addProfilePhoto(deps, caller, file);
    return { status: 'success' as const, message: 'Your picture was added.', imageName: name };
  });

  const noPicture = (reply: FastifyReply) => reply.code(404).type('text/plain').send('No such picture.');
  const sendImage = (size: uploads.PictureSize) =>
    async function (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
      const { name } = req.params as { name: string };
      const image = await deliverImage(app.deps, name, size);
      if (!image) return noPicture(reply);
      if (image.kind === 'link')
        return reply
          .header('Cache-Control', `private, max-age=${image.maxAgeSeconds}`)
          .redirect(image.url, 302);
      return reply
        .header('Cache-Control', CACHE_FOREVER)
        .header('X-Content-Type-Options', 'nosniff')
        .type(image.type)
        .send(image.body);
    };
  // Public: <img> tags send no Bearer token; names carry a random part and are not listed anywhere public.
  app.get('/media/:name', sendImage('full'));
  app.get('/media/80/:name', sendImage(80));
  app.get('/media/35/:name', sendImage(35));
  // Any other address under /media is no picture, never the web app's page.
  app.get('/media/*', async (_req, reply) => noPicture(reply));
}
