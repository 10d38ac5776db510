import type { FastifyInstance } from 'fastify';
import { directory } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import * as service from './directory.service.js';

/** The member directory (spec 3 §2 Directory, §7): the choices, and a search by type and location. */
export function directoryRoutes(app: FastifyInstance) {
  serve(app, directory.fetchSelectionOptions, async () => ({
    status: 'success' as const,
    types: [...directory.JOB_TYPES],
    locations: [...directory.LOCATIONS],
  }));
  serve(app, directory.fetchResults, ({ deps, caller, input }) => service.fetchResults(deps, caller, input));
}
