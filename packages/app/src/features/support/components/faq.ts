/** Questions users ask most, answered for the support screen. */
export const FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'How am I charged for a transcription?',
    answer:
      'Per second of audio, at the rate of the model you choose, exactly: an 11-second file on tiny.en costs $0.000367 (amounts are kept to the millionth of a dollar). The price is taken from your credit balance when the job completes; a job that fails is never charged.',
  },
  {
    question: 'Which audio formats can I send?',
    answer:
      'Any common audio or video file: MP3, WAV, M4A, FLAC, OGG, WebM and MP4 among others. We decode it to 16 kHz mono before transcribing, so you do not need to convert anything.',
  },
  {
    question: 'How long does a transcription take?',
    answer:
      'Usually a fraction of the audio length. Jobs wait in a queue when many are running; the playground and GET /v1/transcript/{id} show the queue position and progress.',
  },
  {
    question: 'Can I use my OpenAI client?',
    answer:
      'Yes. POST /v1/audio/transcriptions accepts the same multipart fields as the OpenAI API: point your SDK at our base URL and use one of your API keys.',
  },
  {
    question: 'What happens to my audio?',
    answer:
      'Uploaded audio is kept with its transcript until you delete the transcript from your history; deleting removes both. Audio URLs are fetched once and not stored beyond the job.',
  },
  {
    question: 'I lost an API key. Can I see it again?',
    answer:
      'No: keys are shown once and stored only as a hash. Create a new key, switch your code to it, then disable or delete the old one.',
  },
];
