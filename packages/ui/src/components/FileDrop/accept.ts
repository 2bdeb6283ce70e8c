/** Audio formats the transcription engine decodes. */
export const AUDIO_ACCEPT = ['.mp3', '.wav', '.m4a', '.flac', '.ogg', '.webm'] as const;

/** Does `file` match one of the `accept` entries (".ext", "type/subtype" or "type/*")? */
export function matchesAccept(
  file: Pick<File, 'name' | 'type'>,
  accept: readonly string[],
): boolean {
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (entry.startsWith('.')) return name.endsWith(entry);
    if (entry.endsWith('/*')) return type.startsWith(entry.slice(0, -1));
    return type === entry;
  });
}

/** How the accepted types read to a person: ".mp3" → "MP3", "audio/*" → "any audio". */
export function describeAccept(accept: readonly string[]): string {
  return accept
    .map((entry) =>
      entry.startsWith('.')
        ? entry.slice(1).toUpperCase()
        : entry.endsWith('/*')
          ? `any ${entry.slice(0, -2)}`
          : entry,
    )
    .join(', ');
}
