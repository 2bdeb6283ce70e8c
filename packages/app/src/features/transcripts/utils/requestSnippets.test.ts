import { describe, expect, it } from 'vitest';
import { requestSnippets } from './requestSnippets';

const baseUrl = 'https://api.parlance.test/';
const options: [string, string][] = [
  ['timestamp_style', 'word'],
  ['model', 'small'],
  ['language', 'auto'],
];

describe('requestSnippets', () => {
  it('repeats an audio_url request with curl, Node and Python', () => {
    const { curl, node, python } = requestSnippets({
      baseUrl,
      fileName: null,
      fields: [['audio_url', 'https://x.test/a.mp3'], ...options],
    });
    expect(curl).toBe(
      [
        `curl -X POST 'https://api.parlance.test/v1/transcript'`,
        `  -H "Authorization: Bearer $PARLANCE_API_KEY"`,
        `  --form-string 'audio_url=https://x.test/a.mp3'`,
        `  --form-string 'timestamp_style=word'`,
        `  --form-string 'model=small'`,
        `  --form-string 'language=auto'`,
      ].join(' \\\n'),
    );
    expect(node).toContain(`form.append("audio_url", "https://x.test/a.mp3");`);
    expect(node).toContain(`await fetch("https://api.parlance.test/v1/transcript"`);
    expect(node).not.toContain('readFile');
    expect(python).toContain(
      `json={"audio_url": "https://x.test/a.mp3", "timestamp_style": "word", "model": "small", "language": "auto"},`,
    );
    expect(python).not.toContain('files=');
  });

  it('uploads the file instead of a URL', () => {
    const { curl, node, python } = requestSnippets({
      baseUrl,
      fileName: 'call.wav',
      fields: options,
    });
    expect(curl).toContain(`-F 'file=@call.wav'`);
    expect(curl).not.toContain('audio_url');
    expect(node).toContain(`new Blob([await readFile("call.wav")]), "call.wav"`);
    expect(python).toContain(`files={"file": open("call.wav", "rb")},`);
  });

  it('quotes values safely for the shell', () => {
    const { curl } = requestSnippets({ baseUrl, fileName: "it's.mp3", fields: options });
    expect(curl).toContain(`-F 'file=@it'\\''s.mp3'`);
  });

  it('repeats a field sent more than once, as a list in Python', () => {
    const { curl, node, python } = requestSnippets({
      baseUrl,
      fileName: 'call.wav',
      fields: [...options, ['keyterms', 'Parlance'], ['keyterms', 'Ada Lovelace']],
    });
    expect(curl).toContain(
      `  --form-string 'keyterms=Parlance' \\\n  --form-string 'keyterms=Ada Lovelace'`,
    );
    expect(node).toContain(
      `form.append("keyterms", "Parlance");\nform.append("keyterms", "Ada Lovelace");`,
    );
    expect(python).toContain(`"language": "auto", "keyterms": ["Parlance", "Ada Lovelace"]},`);
  });

  it('sends a value starting with @ or < as text, not as a file to read', () => {
    const { curl } = requestSnippets({
      baseUrl: 'https://api.test',
      fileName: 'call.wav',
      fields: [['keyterms', '@parlance']],
    });
    expect(curl).toContain(`--form-string 'keyterms=@parlance'`);
  });
});
