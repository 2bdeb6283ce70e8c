import { Badge, CodeBlock, CodeTabs } from '@parlance/ui';
import { curlSubmit, nodeSubmit, openAiNode, pythonSubmit } from '../../../content/snippets';
import { paths } from '../../../paths';
import { CallToAction } from '../components/CallToAction';
import { Actions } from '../components/CallToAction.styles';
import { SectionHeading } from '../components/Section';
import { Container, Section } from '../components/Section.styles';
import { CtaLink } from '../layout/CtaLink';
import type { MeasuredFigures } from './measured';
import {
  Checklist,
  Figure,
  Figures,
  FinePrint,
  Hero,
  HeroGrid,
  HeroLede,
  HeroText,
  HeroTitle,
  Method,
  Split,
  Step,
  Steps,
} from './HomeScreen.styles';

export interface HomePageProps {
  /** Benchmark figures (measured.ts). */
  figures: MeasuredFigures;
  /** Where the API answers, for the code samples. */
  apiBase: string;
}

const speedUp = (realTimeFactor: number) => `${Math.round(1 / realTimeFactor)}×`;

export function HomeScreen({ figures, apiBase }: HomePageProps) {
  const openAi = openAiNode(apiBase);
  const { heldOut, published } = figures;
  return (
    <>
      <Hero aria-labelledby="home-title">
        <HeroGrid>
          <HeroText>
            <Badge>OpenAI-compatible API</Badge>
            <HeroTitle id="home-title">Speech to text that developers trust</HeroTitle>
            <HeroLede>
              Send an audio file or a URL, get back accurate text with segment and word timestamps,
              subtitles and language detection. One HTTP call, predictable per-second pricing, no
              subscription.
            </HeroLede>
            <Actions>
              <CtaLink to={paths.register.getHref()} $size="lg">
                Get started free
              </CtaLink>
              <CtaLink to={paths.demo.getHref()} $size="lg" $variant="secondary">
                Hear the demo
              </CtaLink>
            </Actions>
            <FinePrint>Pay only for the audio you send. Failed jobs are never charged.</FinePrint>
          </HeroText>
          <CodeTabs
            label="Transcribe a file"
            snippets={[curlSubmit(apiBase), nodeSubmit(apiBase), pythonSubmit(apiBase)]}
          />
        </HeroGrid>
      </Hero>

      <Section $muted aria-labelledby="figures-title">
        <Container>
          <SectionHeading
            id="figures-title"
            eyebrow="Measured, not promised"
            title="Accuracy and speed we benchmark on every release"
          />
          <Figures>
            <Figure>
              <dt>word error rate on speech we never built or tuned on</dt>
              <dd>{heldOut.wordErrorRatePercent.toFixed(1)}%</dd>
            </Figure>
            <Figure>
              <dt>
                published for {figures.model} on {published.set}, not measured by us
              </dt>
              <dd>{published.wordErrorRatePercent.toFixed(1)}%</dd>
            </Figure>
            <Figure>
              <dt>faster than real time</dt>
              <dd>{speedUp(figures.realTimeFactor)}</dd>
            </Figure>
            <Figure>
              <dt>to transcribe an {figures.clipSeconds}-second clip</dt>
              <dd>{(figures.clipSeconds * figures.realTimeFactor).toFixed(1)} s</dd>
            </Figure>
          </Figures>
          <Method>
            Model <code>{figures.model}</code>, {figures.hardware}. Accuracy: {heldOut.clips}{' '}
            {heldOut.clips === 1 ? 'clip' : 'clips'} held out from building and tuning,{' '}
            {heldOut.set} ({heldOut.words} words, {heldOut.seconds} s of audio): a small set, so one
            word more or less right moves the rate by {(100 / heldOut.words).toFixed(0)} points.
            Published figure: {published.source}. Speed: {figures.speedClip}. Reproduce with{' '}
            <code>npm run bench:asr</code>.
          </Method>
        </Container>
      </Section>

      <Section aria-labelledby="steps-title">
        <Container>
          <SectionHeading
            id="steps-title"
            eyebrow="How it works"
            title="From audio to text in three steps"
            center
          />
          <Steps>
            <Step>
              <h3>Create an API key</h3>
              <p>
                Sign up, add credit and create a key in the dashboard. Keys can be disabled or
                revoked at any time.
              </p>
            </Step>
            <Step>
              <h3>Send your audio</h3>
              <p>
                <code>POST /v1/transcript</code> with a file or an <code>audio_url</code>. MP3, WAV,
                M4A, OGG, FLAC and video files all work.
              </p>
            </Step>
            <Step>
              <h3>Get text and timestamps</h3>
              <p>
                Poll the job or receive a webhook, then download plain text, JSON with word timings,
                SRT or VTT.
              </p>
            </Step>
          </Steps>
        </Container>
      </Section>

      <Section $muted aria-labelledby="code-title">
        <Container>
          <Split>
            <div>
              <SectionHeading
                id="code-title"
                eyebrow="Built for your stack"
                title="Coming from OpenAI? Change one line"
                lede="Point the official OpenAI SDK at Parlance and keep your code: whisper-1 maps to our default model for the language. Or use plain HTTP and JSON, no SDK needed."
              />
              <Checklist>
                <li>Segment and word timestamps with confidence scores</li>
                <li>Subtitles as SRT or WebVTT, ready for video players</li>
                <li>Automatic language detection or a fixed language</li>
                <li>Webhooks when a job completes, so you never poll</li>
              </Checklist>
            </div>
            <CodeBlock language={openAi.label} code={openAi.code} />
          </Split>
        </Container>
      </Section>

      <CallToAction
        id="cta-title"
        title="Transcribe your first file in five minutes"
        text="Create an account, add a few dollars of credit and send your first request."
        primary={{ to: paths.register.getHref(), label: 'Create a free account' }}
        secondary={{ to: paths.docs.getHref(), label: 'Read the docs' }}
      />
    </>
  );
}
