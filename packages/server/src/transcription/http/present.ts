import type { Transcript, TranscriptSummary } from '@parlance/contract';
import { apiKeyName } from '../../apiKeys/repository.js';
import { senderName } from '../../apiKeys/sender.js';
import type { Database } from '../../db/index.js';
import type { TranscriptionRow } from '../../db/schema/transcription.js';
import { queuePosition, type TranscriptionSummaryRow } from '../jobs/repository.js';
import { deadlinesOf } from '../retention.js';

export function toSummary(row: TranscriptionSummaryRow): TranscriptSummary {
  return {
    id: row.id,
    audioUrl: row.audioUrl,
    fileName: row.fileName,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    audio_duration: row.audioDurationSeconds,
    model: row.model,
    language: row.language,
    costMicros: row.costMicros,
    progress: { percent: row.progressPercent, stage: row.progressStage },
    notice: (row.status === 'completed' && row.notice) || null,
    audio_delete_at: row.audioDeleteAt?.toISOString() ?? null,
    audio_deleted_at: row.audioDeletedAt?.toISOString() ?? null,
    apiKeyId: row.apiKeyId,
    sender: senderName(row.keyName, row.apiKeyName),
  };
}

/** `maxRunningPerAccount` makes the queue position count only jobs that would start first. */
export async function toTranscript(
  db: Database,
  row: TranscriptionRow,
  maxRunningPerAccount: number,
): Promise<Transcript> {
  const r = row.status === 'completed' ? row.result : null;
  const deadlines = await deadlinesOf(db, row);
  return {
    ...toSummary({
      ...row,
      notice: row.result?.notice ?? null,
      audioDeleteAt: deadlines.audioDeleteAt,
      keyName: row.apiKeyId === null ? null : await apiKeyName(db, row.userId, row.apiKeyId),
    }),
    timestamp_style: row.timestampStyle,
    task: row.task,
    speaker_labels: row.speakerLabels,
    speakers_expected: row.speakersExpected,
    speaker_names: row.speakerNames,
    redact_pii: [...(row.redaction?.policies ?? [])],
    redact_pii_sub: row.redaction?.sub ?? null,
    redact_pii_audio: row.redaction?.audio ?? false,
    filter_profanity: row.filterProfanity,
    disfluencies: row.disfluencies,
    quality: row.quality,
    multichannel: row.audioChannels !== null,
    audio_channels: row.audioChannels,
    has_audio: row.blobKey !== null,
    delete_audio_after: row.deleteAudioAfterSeconds,
    delete_after: row.deleteAfterSeconds,
    delete_at: deadlines.deleteAt?.toISOString() ?? null,
    queue_position:
      row.status === 'queued' ? await queuePosition(db, row, maxRunningPerAccount) : null,
    error: row.errorMessage,
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    result: r
      ? {
          text: r.text,
          language: r.language,
          language_probability: r.languageProbability,
          detected_language: r.detectedLanguage ?? null,
          language_fallback: r.languageFallback ?? false,
          segments: r.segments,
          words: r.words,
          ...(r.utterances ? { utterances: r.utterances } : {}),
          notice: r.notice ?? null,
        }
      : null,
  };
}
