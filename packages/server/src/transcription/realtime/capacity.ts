import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * How many live streams of each model this machine transcribes in real time at once: measured by
 * `npm run bench:realtime -- --save` (written to DATA_DIR/live-capacity.json), or set by
 * LIVE_CAPACITY (`tiny.en:4,base:1`), which wins. A model neither names counts as
 * LIVE_MAX_STREAMS (unmeasured: the count limit alone).
 */
export interface LiveCapacity {
  streams: Record<string, number>;
  /** Where the figures came from, for the start-up log. */
  source: 'LIVE_CAPACITY' | typeof CAPACITY_FILE | 'unmeasured';
}

export const CAPACITY_FILE = 'live-capacity.json';

/** What bench:realtime --save writes. */
export const CapacityFile = z.object({
  measuredAt: z.string(),
  cpus: z.number().int().positive(),
  streams: z.record(z.string(), z.number().min(0)),
});

/** LIVE_CAPACITY's value: `model:streams` pairs, comma-separated. */
export const LiveCapacityEnv = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const streams: Record<string, number> = {};
    for (const pair of value.split(',').filter(Boolean)) {
      const match = /^\s*([\w.-]+)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(pair);
      if (!match) {
        ctx.addIssue({
          code: 'custom',
          message: `LIVE_CAPACITY takes model:streams pairs (tiny.en:4,base:1), not '${pair}'`,
        });
        return z.NEVER;
      }
      streams[match[1]!] = Number(match[2]);
    }
    return streams;
  });

export function loadLiveCapacity(
  fromEnv: Record<string, number> | undefined,
  dataDir: string,
): LiveCapacity {
  if (fromEnv) return { streams: fromEnv, source: 'LIVE_CAPACITY' };
  let text: string;
  try {
    text = readFileSync(join(dataDir, CAPACITY_FILE), 'utf8');
  } catch {
    return { streams: {}, source: 'unmeasured' };
  }
  let parsed: z.ZodSafeParseResult<z.infer<typeof CapacityFile>> | undefined;
  try {
    parsed = CapacityFile.safeParse(JSON.parse(text));
  } catch {
    parsed = undefined;
  }
  if (!parsed?.success) {
    throw new Error(
      `${join(dataDir, CAPACITY_FILE)} is not what bench:realtime --save writes: measure again, or remove it`,
    );
  }
  return { streams: parsed.data.streams, source: CAPACITY_FILE };
}
