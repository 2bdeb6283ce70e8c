/**
 * Code samples only the API docs show. The home page's are in ./snippets, which its chunk copies
 * whole: these stay out of it.
 */
import type { Snippet } from './snippets.js';

export const openAiPython = (base: string): Snippet => ({
  id: 'openai-python',
  label: 'Python',
  language: 'python',
  code: `import os
from openai import OpenAI

client = OpenAI(base_url="${base}/v1", api_key=os.environ["PARLANCE_API_KEY"])

with open("meeting.mp3", "rb") as audio:
    transcription = client.audio.transcriptions.create(model="whisper-1", file=audio)
print(transcription.text)`,
});

export const openAiCurl = (base: string): Snippet => ({
  id: 'openai-curl',
  label: 'curl',
  language: 'bash',
  code: `curl ${base}/v1/audio/transcriptions \\
  -H "Authorization: Bearer $PARLANCE_API_KEY" \\
  -F file=@meeting.mp3 \\
  -F model=whisper-1 \\
  -F response_format=srt`,
});

/** Checks a webhook delivery's Parlance-Signature against the raw body, in Node.js. */
export const webhookVerifyNode: Snippet = {
  id: 'webhook-node',
  label: 'Node.js',
  language: 'javascript',
  code: `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body exactly as received (e.g. express.raw({ type: 'application/json' })).
export function verifyParlance(rawBody, signatureHeader, secret = process.env.PARLANCE_WEBHOOK_SECRET) {
  const { t, v1 = '' } = Object.fromEntries(signatureHeader.split(',').map((part) => part.split('=')));
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  const given = Buffer.from(v1, 'hex');
  const fresh = Math.abs(Date.now() / 1000 - Number(t)) < 300;
  return fresh && given.length === expected.length && timingSafeEqual(given, expected);
}`,
};

/** The same check in Python. */
export const webhookVerifyPython: Snippet = {
  id: 'webhook-python',
  label: 'Python',
  language: 'python',
  code: `import hashlib, hmac, os, time

def verify_parlance(raw_body: bytes, signature_header: str,
                    secret: str = os.environ.get("PARLANCE_WEBHOOK_SECRET", "")) -> bool:
    parts = dict(part.split("=", 1) for part in signature_header.split(","))
    expected = hmac.new(secret.encode(), parts["t"].encode() + b"." + raw_body,
                        hashlib.sha256).hexdigest()
    fresh = abs(time.time() - int(parts["t"])) < 300
    return fresh and hmac.compare_digest(expected, parts.get("v1", ""))`,
};
