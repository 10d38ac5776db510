import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * `npm run build -w apps/server` (docs/domain.md R4, decision 0002): the server compiled once into
 * dist/main.js, which `npm start` runs with plain `node`. The project's own TypeScript (the server,
 * the contract, the extension's packer) is bundled; every package from node_modules stays an import,
 * resolved at run time as usual (sharp, argon2 and PGlite carry native or wasm parts that must not be
 * bundled). A source map beside it makes stack traces name the TypeScript lines.
 */

const here = import.meta.dirname;
const outfile = path.join(here, 'dist/main.js');

/** Bare imports of packages stay imports; the workspace's own packages (@marquee/*) are bundled. */
const packagesStayImports: Plugin = {
  name: 'marquee:packages-stay-imports',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@marquee/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = Date.now();
fs.rmSync(path.join(here, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // Names kept as written: logs and errors name the functions and classes of the source.
  keepNames: true,
  plugins: [packagesStayImports],
  logLevel: 'warning',
});
const kb = (fs.statSync(outfile).size / 1024).toFixed(0);
console.log(`Server built: apps/server/dist/main.js (${kb} kB) in ${Date.now() - started} ms.`);
