import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // The contract's modules only declare schemas and constants. Saying so lets the build drop
      // zod (about 20 KiB gzip) from screens that use only the contract's plain constants.
      treeshake: {
        moduleSideEffects: [{ test: /\/contract\/src\//, sideEffects: false }],
        manualPureFunctions: ['z'],
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
});
