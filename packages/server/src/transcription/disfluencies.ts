import { MAX_PROMPT_CHARS } from '@parlance/contract';

/**
 * `disfluencies`: Whisper leaves most filler words out, having learnt from transcripts that do.
 * Prompted with speech that has them, it writes them (the approach OpenAI's prompting guide gives).
 * `npm run bench:fillers` measures it on real calls; transcription.api.test.ts holds it.
 */
export const FILLER_PROMPT =
  "Umm, let me think like, hmm... Okay, here's what I'm, like, thinking. Uh, so, um, yeah.";

/**
 * The prompt a job that keeps filler words sends: the request's own (its end, to fit), then the
 * fillers', nearest the speech, where Whisper heeds a prompt most.
 */
export function withFillers(prompt: string | null): string {
  if (!prompt) return FILLER_PROMPT;
  // Cut by characters, not UTF-16 units: half an emoji is no text the model can read.
  const kept = [...prompt].slice(-(MAX_PROMPT_CHARS - FILLER_PROMPT.length - 1)).join('');
  return `${kept} ${FILLER_PROMPT}`;
}
