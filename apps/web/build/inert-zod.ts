/**
 * What `zod` is inside @marquee/contract when the contract is bundled into the web app (see
 * vite.config.ts). The client reads only an operation's method and path and its types; the input
 * schemas run on the server. Every builder call (z.object(...).trim().min(...) and so on) returns
 * this one inert value, which keeps some 80 kB of zod out of the first page load.
 */
function refuse(): never {
  throw new Error(
    'The contract’s zod schemas are not bundled into the web app (vite.config.ts, inertContractSchemas). ' +
      'Validate on the server, or import zod in the web app directly.',
  );
}

const RUNNERS = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'decode', 'encode', 'spa']);

const inert: unknown = new Proxy(function inertSchema() {}, {
  get(_target, key) {
    if (typeof key === 'symbol' || key === 'then') return undefined;
    return RUNNERS.has(key) ? refuse : inert;
  },
  apply: () => inert,
  construct: () => inert as object,
});

export const z = inert;
export default inert;
