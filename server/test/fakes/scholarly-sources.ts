import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { ScholarlySource } from '@kindling/contract';

/**
 * Local stand-ins for ORCID, Crossref and OpenAlex serving recorded answers in their published
 * formats (ORCID public API 3.0 JSON, Crossref `works`, OpenAlex `works`), written by hand from the
 * published schemas. Each can be told to fail (500) or to hang (never answer).
 */
const fixtures = path.join(import.meta.dirname, 'scholarly');
const read = (name: string) => JSON.parse(readFileSync(path.join(fixtures, name), 'utf8'));

/** The iD whose record is recorded: ORCID's own test person, Josiah Carberry. */
export const RECORDED_ORCID = '0000-0002-1825-0097';
const record = read('orcid-record.json');
const bulkWorks = read('orcid-works.json') as { bulk: { work: { 'put-code': number } }[] };
const crossref = read('crossref-works.json') as Record<string, unknown>;
const counts = read('openalex-counts.json') as Record<string, number>;
/** DOIs Crossref resolves in the recording, and their OpenAlex counts. */
export const RECORDED_DOIS = Object.keys(crossref);
export const recordedCount = (doi: string) => counts[doi];

type Mode = 'answer' | 'fail' | 'hang';

interface SeenRequest {
  source: ScholarlySource;
  url: string;
  userAgent: string | undefined;
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/plain' : 'application/json;charset=UTF-8',
  });
  res.end(text);
}

function orcid(url: URL, res: ServerResponse) {
  const match = /^\/v3\.0\/([\dX-]+)\/(record|works\/([\d,]+))$/.exec(url.pathname);
  if (!match || match[1] !== RECORDED_ORCID) {
    return send(res, 404, {
      'response-code': 404,
      'developer-message': `404 Not Found: The resource was not found. Full validation error: No entity found with id ${match?.[1] ?? ''}`,
      'user-message': 'The resource was not found.',
      'error-code': 9016,
    });
  }
  if (match[2] === 'record') return send(res, 200, record);
  const codes = new Set((match[3] ?? '').split(',').map(Number));
  return send(res, 200, {
    bulk: bulkWorks.bulk.filter((item) => codes.has(item.work['put-code'])),
  });
}

function crossrefWork(url: URL, res: ServerResponse) {
  const match = /^\/works\/(.+)$/.exec(url.pathname);
  const doi = match ? decodeURIComponent(match[1] ?? '').toLowerCase() : '';
  const work = crossref[doi];
  return work ? send(res, 200, work) : send(res, 404, 'Resource not found.');
}

function openalexWorks(url: URL, res: ServerResponse) {
  const filter = url.searchParams.get('filter') ?? '';
  if (url.pathname !== '/works' || !filter.startsWith('doi:')) {
    return send(res, 400, { error: 'Invalid query parameters error.', message: filter });
  }
  const asked = filter.slice(4).split('|');
  if (asked.length > 100) return send(res, 400, { error: 'Too many values in OR filter.' });
  const results = asked
    .filter((doi) => doi in counts)
    .map((doi, i) => ({
      id: `https://openalex.org/W${2_000_000_000 + i}`,
      doi: `https://doi.org/${doi}`,
      cited_by_count: counts[doi],
    }));
  return send(res, 200, {
    meta: {
      count: results.length,
      db_response_time_ms: 12,
      page: 1,
      per_page: 50,
      groups_count: null,
    },
    results,
    group_by: [],
  });
}

const handlers: Record<ScholarlySource, (url: URL, res: ServerResponse) => void> = {
  ORCID: orcid,
  Crossref: crossrefWork,
  OpenAlex: openalexWorks,
};

export interface ScholarlyFakes {
  urls: { ORCID_API_URL: string; CROSSREF_API_URL: string; OPENALEX_API_URL: string };
  /** How each source answers from now on. */
  modes: Record<ScholarlySource, Mode>;
  requests: SeenRequest[];
  close(): Promise<void>;
}

async function listen(server: Server, port: number): Promise<string> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Starts the three fakes, on the ports given or on free ones. */
export async function startScholarlyFakes(
  ports: Record<ScholarlySource, number> = { ORCID: 0, Crossref: 0, OpenAlex: 0 },
): Promise<ScholarlyFakes> {
  const modes: Record<ScholarlySource, Mode> = {
    ORCID: 'answer',
    Crossref: 'answer',
    OpenAlex: 'answer',
  };
  const requests: SeenRequest[] = [];
  const serve = (source: ScholarlySource) =>
    createServer((req: IncomingMessage, res: ServerResponse) => {
      requests.push({ source, url: req.url ?? '', userAgent: req.headers['user-agent'] });
      if (modes[source] === 'hang') return;
      if (modes[source] === 'fail') return send(res, 500, 'Internal Server Error');
      handlers[source](new URL(req.url ?? '/', 'http://fake'), res);
    });
  const servers = {
    ORCID: serve('ORCID'),
    Crossref: serve('Crossref'),
    OpenAlex: serve('OpenAlex'),
  };
  const urls = {
    ORCID_API_URL: await listen(servers.ORCID, ports.ORCID),
    CROSSREF_API_URL: await listen(servers.Crossref, ports.Crossref),
    OPENALEX_API_URL: await listen(servers.OpenAlex, ports.OpenAlex),
  };
  return {
    urls,
    modes,
    requests,
    async close() {
      for (const server of Object.values(servers)) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}
