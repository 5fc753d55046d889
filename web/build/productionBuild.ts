import type { Plugin } from 'vite';

/** Where the build records how it was made; scripts/build-if-needed.mjs reads it. */
const BUILD_RECORD = '.vite/build.json';

/**
 * `vite build` makes React's development bundle when NODE_ENV says development, and
 * `NODE_ENV=development npm start` is the README's own default: that bundle fails the page-weight
 * budgets and, left in web/dist, would be served. The build is always a production build. Vite reads
 * NODE_ENV once the config hooks have run, so this hook decides it. The build records the mode it
 * was made in, so `npm start` rebuilds a development build left behind by an older checkout.
 */
export function productionBuild(): Plugin {
  let production = false;
  return {
    name: 'kindling:production-build',
    apply: 'build',
    enforce: 'pre',
    config() {
      process.env.NODE_ENV = 'production';
    },
    configResolved(config) {
      production = config.isProduction;
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: BUILD_RECORD,
        source: `${JSON.stringify({ production })}\n`,
      });
    },
  };
}
