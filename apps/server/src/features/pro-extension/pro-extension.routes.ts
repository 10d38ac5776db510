import type { FastifyInstance } from 'fastify';
import { proExtension } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import { originOf } from '../login/index.js';
import * as service from './pro-extension.service.js';
import { extensionZip } from './pro-extension.package.js';

/** The Pro browser extension (D15.1, docs/domain.md PX1-PX12): pairing, its status and state, its download. */
export function proExtensionRoutes(app: FastifyInstance) {
  serve(app, proExtension.pair, ({ deps, caller, input, req }) =>
    service.pair(deps, caller, input, originOf(req)),
  );
  serve(app, proExtension.fetchPairings, ({ deps, caller }) => service.fetchPairings(deps, caller));
  serve(app, proExtension.unpair, ({ deps, caller, input }) =>
    service.unpair(deps, caller, input.pairing_id),
  );
  serve(app, proExtension.fetchStatus, ({ deps, caller }) => service.fetchStatus(deps, caller));
  serve(app, proExtension.reportState, ({ deps, caller, input }) => service.reportState(deps, caller, input));

  // PX10: the current version as a zip made for this site. Anyone may download it; only a Pro
  // member's session can pair it.
  app.get<{ Params: { file: string } }>('/v5/pro/download/:file', async (req, reply) => {
    const { config } = app.deps;
    const zip = extensionZip(config.extensionDist, config.publicUrl, req.params.file);
    if (!zip) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send(
          'There is no such version of the Marquee extension. The current one is on the Pro extension page, /v5/pro/.',
        );
    }
    return reply
      .type('application/zip')
      .header('Content-Disposition', `attachment; filename="${req.params.file}"`)
      .header('Cache-Control', 'no-cache')
      .send(zip);
  });
}
