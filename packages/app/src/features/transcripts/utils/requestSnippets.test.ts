import { describe, expect, it } from 'vitest';
import { requestSnippets } from './requestSnippets';

const base = {
  baseUrl: 'https://api.parlance.test/',
  model: 'small',
  language: 'auto',
  timestampStyle: 'word' as const,
};

describe('requestSnippets', () => {
  it('repeats an audio_url request with curl, Node and Python', () => {
    const { curl, node, python } = requestSnippets({
      ...base,
      fileName: null,
      audioUrl: 'https://x.test/a.mp3',
    });
    expect(curl).toBe(
      [
        `curl -X POST 'https://api.parlance.test/v1/transcript'`,
        `  -H "Authorization: Bearer $PARLANCE_API_KEY"`,
        `  -F 'audio_url=https://x.test/a.mp3'`,
        `  -F 'timestamp_style=word'`,
        `  -F 'model=small'`,
        `  -F 'language=auto'`,
      ].join(' \\\n'),
    );
    expect(node).toContain(`form.append("audio_url", "https://x.test/a.mp3");`);
    expect(node).toContain(`await fetch("https://api.parlance.test/v1/transcript"`);
    expect(node).not.toContain('readFile');
    expect(python).toContain(
      `data={"audio_url": "https://x.test/a.mp3", "timestamp_style": "word", "model": "small", "language": "auto"},`,
    );
    expect(python).not.toContain('files=');
  });

  it('uploads the file instead of a URL', () => {
    const { curl, node, python } = requestSnippets({
      ...base,
      fileName: 'call.wav',
      audioUrl: null,
    });
    expect(curl).toContain(`-F 'file=@call.wav'`);
    expect(curl).not.toContain('audio_url');
    expect(node).toContain(`new Blob([await readFile("call.wav")]), "call.wav"`);
    expect(python).toContain(`files={"file": open("call.wav", "rb")},`);
  });

  it('quotes values safely for the shell', () => {
    const { curl } = requestSnippets({ ...base, fileName: "it's.mp3", audioUrl: null });
    expect(curl).toContain(`-F 'file=@it'\\''s.mp3'`);
  });
});
