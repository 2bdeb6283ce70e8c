import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AddressPolicy } from './addressPolicy.js';
import { safeGet, UrlError } from './safeRequest.js';

export interface DownloadLimits {
  maxBytes: number;
  timeoutMs: number;
}

export interface Downloaded {
  bytes: number;
  /** The URL after redirects. */
  url: string;
}

const tooLarge = (maxBytes: number) =>
  new UrlError(
    'file_too_large',
    `Audio at audio_url is larger than the ${Math.round(maxBytes / 1048576)} MB limit`,
  );

/** Fetches `raw` (SSRF-checked, redirects re-checked) into `dest`, within size and time limits. */
export async function downloadToFile(
  raw: string,
  dest: string,
  policy: AddressPolicy,
  limits: DownloadLimits,
): Promise<Downloaded> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const { response, url } = await safeGet(raw, {
    signal,
    policy,
    headers: { accept: 'audio/*, video/*, */*' },
  });
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 299) {
    response.resume();
    throw new UrlError(
      'url_unreachable',
      `Could not fetch audio_url: the server answered HTTP ${status}`,
    );
  }
  const declared = Number(response.headers['content-length'] ?? NaN);
  if (declared > limits.maxBytes) {
    response.destroy();
    throw tooLarge(limits.maxBytes);
  }
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done(bytes > limits.maxBytes ? tooLarge(limits.maxBytes) : null, chunk);
    },
  });
  try {
    await pipeline(response, counter, createWriteStream(dest));
  } catch (err) {
    await rm(dest, { force: true });
    if (err instanceof UrlError) throw err;
    // Writing the file failed here (disk full, permissions): not the URL's fault, and its text
    // (a path of this server's) is not the caller's to read. It stays an internal error, logged.
    if (typeof (err as NodeJS.ErrnoException).path === 'string') throw err;
    const why = signal.aborted
      ? `timed out after ${limits.timeoutMs / 1000} s`
      : (err as Error).message;
    throw new UrlError('url_unreachable', `Could not fetch audio_url: ${why}`);
  }
  return { bytes, url };
}
