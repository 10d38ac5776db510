import fs from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import {
  CONFIG_FILE,
  MANIFEST_FILE,
  configFor,
  jsonFile,
  manifestFor,
  readExtensionBuild,
  zipFiles,
  zipName,
} from './pack/pack.ts';

/**
 * `npm run build -w apps/extension` (docs/domain.md PX10): bundles the extension into dist/, the
 * folder Chromium loads ("Load unpacked", or --load-extension), and zips it into release/ for the
 * site it is built for: EXTENSION_SITE_URL, else PUBLIC_URL, else http://localhost:3000 (what
 * `npm start` serves). A Marquee site zips the same dist/ for its own address when a member
 * downloads it, so one build serves every site.
 */

const here = import.meta.dirname;
const dist = path.join(here, 'dist');
const release = path.join(here, 'release');
const { version } = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8')) as {
  version: string;
};
const site = process.env.EXTENSION_SITE_URL || process.env.PUBLIC_URL || 'http://localhost:3000';

/** The contract's zod schemas run on the server only: inside the contract, `zod` is the web build's inert stand-in. */
const inertContractSchemas: Plugin = {
  name: 'marquee:inert-contract-schemas',
  setup(b) {
    const standIn = path.resolve(here, '../web/build/inert-zod.ts');
    b.onResolve({ filter: /^zod$/ }, (args) =>
      /[\\/]packages[\\/]contract[\\/]src[\\/]/.test(args.importer) ? { path: standIn } : undefined,
    );
  },
};

fs.rmSync(dist, { recursive: true, force: true });
const common: BuildOptions = {
  bundle: true,
  target: 'chrome120',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [inertContractSchemas],
  // Readable code: what members install can be read, as the Chrome Web Store asks.
  minify: false,
};
await Promise.all([
  build({
    ...common,
    format: 'esm',
    entryPoints: { background: 'src/background.ts', popup: 'src/popup/popup.ts' },
    outdir: dist,
    absWorkingDir: here,
  }),
  // Scripts put into pages run as classic scripts.
  build({
    ...common,
    format: 'iife',
    entryPoints: { 'welcome-bridge': 'src/bridge.ts', reader: 'src/reader/entry.ts' },
    outdir: dist,
    absWorkingDir: here,
  }),
]);
fs.cpSync(path.join(here, 'static'), dist, { recursive: true });
fs.writeFileSync(path.join(dist, MANIFEST_FILE), jsonFile(manifestFor(site, version)));
fs.writeFileSync(path.join(dist, CONFIG_FILE), jsonFile(configFor(site, version)));

const built = readExtensionBuild(dist);
if (!built) throw new Error('The extension build wrote no manifest.');
fs.rmSync(release, { recursive: true, force: true });
fs.mkdirSync(release, { recursive: true });
const zip = path.join(release, zipName(version));
fs.writeFileSync(zip, zipFiles(built.files, new Date()));
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const size = [...built.files.values()].reduce((n, f) => n + f.length, 0);
console.log(
  `Marquee Pro ${version} for ${site}: ${path.relative(process.cwd(), dist)}/ (${built.files.size} files, ${kb(size)}), ${path.relative(process.cwd(), zip)} (${kb(fs.statSync(zip).size)})`,
);
