import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/index.js';
import { ledgerEntries } from '../../db/schema/billing.js';

/**
 * What a job's usage entry says in the credit history and its CSV: the file, the seconds billed
 * (over how many channels, when they were transcribed apart), the model.
 */
export const jobUsageDescription = (
  file: string | null,
  seconds: number,
  model: string,
  channels = 1,
) =>
  `Transcription of ${file ?? 'audio'} (${Math.ceil(seconds)} s${channels > 1 ? ` over ${channels} channels` : ''}, ${model})`;

/**
 * Called as transcripts are deleted (by their owner or by retention), in the same transaction:
 * their usage entries stop naming their files. The charge stays, as the account's history; what
 * the file was called goes with the transcript. Live streams' entries name no file.
 */
export async function forgetUsageFiles(tx: Database | Transaction, transcriptIds: string[]) {
  if (transcriptIds.length === 0) return;
  const entries = await tx
    .select({
      id: ledgerEntries.id,
      seconds: ledgerEntries.audioSeconds,
      model: ledgerEntries.model,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.kind, 'usage'),
        inArray(ledgerEntries.reference, transcriptIds),
        ne(ledgerEntries.audioSource, 'live'),
      ),
    );
  for (const entry of entries) {
    await tx
      .update(ledgerEntries)
      .set({
        description: jobUsageDescription('a deleted file', entry.seconds ?? 0, entry.model ?? ''),
      })
      .where(eq(ledgerEntries.id, entry.id));
  }
}
