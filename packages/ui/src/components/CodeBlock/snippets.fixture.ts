import type { CodeSnippet } from './CodeTabs';

/** Example requests shared by the CodeBlock stories and tests. */
export const transcribeSnippets: CodeSnippet[] = [
  {
    label: 'curl',
    language: 'bash',
    code: `curl https://api.parlance.dev/v1/transcript \\
  -H "Authorization: Bearer $PARLANCE_API_KEY" \\
  -F audio_url=https://example.com/interview.mp3 \\
  -F model=whisper-large-v3 \\
  -F language=en`,
  },
  {
    label: 'Node',
    language: 'javascript',
    code: `const form = new FormData();
form.append('audio_url', 'https://example.com/interview.mp3');
form.append('model', 'whisper-large-v3');

const res = await fetch('https://api.parlance.dev/v1/transcript', {
  method: 'POST',
  headers: { Authorization: \`Bearer \${process.env.PARLANCE_API_KEY}\` },
  body: form,
});
console.log(await res.json());`,
  },
  {
    label: 'Python',
    language: 'python',
    code: `import os, requests

res = requests.post(
    "https://api.parlance.dev/v1/transcript",
    headers={"Authorization": f"Bearer {os.environ['PARLANCE_API_KEY']}"},
    data={"audio_url": "https://example.com/interview.mp3", "model": "whisper-large-v3"},
)
print(res.json())`,
  },
];
