import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { DomainError } from '../../domainErrors.js';
import { isAllowedAddress, type AddressPolicy } from './addressPolicy.js';

/** A URL the server refuses to contact, or one it could not fetch. */
export class UrlError extends DomainError {
  override name = 'UrlError';
  declare readonly code: 'url_refused' | 'url_unreachable' | 'file_too_large';

  constructor(code: UrlError['code'], message: string) {
    super(code, message);
  }
}

export interface SafeRequestInit {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  policy: AddressPolicy;
}

/** Parses and checks scheme and credentials; the address check comes at resolution. */
export function parsePublicUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlError('url_refused', `Not a valid URL: ${raw.slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UrlError('url_refused', `Only http and https URLs are allowed, not ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new UrlError('url_refused', 'URLs with credentials are not allowed');
  }
  return url;
}

/**
 * Resolves the host once, refuses it unless every address it resolves to is allowed, and
 * returns one of those checked addresses: the connection is made to that address, so a
 * second DNS answer cannot swap in a private one.
 */
async function resolveChecked(
  url: URL,
  policy: AddressPolicy,
): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new UrlError('url_unreachable', `Could not resolve host ${host}`);
    }
  }
  const refused = addresses.find((a) => !isAllowedAddress(a.address, policy));
  if (refused || addresses.length === 0) {
    throw new UrlError(
      'url_refused',
      `URL host ${host} resolves to a private or reserved address (${refused?.address ?? 'none'}); only public addresses are allowed`,
    );
  }
  return addresses[0] as { address: string; family: number };
}

/** Refuses (UrlError) a URL that is not http(s) or whose host resolves to a forbidden address. */
export async function assertPublicUrl(raw: string, policy: AddressPolicy): Promise<void> {
  await resolveChecked(parsePublicUrl(raw), policy);
}

/** One request (no redirects followed) to a checked address. */
export async function safeRequest(raw: string, init: SafeRequestInit): Promise<IncomingMessage> {
  const url = parsePublicUrl(raw);
  const pinned = await resolveChecked(url, init.policy);
  const pinnedLookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: init.method ?? 'GET',
        headers: init.headers,
        lookup: pinnedLookup,
        signal: init.signal,
        // https: verify the certificate for the name in the URL, not the pinned IP.
        servername: isIP(url.hostname) ? undefined : url.hostname,
      },
      resolve,
    );
    req.on('error', (err) => {
      const why = init.signal.aborted ? 'timed out' : err.message;
      reject(new UrlError('url_unreachable', `Could not fetch ${url.origin}: ${why}`));
    });
    req.end(init.body);
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** GET with redirects followed by hand (each hop re-checked), at most `maxRedirects`. */
export async function safeGet(
  raw: string,
  init: Omit<SafeRequestInit, 'method' | 'body'>,
  maxRedirects = 5,
): Promise<{ response: IncomingMessage; url: string }> {
  let current = raw;
  for (let hop = 0; ; hop++) {
    const response = await safeRequest(current, init);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || !location) return { response, url: current };
    response.resume();
    if (hop >= maxRedirects) {
      throw new UrlError('url_unreachable', `Too many redirects (more than ${maxRedirects})`);
    }
    current = new URL(location, current).toString();
  }
}
