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

// Only the base URL and the key change.
const client = new OpenAI({ baseURL: '${base}/v1', apiKey: process.env.PARLANCE_API_KEY });

const transcription = await client.audio.transcriptions.create({
  file: fs.createReadStream('meeting.mp3'),
  model: 'whisper-1',
  response_format: 'verbose_json',
  timestamp_granularities: ['segment'],
});
console.log(transcription.text);`,
});
