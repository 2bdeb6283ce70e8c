/**
 * Multichannel transcription (`multichannel: true`): each channel of a recording is transcribed on
 * its own as one speaker ("A" the first channel), and the channels' results are merged into one
 * transcript in time order, whose words, segments and turns say their channel.
 */
import { joined, joinedText } from '@parlance/contract/endpoints';
import type { Segment, SpeakerLabel, Utterance, Word } from './engine/protocol.js';
import type {
  EngineProgress,
  EngineResult,
  SpeechEngine,
  TimeSpan,
  TranscribeOptions,
} from './engine/types.js';

type Channelled<T> = T & { speaker: SpeakerLabel; channel: string };

/** A merged result: every word, segment and turn with its channel and its channel's speaker. */
export type ChannelsResult = Omit<EngineResult, 'segments' | 'words' | 'utterances'> & {
  segments: Channelled<Segment>[];
  words: Channelled<Word>[];
  utterances: Channelled<Utterance>[];
};

/** The speaker of channel `channel` (1: "A"). */
export const channelSpeaker = (channel: number) =>
  String.fromCharCode(64 + channel) as SpeakerLabel;

const byTime = (a: TimeSpan, b: TimeSpan) => a.start - b.start || a.end - b.end;

/** Spans as one list in time order, those that overlap (heard on two channels at once) joined. */
function union(spans: readonly TimeSpan[]): TimeSpan[] {
  const out: TimeSpan[] = [];
  for (const span of [...spans].sort(byTime)) {
    const last = out.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else out.push({ ...span });
  }
  return out;
}

/** Runs of consecutive words (in time order) of one channel: who said what, turn by turn. */
function turnsOf(words: readonly Channelled<Word>[]): Channelled<Utterance>[] {
  const turns: Channelled<Word>[][] = [];
  for (const word of words) {
    const turn = turns.at(-1);
    if (turn?.[0]!.channel === word.channel) turn.push(word);
    else turns.push([word]);
  }
  return turns.map((turn) => ({
    speaker: turn[0]!.speaker,
    channel: turn[0]!.channel,
    start: turn[0]!.start,
    end: turn.at(-1)!.end,
    text: joined(turn),
    confidence:
      Math.round((turn.reduce((sum, w) => sum + w.confidence, 0) / turn.length) * 1e4) / 1e4,
  }));
}

/**
 * One transcript of the channels' results (`results[0]` the first channel's): words, segments and
 * turns in time order; the language of the channel that spoke longest; the file's duration. What
 * reads a channel's words as a run (redaction: a number said across the other channel's "mm-hm")
 * reads each channel's result before they are merged.
 */
export function mergeChannels(results: readonly EngineResult[]): ChannelsResult {
  const tag = (index: number) => ({
    speaker: channelSpeaker(index + 1),
    channel: String(index + 1),
  });
  const segments = results
    .flatMap((result, index) => result.segments.map((segment) => ({ ...segment, ...tag(index) })))
    .sort(byTime);
  const words = results
    .flatMap((result, index) => result.words.map((word) => ({ ...word, ...tag(index) })))
    .sort(byTime);
  const spoken = (result: EngineResult) =>
    result.segments.reduce((sum, segment) => sum + segment.end - segment.start, 0);
  const main = results.reduce((longest, result) =>
    spoken(result) > spoken(longest) ? result : longest,
  );
  return {
    text: joinedText(segments.map((segment) => segment.text)),
    language: main.language,
    language_probability: main.language_probability,
    detected_language: main.detected_language,
    language_fallback: results.some((result) => result.language_fallback),
    duration: Math.max(...results.map((result) => result.duration)),
    truncated: results.some((result) => result.truncated),
    untranscribed: union(results.flatMap((result) => result.untranscribed)),
    segments,
    words,
    utterances: turnsOf(words),
  };
}

/**
 * Transcribes the file's `channels` channels one after another (each with its words' times, which
 * order the merged transcript), telling progress over all of them: each channel's result, the
 * first channel's first (redaction reads each channel's words apart: see mergeChannels).
 */
export async function transcribeChannels(
  engine: Pick<SpeechEngine, 'transcribe'>,
  path: string,
  opts: TranscribeOptions,
  channels: number,
  onProgress: (progress: EngineProgress) => void,
  signal: AbortSignal,
): Promise<EngineResult[]> {
  const results: EngineResult[] = [];
  for (let channel = 1; channel <= channels; channel += 1) {
    const done = (channel - 1) * 100;
    results.push(
      await engine.transcribe(
        path,
        { ...opts, channel, wordTimestamps: true },
        ({ percent, stage }) =>
          onProgress({ percent: Math.round(((done + percent) / channels) * 10) / 10, stage }),
        signal,
      ),
    );
  }
  return results;
}
