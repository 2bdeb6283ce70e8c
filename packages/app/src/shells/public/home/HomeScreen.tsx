import { Badge, CodeBlock, CodeTabs, StaticTable, type TableColumn } from '@parlance/ui';
import { curlSubmit, nodeSubmit, openAiNode, pythonSubmit } from '../../../content/snippets';
import { paths } from '../../../paths';
import { CallToAction } from '../components/CallToAction';
import { Actions } from '../components/CallToAction.styles';
import { SectionHeading } from '../components/Section';
import { Container, Section } from '../components/Section.styles';
import { CtaLink } from '../layout/CtaLink';
import { errorRatePercent, type GroupFigures, type MeasuredFigures } from './measured';
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
const percent = (groups: GroupFigures[]) => `${errorRatePercent(groups).toFixed(1)}%`;

const groupColumns: TableColumn<GroupFigures>[] = [
  { key: 'group', header: 'Speech' },
  { key: 'model', header: 'Model', render: (g) => <code>{g.model}</code> },
  {
    key: 'size',
    header: 'Measured on',
    render: (g) =>
      `${g.units} ${g.metric === 'CER' ? 'characters' : 'words'}, ${g.clips} ${g.clips === 1 ? 'clip' : 'clips'}`,
  },
  {
    key: 'rate',
    header: 'Error rate',
    align: 'end',
    render: (g) => `${percent([g])} ${g.metric}`,
  },
];

export function HomeScreen({ figures, apiBase }: HomePageProps) {
  const openAi = openAiNode(apiBase);
  const { accuracy, published } = figures;
  const english = accuracy.groups.filter((g) => g.language === 'en');
  const englishWords = english.reduce((sum, g) => sum + g.units, 0);
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
              <dt>word error rate on English speech we never built or tuned on</dt>
              <dd>{percent(english)}</dd>
            </Figure>
            <Figure>
              <dt>
                published for {published.model} on {published.set}, not measured by us
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
          <StaticTable
            caption="Error rate by language"
            columns={groupColumns}
            rows={accuracy.groups}
            getRowKey={(g) => g.group}
          />
          <Method>
            Accuracy: {accuracy.set}, which we measure on and never tune on. English is{' '}
            {englishWords} words on <code>{english[0]?.model}</code>, the model a request in English
            gets; the other languages are transcribed by the multilingual model with the language
            detected, as a request naming neither model nor language gets them. Errors are counted
            after Whisper&rsquo;s text normalisers; Chinese and Japanese by characters (CER). Small
            groups move by several points with one word, and another CPU&rsquo;s int8 arithmetic can
            move a group by a few points. Published figure: {published.source}. Speed: model{' '}
            <code>{figures.speedModel}</code>, {figures.speedClip}, {figures.hardware}. Reproduce
            with <code>npm run bench:asr</code>.
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
