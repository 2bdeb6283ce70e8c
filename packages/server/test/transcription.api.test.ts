/**
 * The public transcription API over real HTTP, through the real engine (tiny.en) on the
 * embedded storage: upload, poll, charge, exports, list/search, idempotency, 402, 413, delete.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../src/billing/ledger.js';
import { findTranscriptionById } from '../src/transcription/jobs/repository.js';
import { DEFAULT_PASSWORD, disputeSpentPayment, type TestServer } from './helpers.js';
import {
  audioForm,
  customer,
  fixture,
  startTranscriptionServer,
  silentMp3,
  submit,
  waitForJob,
  type Customer,
} from './transcription-helpers.js';

let server: TestServer;
let alice: Customer;
let jfkId: string;

beforeAll(async () => {
  server = await startTranscriptionServer({ MAX_UPLOAD_MB: '1', MAX_AUDIO_SECONDS: '30' });
  alice = await customer(server, 500);
});
afterAll(() => server?.close());

describe('POST /v1/transcript (upload) → GET until completed', () => {
  it('transcribes jfk.wav, reports progress and charges its exact price once', async () => {
    const res = await submit(
      server,
      alice,
      { language: 'en', timestamp_style: 'word' },
      fixture('jfk.wav'),
    );
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      status: 'queued',
      model: 'tiny.en',
      fileName: 'jfk.wav',
      audioUrl: null,
    });
    expect(res.body.audio_duration).toBeCloseTo(11, 0);
    jfkId = res.body.id;

    const job = await waitForJob(server, alice, jfkId);
    expect(job.status).toBe('completed');
    expect(job.progress).toEqual({ percent: 100, stage: 'done' });
    const text = job.result?.text.toLowerCase() ?? '';
    for (const word of ['fellow americans', 'ask not', 'your country'])
      expect(text).toContain(word);
    expect(job.result?.language).toBe('en');
    expect(job.result?.words.length).toBeGreaterThan(15);
    expect(job.result?.segments.length).toBeGreaterThan(0);

    // 11 s of tiny.en at $0.002/min is 366.67 µ$: charged 367 µ$, not a whole cent.
    expect(job.costMicros).toBe(367);
    const ledger = createLedger(server.storage.db);
    expect(await ledger.balance(alice.userId)).toBe(5_000_000 - 367);
    const usage = (await ledger.history(alice.userId, 10)).filter((e) => e.reference === jfkId);
    expect(usage).toMatchObject([{ kind: 'usage', amountMicros: -367 }]);
  });

  it('exports txt, srt (line length honoured), vtt and json', async () => {
    const get = (path: string) =>
      server.client().get(`/v1/transcript/${jfkId}/${path}`, { headers: alice.auth });
    const txt = await get('txt');
    expect(txt.status).toBe(200);
    expect(txt.headers.get('content-type')).toContain('text/plain');
    expect(txt.body.toLowerCase()).toContain('ask not what your country');

    const srt = await get('srt?caption_max_chars=20');
    expect(srt.status).toBe(200);
    expect(srt.body).toMatch(/^1\n00:00:0\d,\d{3} --> 00:00:0\d,\d{3}\n/);
    const textLines = srt.body
      .split('\n')
      .filter((l: string) => l && !/^\d+$/.test(l) && !l.includes('-->'));
    expect(textLines.length).toBeGreaterThan(2);
    for (const line of textLines) expect(line.length).toBeLessThanOrEqual(20);
    // A style that contradicts itself, or is out of bounds, is refused, saying which part.
    const contradictory = await get('srt?caption_min_seconds=5&caption_max_seconds=2');
    expect(contradictory.status).toBe(400);
    expect(contradictory.body.message).toContain(
      'caption_min_seconds must not be more than caption_max_seconds',
    );
    const tooNarrow = await get('vtt?caption_max_chars=3');
    expect([tooNarrow.status, tooNarrow.body.code]).toEqual([400, 'validation_failed']);

    const vtt = await get('vtt');
    expect(vtt.headers.get('content-type')).toContain('text/vtt');
    expect(vtt.body).toMatch(/^WEBVTT\n\n00:00:0\d\.\d{3} --> /);

    const json = await get('json');
    expect(json.body.text).toBe(txt.body.trim());
    expect(json.body.words[0]).toMatchObject({
      start: expect.any(Number),
      confidence: expect.any(Number),
    });

    expect((await get('docx')).status).toBe(400);
  });

  it('gives its sentences and paragraphs, of its words, to its owner only', async () => {
    const get = (path: string, auth = alice.auth) =>
      server.client().get(`/v1/transcript/${path}`, { headers: auth });
    const { words } = (await get(jfkId)).body.result;
    for (const kind of ['sentences', 'paragraphs'] as const) {
      const res = await get(`${jfkId}/${kind}`);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(jfkId);
      const passages = res.body[kind] as {
        text: string;
        start: number;
        end: number;
        confidence: number;
        words: { text: string; start: number; end: number; confidence: number }[];
      }[];
      expect(passages.length).toBeGreaterThan(0);
      expect(passages.flatMap((p) => p.words)).toEqual(words); // every word once, in order
      for (const p of passages) {
        expect(p.text).toBe(p.words.map((w) => w.text).join(' '));
        expect([p.start, p.end]).toEqual([p.words[0]!.start, p.words.at(-1)!.end]);
        const mean = p.words.reduce((n, w) => n + w.confidence, 0) / p.words.length;
        expect(p.confidence).toBeCloseTo(mean, 3);
      }
    }
    const sentences = (await get(`${jfkId}/sentences`)).body.sentences as { text: string }[];
    for (const sentence of sentences.slice(0, -1)) expect(sentence.text).toMatch(/[.?!]$/);
    expect((await get(`${jfkId}/paragraphs`, (await customer(server, 0)).auth)).status).toBe(404);

    // Without word timestamps: its segments' words, with times spread over them; without
    // timestamps at all, no times to give.
    const paul = await customer(server, 100);
    const bySegment = await submit(server, paul, { language: 'en' }, fixture('LJ002-0020.wav'));
    await waitForJob(server, paul, bySegment.body.id);
    const segmented = await get(`${bySegment.body.id}/sentences`, paul.auth);
    expect(segmented.body.sentences.length).toBeGreaterThan(0);
    for (const sentence of segmented.body.sentences)
      expect(sentence).toMatchObject({ words: [], confidence: null, text: expect.any(String) });
    const untimed = await submit(
      server,
      paul,
      { language: 'en', timestamp_style: 'none' },
      fixture('LJ002-0020.wav'),
    );
    await waitForJob(server, paul, untimed.body.id);
    const refused = await get(`${untimed.body.id}/paragraphs`, paul.auth);
    expect([refused.status, refused.body.code]).toEqual([409, 'no_timestamps']);
  });

  it('plays its audio back as uploaded, a range at a time, to its owner only', async () => {
    const wav = await readFile(fixture('jfk.wav'));
    const audio = (range?: string, auth = alice.auth) =>
      fetch(`${server.url}/v1/transcript/${jfkId}/audio`, {
        headers: { ...auth, ...(range ? { range } : {}) },
      });
    expect((await alice.api.get(`/v1/transcript/${jfkId}`)).body.has_audio).toBe(true);

    const whole = await audio();
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-disposition')).toBe('inline; filename="jfk.wav"');
    expect(Buffer.from(await whole.arrayBuffer()).equals(wav)).toBe(true);

    const part = await audio('bytes=1000-1999');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${wav.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(wav.subarray(1000, 2000))).toBe(true);
    const tail = await audio('bytes=-10');
    expect(Buffer.from(await tail.arrayBuffer()).equals(wav.subarray(-10))).toBe(true);
    const open = await audio(`bytes=${wav.length - 5}-`);
    expect(open.headers.get('content-range')).toBe(
      `bytes ${wav.length - 5}-${wav.length - 1}/${wav.length}`,
    );

    const past = await audio(`bytes=${wav.length}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${wav.length}`);
    expect(await past.json()).toMatchObject({ code: 'range_not_satisfiable' });
    // Several ranges, or a range that does not parse: the whole file, as RFC 9110 allows.
    expect((await audio('bytes=0-1,5-9')).status).toBe(200);
    expect((await audio('bytes=9-1')).status).toBe(200);

    // HEAD: the headers of the whole file, and no body.
    const head = await fetch(`${server.url}/v1/transcript/${jfkId}/audio`, {
      method: 'HEAD',
      headers: alice.auth,
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(wav.length));
    expect(head.headers.get('content-type')).toBe('audio/wav');

    const eve = await customer(server, 0);
    expect((await audio(undefined, eve.auth)).status).toBe(404);
    expect((await fetch(`${server.url}/v1/transcript/${jfkId}/audio`)).status).toBe(401);
  });

  it('sends stored audio under the media type its bytes tell, whatever it was called', async () => {
    const renamed = join(await mkdtemp(join(tmpdir(), 'named-')), 'speech.wav');
    await writeFile(renamed, await readFile(fixture('jfk.mp3')));
    const dana = await customer(server, 500);
    const res = await submit(server, dana, { language: 'en' }, renamed);
    expect(res.status).toBe(202);
    const audio = await fetch(`${server.url}/v1/transcript/${res.body.id}/audio`, {
      headers: { ...dana.auth, range: 'bytes=0-99' },
    });
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    expect(audio.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    await waitForJob(server, dana, res.body.id);
  });

  it('synthesised speech (espeak-ng) goes through the same pipeline, as mp3 too', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parlance-espeak-'));
    const wav = join(dir, 'espeak.wav');
    execFileSync('espeak-ng', [
      '-v',
      'en-us',
      '-s',
      '130',
      '-w',
      wav,
      'Hello world. This is a test of the speech to text service.',
    ]);
    const res = await submit(server, alice, { language: 'en', timestamp_style: 'none' }, wav);
    expect(res.status).toBe(202);
    const job = await waitForJob(server, alice, res.body.id);
    expect(job.status).toBe('completed');
    expect(job.result?.text.toLowerCase()).toMatch(/hello,? world.*speech to text service/);
    expect(job.result?.segments).toEqual([]); // timestamp_style none

    // No model and no language: the multilingual default, which detects English.
    const mp3 = await submit(server, alice, {}, fixture('jfk.mp3'));
    expect(mp3.body).toMatchObject({ model: 'base', language: null });
    const detected = (await waitForJob(server, alice, mp3.body.id)).result;
    expect(detected?.text.toLowerCase()).toContain('your country');
    expect(detected?.language).toBe('en');
  });

  it('a prompt steers the model through the job queue (here: its casing)', async () => {
    const prompt = 'ASK NOT WHAT YOUR COUNTRY CAN DO FOR YOU';
    const carol = await customer(server, 100);
    const res = await submit(server, carol, { prompt, language: 'en' }, fixture('jfk.wav'));
    expect(res.status).toBe(202);
    const text = (await waitForJob(server, carol, res.body.id)).result?.text ?? '';
    // Capitals the unprompted model never writes (its first words may keep their case: how far the
    // prompt's style reaches differs between CPUs' int8 kernels).
    expect(text).toContain('ASK NOT WHAT YOUR COUNTRY CAN DO FOR YOU');
    expect(text).toContain('ASK WHAT YOU CAN DO FOR YOUR COUNTRY');
  });
});

describe('redact_pii', () => {
  /** A card number and an e-mail address, said (espeak-ng). */
  let wav: string;
  beforeAll(async () => {
    wav = join(await mkdtemp(join(tmpdir(), 'parlance-pii-')), 'pii.wav');
    execFileSync('espeak-ng', [
      '-v',
      'en-us',
      '-s',
      '120',
      '-w',
      wav,
      'My card number is five four two five, two three three four, three zero one zero, nine nine zero three. ' +
        'And my email is john at gmail dot com. Thank you very much.',
    ]);
  });
  /** What gives the card number away, in any grouping. */
  const CARD = /\b(zero|two|three|four|five|nine)\b|5425|2334|3010|9903/i;

  it('removes a spoken card number and e-mail address from every part and export', async () => {
    const erin = await customer(server, 100);
    const fields = {
      language: 'en',
      timestamp_style: 'word',
      redact_pii: '["email_address", "credit_card_number"]',
      redact_pii_sub: 'entity_name',
    };
    const res = await submit(server, erin, fields, wav);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      redact_pii: ['credit_card_number', 'email_address'],
      redact_pii_sub: 'entity_name',
    });
    const job = await waitForJob(server, erin, res.body.id);
    const result = job.result!;
    expect(result.text).toContain('[CREDIT_CARD_NUMBER]');
    expect(result.text).toContain('[EMAIL_ADDRESS]');
    expect(result.text.toLowerCase()).toContain('thank you');
    const leaks = new RegExp(`\\d|john|gmail|${CARD.source}`, 'i');
    const parts = [
      result.text,
      ...result.segments.map((s) => s.text),
      ...result.words.map((w) => w.text),
    ];
    for (const part of parts) expect(part).not.toMatch(leaks);
    // A tag stands for its words' time: from the card's first digit to its last.
    const card = result.words.find((w) => w.text.includes('[CREDIT_CARD_NUMBER]'))!;
    expect(card.end - card.start).toBeGreaterThan(3);
    for (const format of ['txt', 'srt', 'vtt', 'json']) {
      const exported = await server
        .client()
        .get(`/v1/transcript/${job.id}/${format}`, { headers: erin.auth });
      expect(exported.status).toBe(200);
      const body =
        typeof exported.body === 'string' ? exported.body : JSON.stringify(exported.body);
      expect(body).toContain('[CREDIT_CARD_NUMBER]');
      // The card's digits in any grouping (an export's other numbers are times and counts).
      expect(body).not.toMatch(
        /john|gmail|\b(zero|two|three|four|five|nine)\b|5425|2334|3010|9903/i,
      );
    }
    // What was stored holds no more than what was shown (the job test checks its progress).
    const row = await findTranscriptionById(server.storage.db, job.id);
    expect(JSON.stringify(row?.result)).not.toMatch(/john|gmail|five|5425/i);
  });

  it('replaces the kept audio by a copy with a tone where the data was said', async () => {
    const fay = await customer(server, 100);
    const fields = { language: 'en', redact_pii: 'credit_card_number', redact_pii_audio: 'true' };
    const res = await submit(server, fay, fields, wav);
    expect(res.body).toMatchObject({ redact_pii_audio: true, timestamp_style: 'segment' });
    // The audio as uploaded is not served while the job runs.
    const early = await fetch(`${server.url}/v1/transcript/${res.body.id}/audio`, {
      headers: fay.auth,
    });
    expect(early.status).toBe(409);
    const job = await waitForJob(server, fay, res.body.id);
    expect(job.result?.words).toEqual([]); // the style asked for, though the bleep used their times
    const audio = await fetch(`${server.url}/v1/transcript/${job.id}/audio`, { headers: fay.auth });
    expect(audio.headers.get('content-type')).toBe('audio/flac');
    // Named as what it is now, whatever was uploaded.
    expect(audio.headers.get('content-disposition')).toBe('inline; filename="pii.redacted.flac"');
    const copy = join(await mkdtemp(join(tmpdir(), 'parlance-bleeped-')), 'bleeped.flac');
    await writeFile(copy, Buffer.from(await audio.arrayBuffer()));
    // Heard again, the kept audio says the rest and not the number.
    const again = await submit(server, fay, { language: 'en' }, copy);
    const heard = (await waitForJob(server, fay, again.body.id)).result?.text ?? '';
    expect(heard.toLowerCase()).toMatch(/card number.*thank you/);
    expect(heard).not.toMatch(CARD);
    expect(heard).not.toMatch(/\d/);
  });

  it('refuses a policy it does not know, naming the ones it does', async () => {
    const res = await submit(server, alice, { redact_pii: 'passport_number' }, fixture('jfk.wav'));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('credit_card_number');
    expect(res.body.message).toContain('redact_pii');
    const audioAlone = await submit(
      server,
      alice,
      { redact_pii_audio: 'true' },
      fixture('jfk.wav'),
    );
    expect(audioAlone.status).toBe(400);
    expect(audioAlone.body.message).toBe('redact_pii_audio needs redact_pii');
  });
});

describe('filter_profanity', () => {
  it('masks what the model heard of the list, in the transcript and its exports', async () => {
    const wav = join(await mkdtemp(join(tmpdir(), 'parlance-profanity-')), 'swearing.wav');
    execFileSync('espeak-ng', [
      '-v',
      'en-us',
      '-s',
      '130',
      '-w',
      wav,
      'Oh shit, the build broke again.',
    ]);
    const gus = await customer(server, 100);
    const res = await submit(server, gus, { language: 'en', filter_profanity: 'true' }, wav);
    expect(res.body).toMatchObject({ filter_profanity: true });
    const job = await waitForJob(server, gus, res.body.id);
    expect(job.result?.text).toMatch(/^Oh s\*\*\*, the/);
    const txt = await server.client().get(`/v1/transcript/${job.id}/txt`, { headers: gus.auth });
    expect(txt.body).toContain('s***');
    expect(`${job.result?.text} ${txt.body}`).not.toMatch(/shit/i);
  });
});

describe('disfluencies', () => {
  it('keeps the filler words Whisper leaves out, with the prompt of the request too', async () => {
    const wav = join(await mkdtemp(join(tmpdir(), 'parlance-fillers-')), 'fillers.wav');
    execFileSync('espeak-ng', [
      ...['-v', 'en-us', '-s', '130', '-w', wav],
      'Um, so, uh, I think we should, um, go to the, uh, station first.',
    ]);
    const hal = await customer(server, 100);
    const heard = async (fields: Record<string, string>) => {
      const res = await submit(server, hal, { language: 'en', ...fields }, wav);
      return (await waitForJob(server, hal, res.body.id)).result?.text ?? '';
    };
    const FILLER = /\b(um+|uh+)\b/gi;
    expect(await heard({})).not.toMatch(FILLER);
    const kept = await heard({ disfluencies: 'true', prompt: 'Station, platform.' });
    expect(kept.match(FILLER)?.length).toBeGreaterThanOrEqual(2);
    expect(kept.toLowerCase()).toContain('station first');
  });

  it('is refused for a language its English prompt would not serve', async () => {
    const res = await submit(
      server,
      alice,
      { disfluencies: 'true', language: 'de' },
      fixture('jfk.wav'),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'disfluencies needs language=en or an English-only model: its prompt is English',
    );
  });
});

describe('key terms', () => {
  it('a rare name the model gets wrong comes out right with it as a key term', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parlance-keyterms-'));
    const wav = join(dir, 'name.wav');
    const spoken = 'Please send the quarterly report to Doctor Xiomara Quetzalli before Friday.';
    execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', wav, spoken]);
    const grace = await customer(server, 100);
    const transcribe = async (fields: Record<string, string>) => {
      const res = await submit(server, grace, { language: 'en', ...fields }, wav);
      expect(res.status).toBe(202);
      return (await waitForJob(server, grace, res.body.id)).result?.text ?? '';
    };
    const plain = await transcribe({});
    expect(plain).toMatch(/quarterly report/i);
    expect(plain).not.toContain('Xiomara Quetzalli');
    // Multipart carries the list as a JSON array (or the field repeated).
    const biased = await transcribe({
      keyterms: JSON.stringify(['Xiomara Quetzalli', 'Kubernetes']),
    });
    expect(biased).toContain('Xiomara Quetzalli');
    expect(biased).toMatch(/quarterly report/i);
  });

  it('refuses more than 100 key terms, blank ones and ones over 50 characters', async () => {
    const henry = await customer(server, 100);
    const refused = async (keyterms: unknown, message: string) => {
      const res = await server.client().post(
        '/v1/transcript',
        { audio_url: 'https://example.com/a.wav', keyterms },
        {
          headers: henry.auth,
        },
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', message });
    };
    await refused(Array(101).fill('term'), 'keyterms holds at most 100 words or phrases');
    await refused(['ok', ' '], 'keyterms.1: must not be blank');
    await refused(['x'.repeat(51)], 'keyterms.0: must be at most 50 characters');
    const form = await audioForm({ keyterms: '["unclosed' });
    const broken = await server.client().post('/v1/transcript', form, { headers: henry.auth });
    expect(broken.body).toMatchObject({
      code: 'validation_failed',
      message: 'keyterms: is not a valid JSON array',
    });
  });
});

describe('refusals', () => {
  it('402 with the amount when the balance cannot cover the estimate, nothing queued', async () => {
    const broke = await customer(server, 0);
    const res = await submit(server, broke, { language: 'en' }, fixture('jfk.wav'));
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'insufficient_credits' });
    expect(res.body.message).toMatch(
      /^Insufficient credits: this transcription costs \$0\.000367 but your balance is \$0\.00/,
    );
    const list = await broke.api.get('/api/transcript/user');
    expect(list.body.total).toBe(0);
  });

  it('402 account_on_hold while a refund or dispute left credit owed, whatever the balance', async () => {
    const held = await customer(server, 500);
    await disputeSpentPayment(server, held.userId);
    const ledger = createLedger(server.storage.db);
    const refused = await submit(server, held, {}, fixture('jfk.wav'));
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({
      code: 'account_on_hold',
      message:
        'Your account is on hold: a payment was refunded or disputed after its credit was spent, and $2.00 is owed. Add credit to settle it and transcribe again.',
    });
    expect((await held.api.get('/api/transcript/user')).body.total).toBe(0);
    // Credit that arrives settles the debt first; what is left is spendable again.
    await ledger.credit({
      kind: 'adjustment',
      userId: held.userId,
      amountMicros: 3_000_000,
      description: 'paid',
    });
    expect(await ledger.standing(held.userId)).toEqual({ balanceMicros: 1_000_000, owedMicros: 0 });
    expect((await submit(server, held, {}, fixture('jfk.wav'))).status).toBe(202);
  });

  it('413 above the upload size limit and above the duration limit', async () => {
    // The limits the docs show are this server's settings (MAX_UPLOAD_MB=1, MAX_AUDIO_SECONDS=30).
    expect((await server.client().get('/api/config')).body.limits).toMatchObject({
      maxUploadBytes: 1024 * 1024,
      maxAudioSeconds: 30,
    });
    const dir = await mkdtemp(join(tmpdir(), 'parlance-big-'));
    const big = join(dir, 'big.wav');
    await writeFile(big, Buffer.alloc(1.5 * 1024 * 1024, 1));
    const tooBig = await submit(server, alice, {}, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({
      code: 'file_too_large',
      message: 'The file is larger than the 1 MB upload limit',
    });

    const long = join(dir, 'long.mp3');
    silentMp3(long, 40);
    const tooLong = await submit(server, alice, {}, long);
    expect(tooLong.status).toBe(413);
    expect(tooLong.body.code).toBe('audio_too_long');
    expect(tooLong.body.message).toContain('limit');
  });

  it('400 for a bad model, a missing file, a non-English language on an .en model; 422 for non-audio; 401 without auth', async () => {
    expect(
      (await submit(server, alice, { model: 'huge-v9' }, fixture('jfk.wav'))).body,
    ).toMatchObject({
      code: 'invalid_model',
      message: expect.stringContaining('tiny.en'),
    });
    expect((await submit(server, alice, { model: 'tiny.en' })).body.code).toBe('audio_required');
    expect(
      (await submit(server, alice, { prompt: 'x'.repeat(1001) }, fixture('jfk.wav'))).body,
    ).toMatchObject({ message: 'prompt must be at most 1000 characters' });
    expect(
      (await submit(server, alice, { model: 'tiny.en', language: 'fr' }, fixture('jfk.wav'))).body
        .code,
    ).toBe('unsupported_language');
    const notAudio = await submit(server, alice, {}, fixture('transcripts.tsv'));
    expect(notAudio.status).toBe(422);
    expect(notAudio.body.code).toBe('unsupported_audio');
    expect(notAudio.body.message).not.toContain('/');
    const anonymous = await server.client().get(`/v1/transcript/${jfkId}`);
    expect(anonymous.status).toBe(401);
  });
});

describe('idempotency, listing, deletion, models', () => {
  it('a retry with the same Idempotency-Key returns the same job and charges once', async () => {
    const bob = await customer(server, 100);
    const key = { 'idempotency-key': 'retry-me-1' };
    const first = await submit(server, bob, {}, fixture('LJ002-0020.wav'), key);
    const second = await submit(server, bob, {}, fixture('LJ002-0020.wav'), key);
    expect(first.status).toBe(202);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    const done = await waitForJob(server, bob, first.body.id);
    const third = await submit(server, bob, {}, fixture('LJ002-0020.wav'), key);
    expect(third.body).toMatchObject({ id: first.body.id, status: 'completed' });
    const ledger = createLedger(server.storage.db);
    expect(await ledger.balance(bob.userId)).toBe(1_000_000 - (done.costMicros ?? 0));
    expect((await bob.api.get('/api/transcript/user')).body.total).toBe(1);
  });

  it('GET /api/transcript/user pages, searches file name and text, filters by status', async () => {
    const all = await alice.api.get('/api/transcript/user?limit=2');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(all.body.transcriptions).toHaveLength(2);
    const page2 = await alice.api.get('/api/transcript/user?limit=2&page=2');
    expect(page2.body.transcriptions).toHaveLength(1);
    const ids = [...all.body.transcriptions, ...page2.body.transcriptions].map(
      (t: { id: string }) => t.id,
    );
    expect(new Set(ids).size).toBe(3);
    // The newest: jfk.mp3, which named no model nor language.
    expect(all.body.transcriptions[0]).toMatchObject({
      status: 'completed',
      model: 'base',
      costMicros: expect.any(Number),
      progress: { percent: 100, stage: 'done' },
    });

    const byText = await alice.api.get('/api/transcript/user?search=fellow%20americans');
    expect(byText.body.transcriptions.map((t: { fileName: string }) => t.fileName).sort()).toEqual([
      'jfk.mp3',
      'jfk.wav',
    ]);
    const byName = await alice.api.get('/api/transcript/user?search=espeak');
    expect(byName.body.total).toBe(1);
    expect((await alice.api.get('/api/transcript/user?status=error')).body.total).toBe(0);
    expect((await alice.api.get('/api/transcript/user?status=completed')).body.total).toBe(3);
    expect((await alice.api.get('/api/transcript/user?status=all')).body.total).toBe(3);
    expect((await alice.api.get('/api/transcript/user?status=bogus')).status).toBe(400);
  });

  it("another user cannot read or delete alice's job; alice deletes it with its audio", async () => {
    const eve = await customer(server, 0);
    expect(
      (await server.client().get(`/v1/transcript/${jfkId}`, { headers: eve.auth })).status,
    ).toBe(404);
    expect(
      (await server.client().delete(`/v1/transcript/${jfkId}`, undefined, { headers: eve.auth }))
        .status,
    ).toBe(404);
    const deleted = await server
      .client()
      .delete(`/v1/transcript/${jfkId}`, undefined, { headers: alice.auth });
    expect(deleted.status).toBe(200);
    expect(
      (await server.client().get(`/v1/transcript/${jfkId}`, { headers: alice.auth })).status,
    ).toBe(404);
    const blob = join(server.config.dataDir, 'blobs', 'audio', alice.userId, jfkId);
    await expect(import('node:fs/promises').then((fs) => fs.stat(blob))).rejects.toThrow();
  });

  it('deleting the account removes its audio from the blob store', async () => {
    const leaving = await customer(server, 500);
    const res = await submit(server, leaving, {}, fixture('jfk.wav'));
    expect(res.status).toBe(202);
    await waitForJob(server, leaving, res.body.id);
    const { stat } = await import('node:fs/promises');
    const blob = join(server.config.dataDir, 'blobs', 'audio', leaving.userId, res.body.id);
    expect((await stat(blob)).isFile()).toBe(true);
    const deleted = await leaving.api.delete('/api/account', { password: DEFAULT_PASSWORD });
    expect(deleted.status).toBe(200);
    await expect(stat(blob)).rejects.toThrow(/ENOENT/);
  });

  it('a request naming no model gets the English model for English, the multilingual one otherwise', async () => {
    for (const [fields, model] of [
      [{ language: 'en' }, 'tiny.en'],
      [{ language: 'auto' }, 'base'],
      [{ language: 'de' }, 'base'],
      [{ task: 'translate' }, 'base'],
    ] as const) {
      const res = await submit(server, alice, fields, fixture('LJ002-0020.wav'));
      expect(res.status).toBe(202);
      expect(res.body.model).toBe(model);
    }
  });

  it('GET /v1/models lists installed models with languages and price', async () => {
    const res = await server.client().get('/v1/models', { headers: alice.auth });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: 'list',
      default: 'base',
      defaultEnglish: 'tiny.en',
      // Nothing here has a GPU (PARLANCE_DEVICE=auto): the CPU, in int8.
      device: 'cpu',
      computeType: 'int8',
    });
    expect(res.body.data).toContainEqual({
      id: 'tiny.en',
      object: 'model',
      created: Date.UTC(2022, 8, 21) / 1000,
      owned_by: 'openai',
      languages: 'en',
      usdPerMinute: 0.002,
      microsPerHour: 120_000,
    });
    // The engine's two packaged models, no more: mocks/src/fixtures/billing.ts feeds the web
    // app's stories and tests this same list, so the pages sell nothing else.
    expect(res.body.data.map((model: { id: string }) => model.id)).toEqual(['tiny.en', 'base']);
  });
});

describe('multichannel', () => {
  it('transcribes each channel as its speaker, in time order, billed per channel-second', async () => {
    // jfk on the left; on the right, 3 s in, LJ002-0035 ("Eight. The press yard"): a second talker
    // speaking while the first does.
    const stereo = join(await mkdtemp(join(tmpdir(), 'parlance-channels-')), 'call.wav');
    execFileSync('ffmpeg', [
      ...['-nostdin', '-loglevel', 'error', '-y'],
      ...['-i', fixture('jfk.wav'), '-i', fixture('LJ002-0035.wav')],
      '-filter_complex',
      '[1:a]aresample=16000,adelay=3000,apad[b];[0:a][b]join=inputs=2:channel_layout=stereo',
      stereo,
    ]);
    const ivy = await customer(server, 100);
    const fields = { language: 'en', multichannel: 'true', timestamp_style: 'word' };
    const res = await submit(server, ivy, fields, stereo);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      multichannel: true,
      audio_channels: 2,
      speaker_labels: false,
    });
    const job = await waitForJob(server, ivy, res.body.id);
    const { words, segments, utterances } = job.result!;
    const said = (channel: string) =>
      words
        .filter((word) => word.channel === channel)
        .map((word) => word.text)
        .join(' ')
        .toLowerCase();
    expect(said('1')).toContain('ask not what your country');
    expect(said('1')).not.toMatch(/press|yard/);
    expect(said('2')).toMatch(/^(eight|8)\.? the press yard/);
    for (const part of [...words, ...segments, ...(utterances ?? [])])
      expect(part.speaker).toBe(part.channel === '1' ? 'A' : 'B');
    // One list in time order: the second talker's words stand among the first's.
    const starts = words.map((word) => word.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const second = words.findIndex((word) => word.channel === '2');
    expect(second).toBeGreaterThan(0);
    expect(words.slice(second).some((word) => word.channel === '1')).toBe(true);
    // Turn by turn: a turn ends where the other channel's words begin.
    const turns = utterances!.map((turn) => turn.speaker);
    expect(turns[0]).toBe('A');
    expect(new Set(turns)).toEqual(new Set(['A', 'B']));
    turns.slice(1).forEach((speaker, k) => expect(speaker).not.toBe(turns[k]));
    // 2 channels × 11 s of tiny.en at $0.002/min is 733.33 µ$: 734 µ$.
    expect(job.costMicros).toBe(734);
    const txt = await server.client().get(`/v1/transcript/${job.id}/txt`, { headers: ivy.auth });
    // One line per turn, each naming its channel's speaker.
    expect(
      txt.body
        .trim()
        .split('\n')
        .map((line: string) => line.split(':')[0]),
    ).toEqual(turns.map((speaker) => `Speaker ${speaker}`));
  });

  it('is refused with speaker_labels, and for more channels than it transcribes apart', async () => {
    const both = await submit(
      server,
      alice,
      { multichannel: 'true', speaker_labels: 'true' },
      fixture('jfk.wav'),
    );
    expect([both.status, both.body.message]).toEqual([
      400,
      'multichannel and speaker_labels cannot be combined: with multichannel, each channel is a speaker',
    ]);
    const nine = join(await mkdtemp(join(tmpdir(), 'parlance-channels-')), 'nine.wav');
    execFileSync('sox', ['-n', '-r', '16000', '-c', '9', nine, 'synth', '1', 'sine', '440']);
    const res = await submit(server, alice, { multichannel: 'true' }, nine);
    expect([res.status, res.body.message]).toEqual([
      400,
      'multichannel: the file has 9 channels; at most 8 are transcribed apart',
    ]);
  });
});
