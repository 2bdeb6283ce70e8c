/**
 * The live path's figures that need the API (printed by `npm run bench:realtime` before the
 * engine's): `/api/health` p99 while a client bursts 48 kHz audio at `/v1/realtime` (15 frames of
 * 256 KiB at once, three times), against its p99 idle in the same run; and the peak resident
 * memory of the API's process tree (Node, the live engine, the probe and transcription engines)
 * over the run, which also streams jfk at the speed it plays.
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import {
  customer,
  fixture,
  startTranscriptionServer,
  type Customer,
} from '../test/transcription-helpers.js';
import type { TestServer } from '../test/helpers.js';
import { sampleTreePeak } from './stats.js';

const BURST_FRAMES = 15;
const FRAME_BYTES = 256 * 1024;

/** GET /api/health every 10 ms for `ms`: each answer's time. */
async function healthTimes(server: TestServer, ms: number): Promise<number[]> {
  const times: number[] = [];
  for (const until = Date.now() + ms; Date.now() < until;) {
    const sent = performance.now();
    await fetch(`${server.url}/api/health`);
    times.push(performance.now() - sent);
    await sleep(10);
  }
  return times;
}

const p99 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.99)]!;

/** Opens a stream and resolves once `ready` came; the socket closes when the server ends it. */
function open(server: TestServer, who: Customer, query: string): Promise<WebSocket> {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/v1/realtime${query}`, {
    headers: who.auth,
  });
  return new Promise((resolve, reject) => {
    socket.once('message', () => resolve(socket));
    socket.once('error', reject);
  });
}

const server = await startTranscriptionServer({ LOG_LEVEL: 'silent' });
const tree = sampleTreePeak();
try {
  const who = await customer(server, 500);
  const idle = await healthTimes(server, 3_000);
  const during: number[] = [];
  for (let burst = 0; burst < 3; burst++) {
    const socket = await open(server, who, '?language=en&sample_rate=48000');
    for (let i = 0; i < BURST_FRAMES; i++) socket.send(Buffer.alloc(FRAME_BYTES, 7));
    during.push(...(await healthTimes(server, 2_000)));
    socket.close();
    await sleep(500);
  }
  // A stream heard to its end, for the memory of the live path at work.
  const wav = readFileSync(fixture('jfk.wav'));
  const pcm = wav.subarray(wav.indexOf('data') + 8);
  const socket = await open(server, who, '?language=en');
  for (let at = 0; at < pcm.length; at += 3200) {
    socket.send(pcm.subarray(at, at + 3200));
    await sleep(100);
  }
  socket.send(JSON.stringify({ type: 'end' }));
  await new Promise((resolve) => socket.once('close', resolve));
  console.log(
    `/api/health p99: ${p99(idle).toFixed(1)} ms idle, ${p99(during).toFixed(1)} ms during ${BURST_FRAMES} × 256 KiB bursts of 48 kHz audio (${(p99(during) / p99(idle)).toFixed(2)}×; target under 100 ms)`,
  );
  console.log(`peak resident memory of the API process tree: ${tree.stop()}`);
} finally {
  tree.stop();
  await server.close();
}
