import type { SpeakerNameMap } from '@parlance/contract/endpoints';

/** The speakers of a transcript's utterances, each once, in the order they first speak. */
export function speakerLabels(utterances: readonly { speaker: string }[]): string[] {
  return [...new Set(utterances.map((utterance) => utterance.speaker))];
}

/**
 * The names to save when one speaker is renamed: the others' kept, every name trimmed, and a blank
 * one left out, so that speaker shows its label again.
 */
export function renamedSpeakers(
  names: SpeakerNameMap,
  label: string,
  name: string,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries({ ...names, [label]: name })
      .map(([key, value]) => [key, value.trim()] as const)
      .filter(([, value]) => value !== ''),
  );
}
