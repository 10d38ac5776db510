import { z } from 'zod';
import { operation } from './operation.js';

/**
 * Moves the server's clock forward (D1.3), so the browser journeys can test countdowns without
 * sleeping. Served only when the server runs with CONTROLLABLE_CLOCK=true outside production.
 */
export const moveClock = operation<{ status: 'success'; now: string }>()({
  method: 'POST',
  path: 'dev/moveClock',
  audience: 'public',
  input: z.object({
    advanceMs: z
      .number({ error: 'advanceMs must be a number of milliseconds from 0 to 400 days.' })
      .int({ error: 'advanceMs must be a number of milliseconds from 0 to 400 days.' })
      .min(0, { error: 'advanceMs must be a number of milliseconds from 0 to 400 days.' })
      .max(400 * 24 * 3600 * 1000, {
        error: 'advanceMs must be a number of milliseconds from 0 to 400 days.',
      }),
  }),
});
