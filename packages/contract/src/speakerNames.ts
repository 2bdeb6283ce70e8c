/** How a transcript's speakers are called: in the server's exports and on the web app's pages. */

/** Label → name, as a transcript's `speaker_names` holds them ("A" → "Alice"). */
export type SpeakerNameMap = Readonly<Record<string, string>>;

/** What a speaker is called: the name given to its label, else "Speaker A". */
export function speakerName(names: SpeakerNameMap, label: string): string {
  return names[label]?.trim() || `Speaker ${label}`;
}
