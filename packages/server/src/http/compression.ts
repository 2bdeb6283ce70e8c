import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * A text file compressed once, ahead of the requests for it, at each encoding's highest setting
 * (Brotli quality 11, gzip level 9): the build's static files (vite.config.ts) and the server's
 * prerendered home page (spa.ts).
 */
export const compressOnce = (body: Buffer) => ({
  br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: gzipSync(body, { level: 9 }),
});
