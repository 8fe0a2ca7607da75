import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './network-policy';
import type { HostFetchInit, HostFetchResponse, TaskHost } from './task-types';

// The sandbox's fetch: public HTTP(S) only (network-policy.ts says which addresses are public). The address check runs inside the socket's DNS lookup, so the
// address that is checked is the address that is connected to (a second resolution could answer otherwise:
// DNS rebinding), and it runs again on every redirect hop.

export type PublicFetchOptions = {
  /** Lets tasks reach private and local addresses (a self-hosted deployment next to its own services). */
  allowPrivate?: boolean;
  /** Addresses reachable even though they are private or local (one trusted internal service; tests). */
  allowAddresses?: string[];
  maxBytes?: number;
  timeoutMs?: number;
};

const DEFAULT_MAX_BYTES = 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 5;
/**
 * Set by the transport itself; and accept-encoding, because the body is handed to the task as text, so it must
 * arrive without a content encoding.
 */
const STRIPPED_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'accept-encoding',
]);
/** Credentials that must not follow a redirect to another origin (as WHATWG fetch does for authorization). */
const ORIGIN_BOUND_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);

/** A failure fit for the task's logs: a plain message, no stack, no host internals. */
function fetchError(message: string): Error {
  const error = new Error(`fetch: ${message}`);
  error.stack = error.message;
  return error;
}

type AddressPolicy = (address: string) => boolean;

function addressPolicy(opts: PublicFetchOptions): AddressPolicy {
  if (opts.allowPrivate) return () => true;
  const allowed = new Set(opts.allowAddresses ?? []);
  return (address) => allowed.has(address) || isPublicAddress(address);
}

/**
 * Names the host as the caller wrote it, never the address a name resolved to: that would tell a task author or a
 * channel's owner what the deployment's private names point at (a literal address names only itself).
 */
const refused = (hostname: string, literal: boolean) =>
  fetchError(
    `${hostname} ${literal ? 'is' : 'resolves to'} a private or local address; tasks may only reach public hosts`,
  );

/** dns.lookup with every answer checked: one non-public address refuses the host. */
function guardedLookup(isAllowed: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(fetchError(`${hostname} could not be resolved`), '', 0);
      const blocked = addresses.find(({ address }) => !isAllowed(address));
      if (blocked) return callback(refused(hostname, false), '', 0);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(fetchError(`${hostname} could not be resolved`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

function targetOf(url: string | URL, base?: URL): URL {
  let target: URL;
  try {
    target = new URL(url, base);
  } catch {
    throw fetchError('invalid URL');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw fetchError(`only http and https URLs are allowed (not ${target.protocol})`);
  return target;
}

type Hop = { target: URL; method: string; headers: Record<string, string>; body?: string };

/** One request, no redirects followed; resolves once the response headers are in. */
function request(hop: Hop, isAllowed: AddressPolicy, signal: AbortSignal): Promise<IncomingMessage> {
  const hostname = hop.target.hostname.replace(/^\[|\]$/g, '');
  // Literal addresses never reach the lookup, so they are checked here.
  if (isIP(hostname) && !isAllowed(hostname)) return Promise.reject(refused(hostname, true));
  const transport = hop.target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    try {
      const req = transport.request(hop.target, {
        method: hop.method,
        headers: hop.headers,
        lookup: guardedLookup(isAllowed),
        signal,
      });
      req.once('response', resolve);
      req.on('error', reject);
      req.end(hop.body);
    } catch (error) {
      // Invalid header names or values throw synchronously.
      reject(fetchError(error instanceof Error ? error.message : 'invalid request'));
    }
  });
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw fetchError(`the response body is over the ${sizeLabel(maxBytes)} limit`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const sizeLabel = (bytes: number) =>
  bytes % (1024 * 1024) === 0
    ? `${bytes / 1024 / 1024} MiB`
    : bytes % 1024 === 0
      ? `${bytes / 1024} KiB`
      : `${bytes}-byte`;

const isRedirect = (status: number) => [301, 302, 303, 307, 308].includes(status);

/** The next hop of a redirect, as WHATWG fetch builds it. */
function redirected(hop: Hop, status: number, location: string): Hop {
  const target = targetOf(location, hop.target);
  // 303, and 301/302 after a POST, turn into a GET without body.
  const toGet = status === 303 || ((status === 301 || status === 302) && hop.method === 'POST');
  const headers = Object.fromEntries(
    Object.entries(hop.headers).filter(
      ([name]) => target.origin === hop.target.origin || !ORIGIN_BOUND_HEADERS.has(name.toLowerCase()),
    ),
  );
  return toGet
    ? { target, method: 'GET', headers: withoutBodyHeaders(headers) }
    : { target, method: hop.method, headers, body: hop.body };
}

const withoutBodyHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !name.toLowerCase().startsWith('content-')));

function responseHeaders(response: IncomingMessage): [string, string][] {
  return Object.entries(response.headers).flatMap(([name, value]): [string, string][] =>
    value === undefined ? [] : Array.isArray(value) ? value.map((v) => [name, v]) : [[name, value]],
  );
}

/** Translates transport errors (whose messages name sockets, addresses and syscalls) for the task's logs. */
function failure(error: unknown, target: URL, signal: AbortSignal, timeoutMs: number): Error {
  if (signal.aborted) return fetchError(`${target.host} did not answer within ${timeoutMs / 1000} s`);
  if (error instanceof Error && error.message.startsWith('fetch: ')) return error;
  const code = (error as { code?: unknown })?.code;
  if (code === 'ECONNREFUSED') return fetchError(`the connection to ${target.host} was refused`);
  if (code === 'ECONNRESET') return fetchError(`the connection to ${target.host} was reset`);
  if (typeof code === 'string' && /TLS|SSL|CERT/.test(code))
    return fetchError(`the TLS connection to ${target.host} failed`);
  return fetchError(`the request to ${target.host} failed`);
}

/** The host side of the sandbox's `fetch`. */
export function publicFetch(opts: PublicFetchOptions = {}): TaskHost['fetch'] {
  const isAllowed = addressPolicy(opts);
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return async (url: string, init: HostFetchInit): Promise<HostFetchResponse> => {
    const signal = AbortSignal.timeout(timeoutMs);
    let hop: Hop = {
      target: targetOf(url),
      method: (init.method ?? 'GET').toUpperCase(),
      headers: Object.fromEntries(
        Object.entries(init.headers ?? {}).filter(([name]) => !STRIPPED_HEADERS.has(name.toLowerCase())),
      ),
      body: init.body,
    };
    for (let redirects = 0; ; redirects++) {
      try {
        const response = await request(hop, isAllowed, signal);
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (isRedirect(status) && location) {
          response.resume();
          if (redirects === MAX_REDIRECTS)
            throw fetchError(`too many redirects (more than ${MAX_REDIRECTS})`);
          hop = redirected(hop, status, location);
          continue;
        }
        return {
          status,
          statusText: response.statusMessage ?? '',
          url: hop.target.href,
          headers: responseHeaders(response),
          body: await readBody(response, maxBytes),
        };
      } catch (error) {
        throw failure(error, hop.target, signal, timeoutMs);
      }
    }
  };
}
