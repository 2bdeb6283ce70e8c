/** The address policy and the SSRF-safe fetch, with loopback NOT allowed (the production default). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAllowedAddress } from '../src/transcription/net/addressPolicy.js';
import { downloadToFile } from '../src/transcription/net/download.js';
import { UrlError } from '../src/transcription/net/safeRequest.js';

const strict = { allowLoopback: false };
const limits = { maxBytes: 1024, timeoutMs: 5000 };

describe('isAllowedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.9.9.9',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    'not-an-ip',
  ])('refuses %s', (ip) => expect(isAllowedAddress(ip, strict)).toBe(false));

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows public %s',
    (ip) => expect(isAllowedAddress(ip, strict)).toBe(true),
  );

  it('with allowLoopback lets loopback through and nothing else private', () => {
    const loose = { allowLoopback: true };
    expect(isAllowedAddress('127.0.0.1', loose)).toBe(true);
    expect(isAllowedAddress('::1', loose)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', loose)).toBe(false);
    expect(isAllowedAddress('169.254.169.254', loose)).toBe(false);
  });
});

describe('downloadToFile (strict policy)', () => {
  it('refuses 127.0.0.1, [::1] and localhost before connecting', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits++;
      res.end('x');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const dest = join(await mkdtemp(join(tmpdir(), 'ssrf-')), 'out');
    try {
      for (const url of [
        `http://127.0.0.1:${port}/a`,
        `http://[::1]:${port}/a`,
        `http://localhost:${port}/a`,
      ]) {
        const err = await downloadToFile(url, dest, strict, limits).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(UrlError);
        expect(err).toMatchObject({ code: 'url_refused' });
      }
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  });

  it('stops at the size limit with 413', async () => {
    const server = createServer((_req, res) => res.end(Buffer.alloc(4096)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const dest = join(await mkdtemp(join(tmpdir(), 'ssrf-')), 'out');
    try {
      const err = await downloadToFile(
        `http://127.0.0.1:${port}/big`,
        dest,
        { allowLoopback: true },
        limits,
      ).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'file_too_large' });
    } finally {
      server.close();
    }
  });

  it('blames a failure to write the file on this server, not the URL, and keeps its path from the caller', async () => {
    const server = createServer((_req, res) => res.end(Buffer.alloc(64)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const dest = join(await mkdtemp(join(tmpdir(), 'ssrf-')), 'missing-folder', 'out');
    try {
      const err = await downloadToFile(
        `http://127.0.0.1:${port}/a`,
        dest,
        { allowLoopback: true },
        limits,
      ).catch((e: unknown) => e);
      expect(err).not.toBeInstanceOf(UrlError); // answered as a plain 500, the detail logged
      expect(err).toMatchObject({ code: 'ENOENT' });
    } finally {
      server.close();
    }
  });

  it('gives up after the time limit with 422', async () => {
    const server = createServer(() => undefined); // never answers
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const dest = join(await mkdtemp(join(tmpdir(), 'ssrf-')), 'out');
    try {
      const err = await downloadToFile(
        `http://127.0.0.1:${port}/slow`,
        dest,
        { allowLoopback: true },
        { ...limits, timeoutMs: 300 },
      ).catch((e: unknown) => e);
      expect(err).toMatchObject({
        code: 'url_unreachable',
        message: expect.stringContaining('timed out'),
      });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
