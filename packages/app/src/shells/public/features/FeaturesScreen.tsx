import type { ReactNode } from 'react';
import { Link } from '../../../shared/RouterLink';
import {
  BarChartIcon,
  CheckIcon,
  ClockIcon,
  CreditCardIcon,
  EyeOffIcon,
  GridIcon,
  InfoIcon,
  KeyIcon,
  MicIcon,
  RefreshIcon,
  SearchIcon,
  TerminalIcon,
  UploadIcon,
  UserIcon,
} from '@parlance/ui';
import { paths } from '../../../paths';
import { CallToAction } from '../components/CallToAction';
import { SectionHeading } from '../components/Section';
import { Container, Section } from '../components/Section.styles';
import { FeatureCard, FeatureGrid, FeatureIcon } from './FeaturesScreen.styles';

interface Feature {
  icon: ReactNode;
  title: string;
  text: ReactNode;
}

const transcription: Feature[] = [
  {
    icon: <MicIcon />,
    title: 'Live transcription over a WebSocket',
    text: 'Stream a microphone or a call to /v1/realtime: partial text while people speak, a final as each phrase ends and an end_of_turn event when the speaker stops. Key terms can change mid-stream.',
  },
  {
    icon: <UserIcon />,
    title: 'Speaker labels',
    text: 'Set speaker_labels and every segment and word says who spoke; give speakers_expected when you know how many people talk, and name the speakers afterwards. A call recorded one speaker to a channel? Set multichannel and each channel is transcribed on its own.',
  },
  {
    icon: <EyeOffIcon />,
    title: 'Personal data redacted before it is stored',
    text: 'redact_pii replaces card numbers, bank accounts, phone numbers, e-mail addresses, SSNs and dates of birth, spoken or in digits, and names and places in English, in every view and export, and can bleep them in the kept audio. filter_profanity masks swear words; disfluencies keeps um and uh.',
  },
  {
    icon: <SearchIcon />,
    title: 'Key terms spelled your way',
    text: 'Pass keyterms (product names, people, jargon) and the model is steered to write them as you do, in files and in live streams.',
  },
  {
    icon: <InfoIcon />,
    title: '99 languages, and translation to English',
    text: 'The multilingual model detects the language or takes the one you name, and task=translate returns English text from speech in any of them.',
  },
  {
    icon: <RefreshIcon />,
    title: 'Durable jobs, signed webhooks',
    text: 'Jobs survive restarts. Poll for queue position and percent complete, or give a webhook_url and we POST the result, signed, when it is done.',
  },
  {
    icon: <TerminalIcon />,
    title: 'OpenAI-compatible endpoint',
    text: 'POST /v1/audio/transcriptions accepts the same fields as OpenAI’s API, so the official SDKs work by changing the base URL.',
  },
  {
    icon: <ClockIcon />,
    title: 'Segment and word timestamps',
    text: 'Every segment comes with start and end times; ask for word level and each word carries its own timing and a confidence score.',
  },
  {
    icon: <UploadIcon />,
    title: 'Any audio, any video',
    text: 'Upload a file or pass an audio_url. MP3, WAV, M4A, OGG, FLAC, WebM and video containers are decoded for you; silence is skipped.',
  },
  {
    icon: <GridIcon />,
    title: 'Text, JSON, SRT and WebVTT',
    text: 'Download the result in the format your product needs, from plain text for search to subtitles cut to the line length, line count and reading speed you set.',
  },
];

const account: Feature[] = [
  {
    icon: <KeyIcon />,
    title: 'API keys you control',
    text: 'Create a key per app or environment, rename it, disable it in one click and see when it was last used.',
  },
  {
    icon: <CreditCardIcon />,
    title: 'Prepaid credits, per-second billing',
    text: 'Buy credit in USD and pay for exactly the seconds of audio you send, at the rate of the model you choose. Failed jobs are never charged.',
  },
  {
    icon: <CheckIcon />,
    title: 'The models this server runs',
    text: (
      <>
        Each request names its model: a fast English-only one or a multilingual one.{' '}
        <Link to={paths.pricing.getHref()}>Pricing</Link> lists the installed models with their
        languages and price per minute.
      </>
    ),
  },
  {
    icon: <BarChartIcon />,
    title: 'Usage and spending at a glance',
    text: 'The dashboard charts minutes and spend per day and month, lists every transcription and has a playground to try models.',
  },
];

function FeatureList({
  features,
  headingLevel,
}: {
  features: Feature[];
  headingLevel: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <FeatureGrid>
      {features.map((feature) => (
        <FeatureCard key={feature.title}>
          <FeatureIcon aria-hidden="true">{feature.icon}</FeatureIcon>
          <Heading>{feature.title}</Heading>
          <p>{feature.text}</p>
        </FeatureCard>
      ))}
    </FeatureGrid>
  );
}

export function FeaturesScreen() {
  return (
    <>
      <Section aria-labelledby="features-title">
        <Container>
          <SectionHeading
            as="h1"
            id="features-title"
            eyebrow="Features"
            title="Everything you need to put speech recognition in production"
            lede="Parlance wraps open Whisper models in an API that behaves like the rest of your infrastructure: predictable, observable and billed to the second."
          />
          <FeatureList features={transcription} headingLevel="h2" />
        </Container>
      </Section>
      <Section $muted aria-labelledby="account-title">
        <Container>
          <SectionHeading
            id="account-title"
            eyebrow="Account and billing"
            title="No surprises on your invoice"
            lede="Clear prices per model, credits you top up when you want, and a dashboard that shows where every minute went."
          />
          <FeatureList features={account} headingLevel="h3" />
        </Container>
      </Section>
      <CallToAction
        id="features-cta-title"
        title="See it on real audio"
        text="Play a recorded sample with its transcript, or create an account and try your own files."
        primary={{ to: paths.demo.getHref(), label: 'Open the demo' }}
        secondary={{ to: paths.pricing.getHref(), label: 'See pricing' }}
      />
    </>
  );
}
