import * as contract from '@marquee/contract';
import type { Operation } from '@marquee/contract';
import type { z } from 'zod';

/** Every call of the contract, found by walking its exports (records of calls by platform or type included). */
export function allOperations(): Operation[] {
  const found: Operation[] = [];
  const seen = new Set<unknown>();
  const walk = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || seen.has(value) || depth > 3) return;
    seen.add(value);
    const op = value as Partial<Operation>;
    if (typeof op.method === 'string' && typeof op.path === 'string' && op.input && op.audience) {
      found.push(op as Operation);
      return;
    }
    for (const inner of Object.values(value)) walk(inner, depth + 1);
  };
  walk(contract, 0);
  return found;
}

/** The field names of a call's input schema, looking through pipes, defaults and refinements. */
export function inputKeys(schema: z.ZodType): string[] {
  const s = schema as unknown as { shape?: Record<string, unknown>; def?: Record<string, unknown> };
  if (s.shape) return Object.keys(s.shape);
  const def = s.def ?? {};
  for (const inner of [def.in, def.innerType, def.schema]) {
    if (inner && typeof inner === 'object') {
      const keys = inputKeys(inner as z.ZodType);
      if (keys.length) return keys;
    }
  }
  return [];
}
