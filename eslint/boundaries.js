/**
 * The boundaries of the code (docs/architecture.md "Boundaries", decision 0023), as one ESLint rule:
 *
 * - B-PLATFORM: `apps/server/src/platform/` never imports a feature; features register their jobs and
 *   routes with platform through app.ts.
 * - B-FEATURE: a feature imports another feature only through that feature's public entry,
 *   `index.ts`, or its table definitions (`*.tables.ts`: the schema is shared so that repos can join).
 *   In the web app the same holds for `apps/web/src/features/`, and `ui/` imports no feature.
 * - B-DRIZZLE: `drizzle-orm` is imported only by repo files (`*.repo.ts`), table files
 *   (`*.tables.ts`) and `platform/db/`: every query of a feature is in its repo.
 * - B-SIMULATED: production code never imports `simulated/`: only app.ts (which mounts the
 *   simulated internet when it is switched on), the simulated adapters and the demo scripts may.
 *
 * Tests and test support may reach anywhere.
 */
import path from 'node:path';

const SERVER = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}`;
const WEB = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;

/** Where a file sits: its app, its zone (platform, feature, ...) and, for features, the feature's name. */
function place(file) {
  const norm = path.normalize(file);
  for (const [app, root] of [
    ['server', SERVER],
    ['web', WEB],
  ]) {
    const at = norm.lastIndexOf(root);
    if (at < 0) continue;
    const rel = norm.slice(at + root.length).split(path.sep);
    const zone = rel.length > 1 ? rel[0] : 'root';
    return { app, rel, zone, feature: zone === 'features' ? rel[1] : null };
  }
  return null;
}

const isTestFile = (rel) => {
  const base = rel[rel.length - 1];
  return (
    /\.test\.tsx?$/.test(base) || /test-support/.test(base) || base === 'test-files.ts' || rel[0] === 'test'
  );
};

const canUseDrizzle = (p) => {
  const base = p.rel[p.rel.length - 1];
  return (
    /\.(repo|tables)\.ts$/.test(base) || (p.zone === 'platform' && p.rel[1] === 'db') || p.zone === 'scripts'
  );
};

const canUseSimulated = (p) =>
  p.zone === 'simulated' ||
  p.zone === 'scripts' ||
  (p.zone === 'root' && p.rel[0] === 'app.ts') ||
  (p.zone === 'integrations' && p.rel[1] === 'simulated.adapters.ts');

/** `features/<f>` itself, its index, or (server) its tables. Imports name `.js`, `.ts` or no extension. */
const isPublicEntry = (target) => {
  if (target.rel.length === 2) return true;
  const base = target.rel[target.rel.length - 1].replace(/\.(js|ts|tsx)$/, '');
  return (
    target.rel.length === 3 && (base === 'index' || (target.app === 'server' && base.endsWith('.tables')))
  );
};

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps platform, features, repos and the simulated internet apart.' },
    schema: [],
    messages: {
      platform: 'platform/ never imports a feature ({{target}}): register it with platform through app.ts.',
      feature:
        "A feature imports another feature only through its index.ts or its tables: import '{{feature}}' through features/{{feature}}/index.",
      ui: 'ui/ holds shared pieces only and never imports a feature ({{target}}).',
      drizzle: 'drizzle-orm belongs in repo and table files: move this query into the feature’s repo.',
      simulated: 'Production code never imports the simulated internet ({{target}}); app.ts wires it in.',
    },
  },
  create(context) {
    const here = place(context.filename);
    if (!here || isTestFile(here.rel)) return {};

    function check(node, source) {
      if (typeof source !== 'string') return;
      if (here.app === 'server' && (source === 'drizzle-orm' || source.startsWith('drizzle-orm/'))) {
        if (!canUseDrizzle(here)) context.report({ node, messageId: 'drizzle' });
        return;
      }
      if (!source.startsWith('.')) return;
      const target = place(path.resolve(path.dirname(context.filename), source));
      if (!target || target.app !== here.app) return;
      const shown = target.rel.join('/');
      if (target.zone === 'simulated' && here.app === 'server' && !canUseSimulated(here)) {
        context.report({ node, messageId: 'simulated', data: { target: shown } });
      }
      if (target.zone !== 'features') return;
      if (here.zone === 'platform') context.report({ node, messageId: 'platform', data: { target: shown } });
      if (here.zone === 'ui') context.report({ node, messageId: 'ui', data: { target: shown } });
      if (here.zone === 'features' && here.feature !== target.feature && !isPublicEntry(target)) {
        context.report({ node, messageId: 'feature', data: { feature: target.feature } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
