import { describe, expect, it } from 'vitest';
import { transcriptExportHref, transcriptFormData } from './transcriptRequest';

const options = { model: 'base', language: 'auto', timestampStyle: 'segment' as const };

describe('transcriptFormData', () => {
  it('sends audio_url with the options when there is no file', () => {
    const body = transcriptFormData({ ...options, audioUrl: ' https://example.com/a.mp3 ' });
    expect([...body.keys()]).toEqual(['audio_url', 'timestamp_style', 'model', 'language']);
    expect(body.get('audio_url')).toBe('https://example.com/a.mp3');
    expect(body.get('timestamp_style')).toBe('segment');
    expect(body.get('model')).toBe('base');
    expect(body.get('language')).toBe('auto');
  });

  it('sends the file instead of the URL when one is chosen', () => {
    const file = new File(['RIFF'], 'call.wav', { type: 'audio/wav' });
    const body = transcriptFormData({
      ...options,
      file,
      audioUrl: 'https://example.com/a.mp3',
      timestampStyle: 'word',
    });
    expect(body.has('audio_url')).toBe(false);
    expect((body.get('file') as File).name).toBe('call.wav');
    expect(body.get('timestamp_style')).toBe('word');
  });
});

describe('transcriptExportHref', () => {
  it('links to the format under the transcript', () => {
    expect(transcriptExportHref('abc', 'srt')).toBe('/v1/transcript/abc/srt');
    expect(transcriptExportHref('a/b', 'json')).toBe('/v1/transcript/a%2Fb/json');
  });
});
