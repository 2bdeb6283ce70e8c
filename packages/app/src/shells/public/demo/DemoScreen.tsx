import { useMemo, useState } from 'react';
import { Button, Card, Switch, Transcript } from '@parlance/ui';
import { paths } from '../../../paths';
import { CallToAction } from '../components/CallToAction';
import { SectionHeading } from '../components/Section';
import { Container, Section } from '../components/Section.styles';
import { Clock, DemoGrid, Facts, Player, Provenance } from './DemoScreen.styles';
import { transcriptSegments, type Timed } from '../../../shared/transcriptSegments';
import { useAudioClock } from './useAudioClock';

export interface DemoTranscript {
  segments: readonly Timed[];
  words: readonly Timed[];
  text: string;
  language: string;
  language_probability: number;
  duration: number;
  model: string;
}

export interface DemoPageProps {
  transcript: DemoTranscript;
  audioSrc: string;
  /** Start position in seconds (stories show a moment of playback). */
  initialTime?: number;
}

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

export function DemoScreen({ transcript, audioSrc, initialTime = 0 }: DemoPageProps) {
  const segments = useMemo(
    () => transcriptSegments(transcript.segments, transcript.words),
    [transcript],
  );
  const { audio, time, playing, toggle, seek, events } = useAudioClock(initialTime);
  const [showWords, setShowWords] = useState(true);
  const wordCount = transcript.words.length;

  return (
    <>
      <Section aria-labelledby="demo-title">
        <Container>
          <SectionHeading
            as="h1"
            id="demo-title"
            eyebrow="Demo"
            title="Hear it, then read it"
            lede="Press play: the transcript follows the voice word by word. Click any line to jump there. This is the unedited output of our engine on a public-domain recording."
          />
          <DemoGrid>
            <Card
              title="“Ask not what your country can do for you”"
              description="John F. Kennedy, inaugural address, 20 January 1961"
              actions={
                <Switch label="Word timings" checked={showWords} onCheckedChange={setShowWords} />
              }
            >
              <audio ref={audio} src={audioSrc} preload="metadata" {...events} />
              <Player>
                <Button
                  onClick={toggle}
                  variant="primary"
                  size="sm"
                  aria-label={playing ? 'Pause' : 'Play'}
                >
                  {playing ? 'Pause' : 'Play'}
                </Button>
                <input
                  type="range"
                  aria-label="Playback position"
                  min={0}
                  max={transcript.duration}
                  step={0.1}
                  value={time}
                  onChange={(event) => seek(Number(event.target.value))}
                />
                <Clock>
                  {clock(time)} / {clock(transcript.duration)}
                </Clock>
              </Player>
              <Transcript
                segments={segments}
                currentTime={time}
                onSeek={seek}
                showWords={showWords}
                label="Transcript of the demo recording"
              />
            </Card>
            <Card title="About this transcript" headingLevel={2}>
              <Facts>
                <dt>Model</dt>
                <dd>{transcript.model}</dd>
                <dt>Language</dt>
                <dd>
                  {transcript.language === 'en' ? 'English' : transcript.language} (
                  {Math.round(transcript.language_probability * 100)}% confidence)
                </dd>
                <dt>Audio</dt>
                <dd>{clock(transcript.duration)}</dd>
                <dt>Words</dt>
                <dd>{wordCount}</dd>
                <dt>Segments</dt>
                <dd>{segments.length}</dd>
              </Facts>
              <Provenance>
                Public-domain recording (a work of the US government). The transcript is what the
                API returns with <code>timestamp_style=word</code>: nothing was corrected by hand.
              </Provenance>
            </Card>
          </DemoGrid>
        </Container>
      </Section>
      <CallToAction
        id="demo-cta-title"
        title="Try it on your own audio"
        text="Create a free account, then open the playground: drop a file or paste a URL, pick a model and watch the transcript arrive."
        primary={{ to: paths.register.getHref(), label: 'Sign up and open the playground' }}
        secondary={{ to: paths.docs.getHref(), label: 'Read the API docs' }}
      />
    </>
  );
}
