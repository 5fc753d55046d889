import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Every request the server makes to another service (an identity provider's discovery, keys, tokens
 * and metadata; the scholarly sources of CONTRACT §10) goes through here: with a time limit and a size limit, never following a redirect, and, outside
 * development, only to addresses a provider URL may reach (CONTRACT §8). The address is checked as
 * the connection is made, on the address actually connected to, so a name that resolves to a
 * public address when checked and to a private one when used (DNS rebinding) is still refused.
 */
export type NetworkPolicy =
  /** Development: any address, http or https. */
  | 'open'
  /** Tests and staging: https to public addresses, and the loopback address by http or https. */
  | 'loopback'
  /** Production: https to public addresses only. */
  | 'public';

class UnsafeAddressError extends Error {}

/** How much an answer may hold and how long it may take, the answer read whole. */
export interface FetchLimits {
  bytes: number;
  ms: number;
}
const PROVIDER_LIMITS: FetchLimits = { bytes: 2 * 1024 * 1024, ms: 8_000 };

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv6');
}

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address it is. */
function plain(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

function isLoopback(address: string): boolean {
  const a = plain(address);
  return loopback.check(a.address, a.family);
}

function isPublic(address: string): boolean {
  const a = plain(address);
  return !notPublic.check(a.address, a.family);
}

/** Whether the policy lets a URL of this scheme reach this address. */
export function allowed(policy: NetworkPolicy, protocol: string, address: string): boolean {
  if (policy === 'open') return true;
  if (policy === 'loopback' && isLoopback(address)) return true;
  return protocol === 'https:' && isPublic(address);
}

/** What a URL given by an administrator may be, before anything is resolved. */
export function urlAllowed(policy: NetworkPolicy, value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  if (policy === 'public') return url.protocol === 'https:';
  return true;
}

function checkedLookup(policy: NetworkPolicy, protocol: string): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '', 4);
      const addresses = found as unknown as LookupAddress[];
      const refused = addresses.find((a) => !allowed(policy, protocol, a.address));
      if (refused || addresses.length === 0) {
        return callback(
          new UnsafeAddressError(`${hostname} is not an address a provider may have`),
          '',
          4,
        );
      }
      if ((options as { all?: boolean }).all) return callback(null, addresses as never, 4);
      const first = addresses[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}

export interface GuardedInit {
  method?: string;
  headers?: Record<string, string> | Headers;
  body?: string | URLSearchParams | Uint8Array | ArrayBuffer | null;
  signal?: AbortSignal;
}

/** The body as bytes, whatever form the caller gave it in, so its length is its real length. */
function bodyBytes(body: GuardedInit['body']): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof URLSearchParams) return Buffer.from(String(body));
  return Buffer.from(body instanceof ArrayBuffer ? new Uint8Array(body) : body);
}

/**
 * A fetch whose answer is read whole within its limits (for providers, at most 2 MiB within 8
 * seconds), a redirect handed back as it came. Its shape is the Fetch API's, so openid-client can
 * use it.
 */
export function guardedFetch(policy: NetworkPolicy, limits: FetchLimits = PROVIDER_LIMITS) {
  const { bytes: limitBytes, ms: limitMs } = limits;
  return async (target: string, init: GuardedInit = {}): Promise<Response> => {
    const url = new URL(target);
    if (!urlAllowed(policy, target)) throw new UnsafeAddressError(`${url.origin} is not allowed`);
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && !allowed(policy, url.protocol, literal)) {
      throw new UnsafeAddressError(`${url.origin} is not an address a provider may have`);
    }
    const headers = Object.fromEntries(new Headers(init.headers ?? {}).entries());
    const body = bodyBytes(init.body);
    if (body) headers['content-length'] = String(body.length);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const request = client.request(
        url,
        {
          method: init.method ?? 'GET',
          headers: { 'user-agent': 'Kindling', ...headers },
          lookup: checkedLookup(policy, url.protocol),
          timeout: limitMs,
          signal: init.signal,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > limitBytes) {
              request.destroy(new Error(`${url.origin} answered more than ${limitBytes} bytes`));
              return;
            }
            chunks.push(chunk);
          });
          response.on('end', () => {
            const answer = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              if (value === undefined) continue;
              for (const item of Array.isArray(value) ? value : [value]) answer.append(name, item);
            }
            const status = response.statusCode ?? 502;
            const content = status === 204 || status === 304 ? null : Buffer.concat(chunks);
            resolve(new Response(content, { status, headers: answer }));
          });
          response.on('error', reject);
        },
      );
      const deadline = setTimeout(
        () => request.destroy(new Error(`${url.origin} took too long`)),
        limitMs,
      );
      request.on('close', () => clearTimeout(deadline));
      request.on('timeout', () => request.destroy(new Error(`${url.origin} took too long`)));
      request.on('error', reject);
      request.end(body);
    });
  };
}

export type GuardedFetch = ReturnType<typeof guardedFetch>;
