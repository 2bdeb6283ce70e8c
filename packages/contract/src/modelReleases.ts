/** When OpenAI published each model's Whisper weights (openai/whisper's release notes), in Unix seconds. */
const PUBLISHED: Record<string, number> = {
  'large-v3': Date.UTC(2023, 10, 6) / 1000,
  turbo: Date.UTC(2024, 8, 30) / 1000,
};
const FIRST_RELEASE = Date.UTC(2022, 8, 21) / 1000; // tiny, base, small, medium and their .en

/** A model's `created` in GET /v1/models. */
export const published = (model: string): number => PUBLISHED[model] ?? FIRST_RELEASE;
