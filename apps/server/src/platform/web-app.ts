import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { OPERATIONS_BASE } from '@marquee/contract';
import { noSuchCall } from './errors.js';

/** Vite's content-hashed files: a new build gives them new names, so they never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app, and its index.html for every front-end route (React Router takes over).
 * The build leaves a brotli (.br) and a gzip (.gz) copy beside each text file (apps/web/build/
 * precompress.ts); a browser that accepts one gets it with Content-Encoding, the others the file as
 * it is. Hashed assets are cached for a year; everything else, index.html first, is checked on every
 * visit, so a new release is seen at once.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      preCompressed: true,
      // The compressed copies are served in place of their file, never at their own address.
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = path.relative(webDist, filePath).startsWith(`assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
        // One address, several encodings: caches keep them apart.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith(OPERATIONS_BASE) || req.method !== 'GET') {
      const none = noSuchCall();
      return reply.code(none.httpStatus).send({ status: none.statusWord, message: none.message });
    }
    if (!hasWeb) {
      return reply.code(404).type('text/plain').send('The web app is not built yet: run "npm run build".');
    }
    // A built file that is not there (an old chunk after a new deploy) is a 404, never the page:
    // a script tag given HTML fails in a way the app cannot recover from.
    if (req.url.startsWith('/assets/')) {
      return reply.code(404).header('Cache-Control', 'no-cache').type('text/plain').send('No such file.');
    }
    return reply.sendFile('index.html', webDist);
  });
}
