/** The public transcription API driven from Node with an API key, and scoring its text. */
import { execFileSync } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { repoRoot } from './product';
import { until } from './session';

const fixtures = join(repoRoot, 'packages/server/test/fixtures');
export const jfkWav = join(fixtures, 'jfk.wav');

export interface TranscriptJob {
  id: string;
  status: 'queued' | 'processing' | 'completed' | 'error';
  fileName: string | null;
  audio_duration: number | null;
  error: string | null;
  result: { text: string; segments: { start: number; end: number; text: string }[] } | null;
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** POST /v1/transcript with the file as multipart `file`, as `auth` (an API key or a session). */
export async function submitAudio(
  url: string,
  auth: Record<string, string>,
  path: string,
  fields: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  form.set('file', new Blob([await readFile(path)], { type: 'audio/wav' }), basename(path));
  form.set('timestamp_style', 'segment');
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return fetch(`${url}/v1/transcript`, { method: 'POST', headers: auth, body: form });
}

/** Polls GET /v1/transcript/{id} until the job is completed or failed. */
export function finishedJob(url: string, key: string, id: string): Promise<TranscriptJob> {
  return until(
    `transcript ${id} to finish`,
    async () => {
      const res = await fetch(`${url}/v1/transcript/${id}`, { headers: bearer(key) });
      if (!res.ok) throw new Error(`GET /v1/transcript/${id} answered ${res.status}`);
      const job = (await res.json()) as TranscriptJob;
      return job.status === 'completed' || job.status === 'error' ? job : undefined;
    },
    120_000,
  );
}

export function apiGet(url: string, key: string, path: string): Promise<Response> {
  return fetch(`${url}${path}`, { headers: bearer(key) });
}

/** The reference transcript of a fixture clip (test/fixtures/transcripts.tsv). */
export async function reference(clip: string): Promise<string> {
  const tsv = await readFile(join(fixtures, 'transcripts.tsv'), 'utf8');
  const line = tsv.split('\n').find((row) => row.startsWith(`${clip}\t`));
  if (!line) throw new Error(`no reference for ${clip}`);
  return line.slice(clip.length + 1).trim();
}

/** Word error rate with the engine's own Whisper-style normaliser (punctuation, number words). */
export function wordErrorRate(referenceText: string, hypothesis: string): number {
  const python = process.env.ENGINE_PYTHON ?? join(repoRoot, 'packages/engine/.venv/bin/python');
  const code =
    'import sys,json\nfrom parlance_engine.textnorm import wer\nr,h=json.load(sys.stdin)\nprint(wer(r,h))';
  return Number(
    execFileSync(python, ['-c', code], {
      input: JSON.stringify([referenceText, hypothesis]),
    }).toString(),
  );
}

/** SubRip cues: "1\n00:00:00,000 --> 00:00:04,000\none or more lines of text\n\n". */
export function srtCues(srt: string): { start: string; end: string; text: string }[] {
  return srt
    .trim()
    .split(/\r?\n\r?\n/)
    .flatMap((block) => {
      const match =
        /^\d+\r?\n(\d\d:\d\d:\d\d,\d{3}) --> (\d\d:\d\d:\d\d,\d{3})\r?\n([\s\S]+)$/.exec(
          block.trim(),
        );
      return match
        ? [
            {
              start: match[1] ?? '',
              end: match[2] ?? '',
              text: (match[3] ?? '').replace(/\s+/g, ' '),
            },
          ]
        : [];
    });
}

export interface WebhookDelivery {
  body: string;
  signature: string;
}

/** A customer's webhook endpoint on 127.0.0.1: it keeps every delivery and answers 204. */
export async function webhookReceiver(): Promise<{
  url: string;
  delivery: () => Promise<WebhookDelivery>;
  close: () => void;
}> {
  const deliveries: WebhookDelivery[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      deliveries.push({ body, signature: String(req.headers['parlance-signature'] ?? '') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/parlance`,
    delivery: () => until('a webhook delivery', async () => deliveries[0], 60_000),
    close: () => server.close(),
  };
}

/** The check the API docs describe: `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, fresh. */
export function signedWith(delivery: WebhookDelivery, secret: string): boolean {
  const { t = '', v1 = '' } = Object.fromEntries(
    delivery.signature.split(',').map((part) => part.split('=')),
  ) as { t?: string; v1?: string };
  const expected = createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest();
  const given = Buffer.from(v1, 'hex');
  return (
    Math.abs(Date.now() / 1000 - Number(t)) < 300 &&
    given.length === expected.length &&
    timingSafeEqual(given, expected)
  );
}
