/**
 * Code samples shown on the home page and in the API docs. `base` is where the API answers
 * (the site's own origin in the browser); `YOUR_API_KEY` stays a placeholder on purpose.
 */
export interface Snippet {
  id: string;
  label: string;
  language: 'bash' | 'javascript' | 'python';
  code: string;
}

export const curlSubmit = (base: string): Snippet => ({
  id: 'curl',
  label: 'curl',
  language: 'bash',
  code: `# 1. Submit a file (or -F audio_url=https://…)
curl ${base}/v1/transcript \\
  -H "Authorization: Bearer $PARLANCE_API_KEY" \\
  -F file=@meeting.mp3 \\
  -F model=tiny.en \\
  -F timestamp_style=segment
# → {"id":"3b9d…","status":"queued"}

# 2. Poll until status is "completed", then fetch text or subtitles
curl ${base}/v1/transcript/3b9d… -H "Authorization: Bearer $PARLANCE_API_KEY"
curl ${base}/v1/transcript/3b9d…/srt -H "Authorization: Bearer $PARLANCE_API_KEY"`,
});

export const nodeSubmit = (base: string): Snippet => ({
  id: 'node',
  label: 'Node.js',
  language: 'javascript',
  code: `import { readFile } from 'node:fs/promises';

const headers = { Authorization: \`Bearer \${process.env.PARLANCE_API_KEY}\` };
const form = new FormData();
form.append('file', new Blob([await readFile('meeting.mp3')]), 'meeting.mp3');
form.append('timestamp_style', 'word');

const { id } = await (await fetch('${base}/v1/transcript', { method: 'POST', headers, body: form })).json();

let job;
do {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  job = await (await fetch(\`${base}/v1/transcript/\${id}\`, { headers })).json();
} while (job.status === 'queued' || job.status === 'processing');

console.log(job.status === 'completed' ? job.result.text : job.error);`,
});

export const pythonSubmit = (base: string): Snippet => ({
  id: 'python',
  label: 'Python',
  language: 'python',
  code: `import os, time, requests

headers = {"Authorization": f"Bearer {os.environ['PARLANCE_API_KEY']}"}
with open("meeting.mp3", "rb") as audio:
    job = requests.post("${base}/v1/transcript", headers=headers,
                        files={"file": audio}, data={"language": "auto"}).json()

while job["status"] in ("queued", "processing"):
    time.sleep(1)
    job = requests.get(f"${base}/v1/transcript/{job['id']}", headers=headers).json()

print(job["result"]["text"] if job["status"] == "completed" else job["error"])`,
});

export const openAiNode = (base: string): Snippet => ({
  id: 'openai-node',
  label: 'Node.js',
  language: 'javascript',
  code: `import fs from 'node:fs';
import OpenAI from 'openai';

// Only the base URL and the key change: whisper-1 maps to our default model.
const client = new OpenAI({ baseURL: '${base}/v1', apiKey: process.env.PARLANCE_API_KEY });

const transcription = await client.audio.transcriptions.create({
  file: fs.createReadStream('meeting.mp3'),
  model: 'whisper-1',
  response_format: 'verbose_json',
  timestamp_granularities: ['segment'],
});
console.log(transcription.text);`,
});

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

/** The live-stream socket's address for an API base (`http…` → `ws…`). */
const socketBase = (base: string) => base.replace(/^http/, 'ws');

/** Streams a WAV file to /v1/realtime as fast as it plays and prints the phrases, in Node.js. */
export const realtimeNode = (base: string): Snippet => ({
  id: 'realtime-node',
  label: 'Node.js',
  language: 'javascript',
  code: `import { readFile } from 'node:fs/promises';
import WebSocket from 'ws'; // npm install ws

// A mono 16-bit WAV at any rate from 8 to 48 kHz; a microphone's samples go the same way.
const wav = await readFile('meeting.wav');
const sampleRate = wav.readUInt32LE(24);
const pcm = wav.subarray(wav.indexOf('data') + 8);

const socket = new WebSocket(\`${socketBase(base)}/v1/realtime?sample_rate=\${sampleRate}\`, {
  headers: { Authorization: \`Bearer \${process.env.PARLANCE_API_KEY}\` },
});

socket.on('message', (data) => {
  const message = JSON.parse(data);
  if (message.type === 'final') console.log(message.text);
  if (message.type === 'error') console.error('error:', message.code, message.message);
  if (message.type === 'done') console.log(\`saved \${message.id}: \${message.billed_seconds} s billed\`);
});

socket.on('open', async () => {
  const frame = (sampleRate / 10) * 2; // 100 ms of audio
  for (let at = 0; at < pcm.length; at += frame) {
    socket.send(pcm.subarray(at, at + frame));
    await new Promise((resolve) => setTimeout(resolve, 100)); // as fast as it plays
  }
  socket.send(JSON.stringify({ type: 'end' }));
});`,
});

/** The same stream in Python, with the websockets package. */
export const realtimePython = (base: string): Snippet => ({
  id: 'realtime-python',
  label: 'Python',
  language: 'python',
  code: `import json, os, threading, time, wave
from websockets.sync.client import connect  # pip install websockets

# A mono 16-bit WAV at any rate from 8 to 48 kHz; a microphone's samples go the same way.
with wave.open("meeting.wav", "rb") as wav:
    rate = wav.getframerate()
    url = f"${socketBase(base)}/v1/realtime?sample_rate={rate}"
    headers = {"Authorization": f"Bearer {os.environ['PARLANCE_API_KEY']}"}
    with connect(url, additional_headers=headers) as socket:

        def send_audio():
            while frames := wav.readframes(rate // 10):  # 100 ms of audio
                socket.send(frames)
                time.sleep(0.1)  # as fast as it plays
            socket.send(json.dumps({"type": "end"}))

        threading.Thread(target=send_audio).start()
        for raw in socket:
            message = json.loads(raw)
            if message["type"] == "final":
                print(message["text"])
            elif message["type"] == "error":
                print("error:", message["code"], message["message"])
            elif message["type"] == "done":
                print(f"saved {message['id']}: {message['billed_seconds']} s billed")`,
});
