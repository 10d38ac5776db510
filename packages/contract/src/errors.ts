import { z } from 'zod';
import { operation } from './operation.js';

const clipped = (max: number) =>
  z
    .string()
    .optional()
    .default('')
    .transform((s) => s.slice(0, max));

/** The error-boundary screen reports the crash it caught (spec 4 §7); long texts are clipped, not refused. */
export const logErrorBoundaryCatch = operation<{ status: 'success' }>()({
  method: 'POST',
  path: 'errors/logErrorBoundaryCatch',
  audience: 'public',
  input: z.object({ error: clipped(5000), info: clipped(20000), url: clipped(2000) }),
});
