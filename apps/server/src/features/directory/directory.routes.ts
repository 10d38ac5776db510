import type { FastifyInstance } from 'fastify';
import { directory } from '@marquee/contract';
import { serve } from '../../platform/route.js';

/** directory/fetchSelectionOptions (spec 2 §7): the fixed job titles and locations (docs/domain.md). */
export function directoryRoutes(app: FastifyInstance) {
  serve(app, directory.fetchSelectionOptions, async () => ({
    status: 'success' as const,
    types: [...directory.JOB_TYPES],
    locations: [...directory.LOCATIONS],
  }));
}
