import type { Snippet } from './snippets.js';

/**
 * The live-stream examples of the API docs, in a module of their own: the home page's bundle
 * carries the snippets it shows, not these.
 */

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
