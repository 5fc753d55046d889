/** The part of citation-js the reference files use; the packages ship no types. */
declare module '@citation-js/core' {
  export const plugins: {
    input: {
      chain(data: string, options: { forceType: string; generateGraph: boolean }): unknown[];
    };
  };
}
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
