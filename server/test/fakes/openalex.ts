import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAlex serving `GET /works?filter=doi:a|b|…` in OpenAlex's published list format
 * (`meta` and `results`, each work's `doi` as a doi.org URL), from the counts a test sets.
 * `mode` makes it fail (500) for the tests of a source that is down.
 */
export async function startOpenAlex() {
  const counts = new Map<string, number>();
  const calls: URL[] = [];
  const state = { mode: 'up' as 'up' | 'failing' };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://openalex');
    calls.push(url);
    if (state.mode === 'failing') {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'Internal Server Error' }));
      return;
    }
    const filter = url.searchParams.get('filter') ?? '';
    if (url.pathname !== '/works' || !filter.startsWith('doi:')) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'Not found' }));
      return;
    }
    const asked = filter.slice('doi:'.length).split('|');
    const results = asked
      .filter((doi) => counts.has(doi.toLowerCase()))
      .map((doi, index) => ({
        id: `https://openalex.org/W${1000 + index}`,
        doi: `https://doi.org/${doi.toLowerCase()}`,
        cited_by_count: counts.get(doi.toLowerCase()),
      }));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        meta: {
          count: results.length,
          db_response_time_ms: 12,
          page: 1,
          per_page: Number(url.searchParams.get('per-page') ?? 25),
          groups_count: null,
        },
        results,
        group_by: [],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    calls,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
