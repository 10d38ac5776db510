import type { FastifyInstance } from 'fastify';
import { devclock } from '@marquee/contract';
import { ControllableClock } from '../../platform/clock.js';
import { serve } from '../../platform/route.js';

/** Registered only with CONTROLLABLE_CLOCK=true outside production (README "Configuration", R1). */
export function devclockRoutes(app: FastifyInstance) {
  const { clock, config } = app.deps;
  if (config.production || !config.controllableClock || !(clock instanceof ControllableClock)) return;
  serve(app, devclock.moveClock, async ({ input }) => {
    clock.advance(input.advanceMs);
    return { status: 'success' as const, now: clock.now().toISOString() };
  });
}
