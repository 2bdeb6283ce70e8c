import type { ServiceLimits } from '@parlance/contract';
import { CodeBlock, CodeTabs } from '@parlance/ui';
import { curlSubmit, nodeSubmit, openAiNode, pythonSubmit } from '../../../content/snippets';
import {
  openAiCurl,
  openAiPython,
  webhookVerifyNode,
  webhookVerifyPython,
} from '../../../content/docsSnippets';
import { realtimeNode, realtimePython } from '../../../content/realtimeSnippets';
import { paths } from '../../../paths';
import {
  API_ERRORS,
  MAX_KEYTERM_CHARS,
  MAX_KEYTERMS,
  MAX_SPEAKERS,
  PARAGRAPH_WORDS,
  PASSAGE_PAUSE_SECONDS,
  REALTIME_END_OF_TURN_SILENCE_MS,
  REALTIME_IDLE_TIMEOUT_SECONDS,
  REALTIME_MAX_END_OF_TURN_SILENCE_MS,
  REALTIME_MIN_END_OF_TURN_SILENCE_MS,
  REALTIME_UNUSED_SECONDS_PER_HOUR,
} from '@parlance/contract/endpoints';
import type { OperationGroup } from './operations';
import {
  Content,
  DocSection,
  DocsLayout,
  Endpoints,
  Fields,
  Lifecycle,
  Method,
  Toc,
} from './DocsScreen.styles';
import { Link } from '../../../shared/RouterLink';

export interface DocsPageProps {
  /** Where the API answers, for the code samples. */
  apiBase: string;
  /** The reference, generated from the server's OpenAPI document. */
  reference: OperationGroup[];
  /** The credit a new account is given (e.g. "$5.00"), or null when none (or not known). */
  signupCredit: string | null;
  /** This server's limits; null while they load or when they could not be. */
  limits: ServiceLimits | null;
}

const sections = [
  { id: 'quick-start', title: 'Quick start' },
  { id: 'authentication', title: 'Authentication' },
  { id: 'jobs', title: 'Jobs and results' },
  { id: 'webhooks', title: 'Webhooks' },
  { id: 'live', title: 'Live transcription' },
  { id: 'openai', title: 'OpenAI compatibility' },
  { id: 'models', title: 'Models' },
  { id: 'limits', title: 'Limits' },
  { id: 'errors', title: 'Errors' },
  { id: 'reference', title: 'Reference' },
];

/** 14400 → "4 h", 600 → "10 min", 45 → "45 s". */
function span(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

/** This server's limits, in words (its settings, as GET /api/config tells them). */
function limitRows(limits: ServiceLimits): [string, string][] {
  const window =
    limits.rateLimitWindowSeconds === 60 ? 'a minute' : span(limits.rateLimitWindowSeconds);
  return [
    [
      'File size',
      `${Math.round(limits.maxUploadBytes / 1048576)} MB per upload or audio_url (413 file_too_large)`,
    ],
    [
      'Resumable upload size',
      `${Math.round(limits.maxResumableUploadBytes / 1048576)} MB per file sent to /v1/uploads (413 file_too_large)`,
    ],
    ['Audio length', `${span(limits.maxAudioSeconds)} per file (413 audio_too_long)`],
    ['Jobs at once', `${limits.maxRunningJobsPerAccount} per account; the rest wait in the queue`],
    [
      'Requests',
      `${limits.requestsPerKey} per API key, ${limits.requestsPerAccount} per account (all its keys) and ${limits.requestsPerIp} per client address, in ${window} (429 rate_limited, with Retry-After)`,
    ],
    [
      'Submissions',
      `${limits.submissionsPerKey} per API key, ${limits.submissionsPerAccount} per account and ${limits.submissionsPerIp} per client address, in ${window}`,
    ],
    [
      'Live streams',
      `${limits.liveStreamsPerAccount} open at once per account; closed after ${span(limits.liveIdleTimeoutSeconds)} without sound; ${span(limits.liveUnusedSecondsPerHour)} an hour held open beyond their audio`,
    ],
    ['Key terms', `${MAX_KEYTERMS} per request, each up to ${MAX_KEYTERM_CHARS} characters`],
    ['Speakers expected', `1 to ${MAX_SPEAKERS}`],
  ];
}

export function DocsScreen({ apiBase, reference, signupCredit, limits }: DocsPageProps) {
  return (
    <DocsLayout>
      <Toc aria-label="On this page">
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </Toc>
      <Content>
        <DocSection aria-labelledby="docs-title">
          <h1 id="docs-title">API documentation</h1>
          <p>
            Parlance turns audio into text over HTTP. Send a file or a URL, get a job id, and read
            the transcript as text, JSON with timestamps, SRT or WebVTT when it is ready. Every
            example below runs as is once you set <code>PARLANCE_API_KEY</code>.
          </p>
        </DocSection>

        <DocSection aria-labelledby="quick-start">
          <h2 id="quick-start">Quick start</h2>
          <p>
            {signupCredit ? (
              <>
                <Link to={paths.register.getHref()}>Create an account</Link> (it starts with{' '}
                {signupCredit} of free credit once its e-mail is verified, no card needed) and
                create a key under API Keys in the dashboard.
              </>
            ) : (
              <>
                <Link to={paths.register.getHref()}>Create an account</Link>, add credit and create
                a key under API Keys in the dashboard.
              </>
            )}{' '}
            Then submit audio with <code>POST /v1/transcript</code> (multipart: <code>file</code> or{' '}
            <code>audio_url</code>, and optionally <code>model</code>, <code>language</code>,{' '}
            <code>timestamp_style</code> = <code>none</code> | <code>segment</code> |{' '}
            <code>word</code>) and poll the job until it completes.
          </p>
          <CodeTabs
            label="Transcribe a file"
            snippets={[curlSubmit(apiBase), nodeSubmit(apiBase), pythonSubmit(apiBase)]}
          />
        </DocSection>

        <DocSection aria-labelledby="authentication">
          <h2 id="authentication">Authentication</h2>
          <p>
            Send your key as a bearer token on every <code>/v1</code> request. Keys can be disabled
            or deleted in the dashboard and stop working immediately. Never ship a key in a browser
            or mobile app: call Parlance from your server. A key says what it is:{' '}
            <code>prl_live_</code> (<code>prl_test_</code> on a server in test mode) and 43 more
            characters, so a secret scanner can find one that leaked with the pattern{' '}
            <code>prl_(live|test)_[A-Za-z0-9_-]{'{43}'}</code>.
          </p>
          <CodeBlock language="http" code={'Authorization: Bearer $PARLANCE_API_KEY'} />
        </DocSection>

        <DocSection aria-labelledby="jobs">
          <h2 id="jobs">Jobs and results</h2>
          <p>A transcription is a durable job. Its status moves forward only:</p>
          <Lifecycle>
            <li>
              <code>queued</code>: accepted; <code>queue_position</code> says how many jobs are
              ahead.
            </li>
            <li>
              <code>processing</code>: <code>progress.percent</code> and <code>progress.stage</code>{' '}
              update as it runs.
            </li>
            <li>
              <code>completed</code>: <code>result</code> holds the text, segments, words and
              detected language.
            </li>
            <li>
              <code>error</code>: <code>error</code> says why. Failed jobs are never charged.
            </li>
          </Lifecycle>
          <p>
            Download a finished transcript with <code>GET /v1/transcript/&#123;id&#125;/txt</code>,{' '}
            <code>srt</code>, <code>vtt</code> or <code>json</code>. Pass <code>webhook_url</code>{' '}
            when submitting to be called when the job finishes instead of polling.
          </p>
          <p>
            SRT and WebVTT captions keep to a subtitle style: at most 2 lines of 42 characters, on
            screen for 1 to 7 seconds and at no more than 17 characters a second wherever the speech
            leaves the time, cut at sentence ends and pauses, never inside a word or across
            speakers. Change it with <code>caption_max_chars</code>, <code>caption_max_lines</code>,{' '}
            <code>caption_max_seconds</code>, <code>caption_min_seconds</code> and{' '}
            <code>caption_max_cps</code> on the download&apos;s query.
          </p>
          <p>
            <code>GET /v1/transcript/&#123;id&#125;/sentences</code> and <code>/paragraphs</code>{' '}
            give the transcript as sentences (ended by their punctuation, a change of speaker, a
            pause of {PASSAGE_PAUSE_SECONDS} seconds, or, unpunctuated, at {PARAGRAPH_WORDS} words)
            and paragraphs of whole sentences (ended by a change of speaker, such a pause, or the
            sentence that brings one to {PARAGRAPH_WORDS} words), each with its times, speaker,
            confidence and words. Without word timestamps, times are spread over each speaker turn
            (or segment) by its letters; the words and confidence are then left out. The transcript
            page shows the same paragraphs.
          </p>
          <p>
            A file too large for one request goes up resumably by the{' '}
            <a href="https://tus.io/protocols/resumable-upload">tus protocol</a>, which any tus
            client speaks: <code>POST /v1/uploads</code> with its size in <code>Upload-Length</code>{' '}
            answers its address, <code>PATCH</code> requests send the bytes, and after a dropped
            connection <code>HEAD</code> says how many arrived, to go on from there. Then submit
            with <code>upload_id</code> (the address&rsquo;s last part) instead of a file.
          </p>
          <p>
            <code>GET /v1/transcript/&#123;id&#125;/audio</code> returns the audio as it was
            submitted, with <code>Range</code> requests for players that seek. Live streams keep no
            audio.
          </p>
          <p>
            Audio and transcripts are kept until you delete them, unless you say sooner: pass{' '}
            <code>delete_audio_after</code> or <code>delete_after</code> (seconds after the job
            ends) when submitting, or set how many days your account keeps them in Settings. The
            soonest applies, the audio never outlives its transcript, and a transcript says when it
            and its audio go (<code>audio_delete_at</code>, <code>delete_at</code>).{' '}
            <code>DELETE /v1/transcript/&#123;id&#125;/audio</code> deletes the audio now and keeps
            the text.
          </p>
          <p>
            <code>GET /v1/transcript</code> lists your transcripts, newest first: <code>limit</code>{' '}
            per page, filtered by <code>status</code>, <code>created_after</code> and{' '}
            <code>created_before</code> (ISO 8601). While <code>has_more</code> is true, pass{' '}
            <code>next_cursor</code> back as <code>cursor</code> for the next page; new transcripts
            never shift a page.
          </p>
        </DocSection>

        <DocSection aria-labelledby="webhooks">
          <h2 id="webhooks">Webhooks</h2>
          <p>
            When a job with a <code>webhook_url</code> completes or fails, Parlance POSTs{' '}
            <code>&#123;"id", "status"&#125;</code> to it, and retries with growing delays until
            your endpoint answers 2xx. Each delivery carries{' '}
            <code>Parlance-Signature: t=&lt;unix time&gt;,v1=&lt;hex&gt;</code>: an HMAC-SHA256 of{' '}
            <code>t</code>, a dot and the raw body, keyed with your account&rsquo;s webhook signing
            secret (API Keys in the dashboard). Check it before trusting the body, then fetch the
            job with your API key.
          </p>
          <CodeTabs label="Verify a webhook" snippets={[webhookVerifyNode, webhookVerifyPython]} />
        </DocSection>

        <DocSection aria-labelledby="live">
          <h2 id="live">Live transcription</h2>
          <p>
            Open a WebSocket to <code>GET /v1/realtime?sample_rate=16000</code> and send audio as
            binary frames (mono, 16-bit little-endian, any rate from 8 to 48 kHz) as it is recorded.
            The server answers with JSON messages: <code>ready</code> (the transcript id and model),{' '}
            <code>partial</code> (the phrase so far, replaced by the next one), <code>final</code>{' '}
            (a finished phrase with word times; it never changes; with the language detected,{' '}
            <code>detected_language</code> and <code>language_fallback</code> say how it was heard),{' '}
            <code>end_of_turn</code> (the speaker stopped: {REALTIME_END_OF_TURN_SILENCE_MS} ms of
            silence by default, <code>end_of_turn_silence_ms</code> from{' '}
            {REALTIME_MIN_END_OF_TURN_SILENCE_MS} to {REALTIME_MAX_END_OF_TURN_SILENCE_MS} in the
            query or a <code>config</code> message; it carries the turn’s text, after its finals),{' '}
            <code>lag</code> (how many seconds transcription is behind your audio, while it is 2 s
            or more), and, after you send <code>&#123;"type":"end"&#125;</code>, <code>done</code>{' '}
            with the billed seconds, before it closes with 1000. The stream is saved as a transcript
            like any other and billed once, per second of audio received and transcribed: seconds it
            could not transcribe come as a <code>gap</code> before <code>done</code>, and are not
            billed.
          </p>
          <p>
            Something wrong ends the stream with an <code>error</code> message and a close code:
            4400 bad settings, 4401 bad key or token, 4402 not enough credit (checked before the
            stream starts and as it runs), 4408 no sound in the audio for{' '}
            {REALTIME_IDLE_TIMEOUT_SECONDS} s, 4415 audio too long or sent much faster than it
            plays, 4429 too many streams (or streams held open without audio for{' '}
            {REALTIME_UNUSED_SECONDS_PER_HOUR / 60} minutes in the last hour). Browsers cannot send
            headers: your server asks <code>POST /v1/realtime/token</code> for a one-use token,
            valid for a minute, and the page connects with <code>?token=</code>.
          </p>
          <CodeTabs
            label="Stream audio"
            snippets={[realtimeNode(apiBase), realtimePython(apiBase)]}
          />
        </DocSection>

        <DocSection aria-labelledby="openai">
          <h2 id="openai">OpenAI compatibility</h2>
          <p>
            <code>POST /v1/audio/transcriptions</code> accepts OpenAI&rsquo;s fields (
            <code>file</code>, <code>model</code>, <code>language</code>,{' '}
            <code>response_format</code>, <code>timestamp_granularities[]</code>) and answers in
            OpenAI&rsquo;s shapes, errors included. <code>whisper-1</code> maps to the default model
            for the language, as a request naming no model gets: the English one (
            <code>defaultEnglish</code> in <code>GET /v1/models</code>) with{' '}
            <code>language=en</code>, the multilingual <code>default</code> otherwise. The call
            waits for the transcript, so prefer the job API for long files.{' '}
            <code>POST /v1/audio/translations</code> answers in English from speech in any language
            (there <code>whisper-1</code> is the multilingual <code>base</code> model), as{' '}
            <code>task=translate</code> does on <code>POST /v1/transcript</code>.
          </p>
          <CodeTabs
            label="OpenAI SDK"
            snippets={[openAiNode(apiBase), openAiPython(apiBase), openAiCurl(apiBase)]}
          />
        </DocSection>

        <DocSection aria-labelledby="models">
          <h2 id="models">Models</h2>
          <p>
            <code>GET /v1/models</code> lists the models this server runs, with their languages and
            price per minute, in OpenAI&rsquo;s list shape (the SDKs&rsquo;{' '}
            <code>models.list()</code> reads it); the{' '}
            <Link to={paths.pricing.getHref()}>pricing page</Link> shows the same list. A Parlance
            server comes with two: <code>tiny.en</code>, English only and the fastest, and{' '}
            <code>base</code>, which detects and transcribes 99 languages and translates them to
            English.
          </p>
          <p>
            <strong>Self-hosting: adding a model.</strong> The engine runs any faster-whisper
            (CTranslate2) model. Put its folder (<code>model.bin</code>, <code>config.json</code>,{' '}
            <code>tokenizer.json</code>, <code>vocabulary.txt</code>) in{' '}
            <code>$PARLANCE_MODELS_DIR/&lt;name&gt;/</code> under a name the price list knows (
            <code>tiny</code>, <code>base</code>, <code>small</code>, <code>medium</code> and their{' '}
            <code>.en</code> variants, <code>large-v3</code>, <code>turbo</code>), and after a
            restart of the server it is listed, priced and accepted. Where the network reaches
            Hugging Face, <code>python -m parlance_engine.models download small</code> fetches the
            official weights.
          </p>
        </DocSection>

        <DocSection aria-labelledby="limits">
          <h2 id="limits">Limits</h2>
          <p>What this server holds each request to (a deployment&rsquo;s settings may differ).</p>
          {limits ? (
            <Fields aria-label="Limits of this server">
              {limitRows(limits).map(([name, value]) => (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </Fields>
          ) : (
            <p>The limits could not be loaded: reload the page to see them.</p>
          )}
        </DocSection>

        <DocSection aria-labelledby="errors">
          <h2 id="errors">Errors</h2>
          <p>
            An error answers with its status and a JSON body:{' '}
            <code>&#123;"message", "code", "details"?&#125;</code>. Show <code>message</code> to
            people; branch on <code>code</code>, which never changes. Retry 429 and 503 after the
            seconds <code>Retry-After</code> says. Every code:
          </p>
          <Fields aria-label="Error codes">
            {Object.entries(API_ERRORS).map(([code, { status, meaning }]) => (
              <div key={code}>
                <dt>
                  <code>{code}</code>
                  <small>{status}</small>
                </dt>
                <dd>{meaning}</dd>
              </div>
            ))}
          </Fields>
        </DocSection>

        <DocSection aria-labelledby="reference">
          <h2 id="reference">Reference</h2>
          <p>
            Every endpoint, generated from the server&rsquo;s OpenAPI document. Request and response
            schemas, with a console to try calls, are in the{' '}
            <a href={paths.server.apiReference.getHref()}>interactive reference</a>.
          </p>
          {reference.map((group) => (
            <DocSection key={group.tag} aria-labelledby={`ref-${group.tag}`}>
              <h3 id={`ref-${group.tag}`}>{group.title}</h3>
              <Endpoints>
                {group.operations.map((op) => (
                  <li key={`${op.method} ${op.path}`}>
                    <details>
                      <summary>
                        <Method>{op.method}</Method>
                        <code>{op.path}</code>
                        <span>{op.summary}</span>
                      </summary>
                      {op.description && <p>{op.description}</p>}
                      {op.fields.length > 0 && (
                        <Fields aria-label={`${op.method} ${op.path}: what it takes`}>
                          {op.fields.map((field) => (
                            <div key={`${field.where} ${field.name}`}>
                              <dt>
                                <code>{field.name}</code>
                                <small>
                                  {field.where}
                                  {field.required ? ', required' : ''}
                                </small>
                              </dt>
                              <dd>
                                {field.type}
                                {field.description && `. ${field.description}`}
                              </dd>
                            </div>
                          ))}
                        </Fields>
                      )}
                      <p>
                        Answers {op.statuses.join(', ')} (<a href="#errors">errors</a>).
                      </p>
                    </details>
                  </li>
                ))}
              </Endpoints>
            </DocSection>
          ))}
        </DocSection>
      </Content>
    </DocsLayout>
  );
}
