import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server), found from wherever this code runs: its TypeScript
 * source (src/platform/) in tests and scripts, or the compiled bundle (dist/) that `npm start`
 * runs. The migrations, the web build and the extension are found from here (docs/domain.md R4).
 */
export const SERVER_ROOT = findServerRoot(import.meta.dirname);

/** The repository's root, two folders above the server package. */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');

function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === '@marquee/server')
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`No @marquee/server package above ${from}.`);
  }
}
