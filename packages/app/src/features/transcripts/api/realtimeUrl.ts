import type { RealtimeQuery } from '@parlance/contract';
import { PII_POLICIES, realtimePaths } from '@parlance/contract/endpoints';
import { AUTO_LANGUAGE } from '../../../shared/languages';

export interface RealtimeUrlInput {
  /** The page's origin (`http://…` or `https://…`): the socket goes to the same host. */
  origin: string;
  /** A one-use token from `POST /api/realtime/token`. */
  token: string;
  /** The capture's rate: the server resamples. */
  sampleRate: number;
  model?: string | null;
  /** A language code, or 'auto' (or none) for the server to detect it. */
  language?: string | null;
  /** Redact every kind of personal data from what the stream sends and saves. */
  redactPii?: boolean;
}

const ENCODING: RealtimeQuery['encoding'] = 'pcm_s16le';

/**
 * `ws(s)://host/v1/realtime?token=…&sample_rate=…&encoding=pcm_s16le[&model=…][&language=…]
 * [&redact_pii=…]`
 */
export function realtimeUrl({
  origin,
  token,
  sampleRate,
  model,
  language,
  redactPii,
}: RealtimeUrlInput) {
  const url = new URL(realtimePaths.stream, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const query: Partial<Record<keyof RealtimeQuery, string>> = {
    token,
    sample_rate: String(Math.round(sampleRate)),
    encoding: ENCODING,
  };
  if (model) query.model = model;
  if (language && language !== AUTO_LANGUAGE) query.language = language;
  if (redactPii) query.redact_pii = PII_POLICIES.join(',');
  url.search = new URLSearchParams(query).toString();
  return url.toString();
}
