import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroups } from './build/chunkGroups.ts';
import { EARLY_ENTRY, earlyScript } from './build/earlyScript.ts';
import { productionBuild } from './build/productionBuild.ts';

const apiServer = 'http://localhost:3000';

const packageFile = (name: string, file: string) =>
  path.join(path.dirname(createRequire(import.meta.url).resolve(`${name}/package.json`)), file);

/**
 * React Router's package exports name only its development build, whose dev-only warnings then
 * ship to browsers; the production build beside it is the same code with them switched off.
 */
const reactRouterProduction = packageFile('react-router', 'dist/production/index.mjs');

export default defineConfig(({ command }) => ({
  plugins: [productionBuild(), react(), earlyScript()],
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    // WEB_DIST builds beside web/dist; the server and the build scripts read it too.
    outDir: process.env.WEB_DIST || 'dist',
    emptyOutDir: true,
    // Read by scripts/check-bundle-budget.mjs to weigh each screen's chunks.
    manifest: true,
    target: 'es2022',
    // One stylesheet for every screen, loaded with the app: no lazy screen waits for its own CSS.
    cssCodeSplit: false,
    rolldownOptions: {
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        early: path.resolve(import.meta.dirname, EARLY_ENTRY),
      },
      // The contract's modules only declare schemas and constants. Saying so lets the build drop
      // zod (about 20 KiB gzip) from screens that use only the contract's plain constants.
      treeshake: {
        moduleSideEffects: [{ test: /\/contract\/src\//, sideEffects: false }],
        manualPureFunctions: ['z'],
      },
      output: {
        codeSplitting: {
          // Captured modules are placed alone; their imports (the contract's index, and zod
          // behind it) stay where the automatic chunking puts them.
          includeDependenciesRecursively: false,
          groups: chunkGroups(
            path.resolve(import.meta.dirname, 'src/main.tsx'),
            path.resolve(import.meta.dirname, EARLY_ENTRY),
          ),
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/uploads': apiServer,
      '/dev/': apiServer,
    },
  },
}));
