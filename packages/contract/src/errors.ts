import { z } from 'zod';
import { operation } from './operation.js';

const clipped = (max: number) =>
  z
    .string()
    .optional()
    .default('')
    .transform((s) => s.slice(0, max));

/** The longest text of each field kept (docs/domain.md "Crash reports"); the page clips to them too. */
export const REPORT_TEXT_MAX = { error: 5000, info: 20000, url: 2000 } as const;

/** The error-boundary screen reports the crash it caught (spec 4 §7); long texts are clipped, not refused. */
export const logErrorBoundaryCatch = operation<{ status: 'success' }>()({
  method: 'POST',
  path: 'errors/logErrorBoundaryCatch',
  audience: 'public',
  input: z.object({
    error: clipped(REPORT_TEXT_MAX.error),
    info: clipped(REPORT_TEXT_MAX.info),
    url: clipped(REPORT_TEXT_MAX.url),
  }),
});
