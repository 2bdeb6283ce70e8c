import { describe, expect, it } from 'vitest';
import { MAX_KEYTERM_CHARS, MAX_KEYTERMS } from '@parlance/contract/endpoints';
import {
  keytermsError,
  parseKeyterms,
  transcriptExportHref,
  transcriptFormData,
} from './transcriptRequest';

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

  it('sends the upload_id, not the bytes, of a file uploaded already', () => {
    const file = new File(['RIFF'], 'call.wav', { type: 'audio/wav' });
    const uploadId = '0123456789abcdef0123456789abcdef';
    const body = transcriptFormData({ ...options, file, uploadId });
    expect([...body.keys()]).toEqual(['upload_id', 'timestamp_style', 'model', 'language']);
    expect(body.get('upload_id')).toBe(uploadId);
  });

  it('sends the extras the user set: the task, each key term, speaker labels and their number', () => {
    const body = transcriptFormData({
      ...options,
      audioUrl: 'https://example.com/a.mp3',
      task: 'translate',
      keyterms: ['Parlance', 'Ada Lovelace'],
      speakerLabels: true,
      speakersExpected: 3,
    });
    expect([...body.keys()]).toEqual([
      'audio_url',
      'timestamp_style',
      'model',
      'language',
      'task',
      'keyterms',
      'keyterms',
      'speaker_labels',
      'speakers_expected',
    ]);
    expect(body.get('task')).toBe('translate');
    expect(body.getAll('keyterms')).toEqual(['Parlance', 'Ada Lovelace']);
    expect(body.get('speaker_labels')).toBe('true');
    expect(body.get('speakers_expected')).toBe('3');
  });

  it('sends each PII policy to redact, and how to replace it', () => {
    const body = transcriptFormData({
      ...options,
      audioUrl: 'https://example.com/a.mp3',
      redactPii: ['credit_card_number', 'phone_number'],
      redactPiiSub: 'entity_name',
      redactPiiAudio: true,
    });
    expect(body.getAll('redact_pii')).toEqual(['credit_card_number', 'phone_number']);
    expect(body.get('redact_pii_sub')).toBe('entity_name');
    expect(body.get('redact_pii_audio')).toBe('true');
  });

  it('asks for each channel to be transcribed apart', () => {
    const body = transcriptFormData({ ...options, audioUrl: 'a', multichannel: true });
    expect(body.get('multichannel')).toBe('true');
  });

  it('asks for a quality preset', () => {
    const body = transcriptFormData({ ...options, audioUrl: 'a', quality: 'fast' });
    expect(body.get('quality')).toBe('fast');
  });

  it('asks for profanity to be masked and filler words kept', () => {
    const body = transcriptFormData({
      ...options,
      audioUrl: 'a',
      filterProfanity: true,
      disfluencies: true,
    });
    expect(body.get('filter_profanity')).toBe('true');
    expect(body.get('disfluencies')).toBe('true');
  });

  it('leaves out the extras left unset, and the number of speakers without speaker labels', () => {
    const body = transcriptFormData({
      ...options,
      audioUrl: 'https://example.com/a.mp3',
      keyterms: [],
      speakerLabels: false,
      speakersExpected: 2,
      redactPii: [],
      redactPiiSub: 'hash',
      redactPiiAudio: true,
      filterProfanity: false,
      disfluencies: false,
      multichannel: false,
    });
    expect([...body.keys()]).toEqual(['audio_url', 'timestamp_style', 'model', 'language']);
  });

  it('labels speakers without a number when it is left to detection', () => {
    const body = transcriptFormData({ ...options, audioUrl: 'x', speakerLabels: true });
    expect(body.get('speaker_labels')).toBe('true');
    expect(body.has('speakers_expected')).toBe(false);
  });
});

describe('parseKeyterms', () => {
  it('splits at commas and new lines, trims, and drops blanks', () => {
    expect(parseKeyterms(' Parlance, Ada Lovelace ,\n\nWhisper,, \n')).toEqual([
      'Parlance',
      'Ada Lovelace',
      'Whisper',
    ]);
    expect(parseKeyterms('  ')).toEqual([]);
  });
});

describe('keytermsError', () => {
  it('takes up to the most terms the server allows, each up to its length', () => {
    expect(keytermsError([])).toBeNull();
    const most = Array.from({ length: MAX_KEYTERMS }, (_, index) => `term ${index}`);
    expect(keytermsError(most)).toBeNull();
    expect(keytermsError(['x'.repeat(MAX_KEYTERM_CHARS)])).toBeNull();
  });

  it('says how many terms there are when there are too many', () => {
    const tooMany = Array.from({ length: MAX_KEYTERMS + 1 }, (_, index) => `term ${index}`);
    expect(keytermsError(tooMany)).toBe(
      `At most ${MAX_KEYTERMS} key terms: this list has ${MAX_KEYTERMS + 1}.`,
    );
  });

  it('names the first term that is too long', () => {
    const long = `Supercalifragilistic${'o'.repeat(MAX_KEYTERM_CHARS)}`;
    expect(keytermsError(['Parlance', long])).toBe(
      `A key term is at most ${MAX_KEYTERM_CHARS} characters: “Supercalifragilistic…” has ${long.length}.`,
    );
  });
});

describe('transcriptExportHref', () => {
  it('links to the format under the transcript', () => {
    expect(transcriptExportHref('abc', 'srt')).toBe('/v1/transcript/abc/srt');
    expect(transcriptExportHref('a/b', 'json')).toBe('/v1/transcript/a%2Fb/json');
  });

  it('asks SRT and VTT for the caption limits that are not the defaults, and no other format', () => {
    const style = { caption_max_chars: 32, caption_max_lines: 2, caption_max_cps: 20 };
    expect(transcriptExportHref('abc', 'vtt', style)).toBe(
      '/v1/transcript/abc/vtt?caption_max_chars=32&caption_max_cps=20',
    );
    expect(transcriptExportHref('abc', 'srt', { caption_max_lines: 2 })).toBe(
      '/v1/transcript/abc/srt',
    );
    expect(transcriptExportHref('abc', 'txt', style)).toBe('/v1/transcript/abc/txt');
  });
});
