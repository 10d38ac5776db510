import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { NodePackageImporter } from 'sass';
import { precompress } from './build/precompress';

/**
 * The contract's operations carry zod schemas that only the server runs. Inside the contract's own
 * files `zod` resolves to an inert stand-in, so the web app keeps the operations' method, path and
 * types without shipping zod; web code that imports zod itself still gets the real one.
 */
function inertContractSchemas(): Plugin {
  const standIn = new URL('./build/inert-zod.ts', import.meta.url).pathname;
  return {
    name: 'marquee:inert-contract-schemas',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'zod' && importer && /[\\/]packages[\\/]contract[\\/]src[\\/]/.test(importer))
        return standIn;
      return null;
    },
  };
}

export default defineConfig({
  plugins: [react(), inertContractSchemas(), precompress()],
  server: {
    port: 5173,
    // In development the API runs separately (apps/server on port 3300).
    proxy: { '/v4/operations': 'http://localhost:3300', '/v5/live': 'http://localhost:3300' },
  },
  css: {
    preprocessorOptions: {
      scss: {
        // pkg: URLs load Bootstrap straight from node_modules, several times faster than resolving
        // each of its partials through Vite.
        importers: [new NodePackageImporter()],
        // Bootstrap 5.3 still uses Sass features Dart Sass has deprecated; keep builds quiet.
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
});
