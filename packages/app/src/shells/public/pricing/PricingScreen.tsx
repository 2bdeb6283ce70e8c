import type { ModelRate, RatesResponse } from '@parlance/contract';
import { formatUsd, formatUsdPerMinute } from '@parlance/contract/money';
import { Badge, Card, ErrorState, Skeleton, Table, type TableColumn } from '@parlance/ui';
import { paths } from '../../../paths';
import { CallToAction } from '../components/CallToAction';
import { SectionHeading } from '../components/Section';
import { Container, Section } from '../components/Section.styles';
import { ModelName, Notes, PricingGrid } from './PricingScreen.styles';
import { RateCalculator } from './RateCalculator';

export interface PricingPageProps {
  rates?: RatesResponse;
  loading?: boolean;
  /** Why the price list could not load. */
  error?: string;
  onRetry?: () => void;
}

const columns: TableColumn<ModelRate>[] = [
  { key: 'model', header: 'Model', render: (rate) => <ModelName>{rate.model}</ModelName> },
  {
    key: 'languages',
    header: 'Languages',
    render: (rate) =>
      rate.englishOnly ? <Badge>English only</Badge> : <Badge tone="info">Multilingual</Badge>,
  },
  {
    key: 'minute',
    header: 'Per minute',
    align: 'end',
    render: (rate) => formatUsdPerMinute(rate.microsPerHour),
  },
  {
    key: 'hour',
    header: 'Per hour',
    align: 'end',
    render: (rate) => formatUsd(rate.microsPerHour),
  },
];

export function PricingScreen({ rates, loading = false, error, onRetry }: PricingPageProps) {
  return (
    <>
      <Section aria-labelledby="pricing-title">
        <Container>
          <SectionHeading
            as="h1"
            id="pricing-title"
            eyebrow="Pricing"
            title="Pay for the audio you transcribe, nothing else"
            lede="Buy credits in USD and each file is charged for its length at the rate of the model you choose. No subscription, no seats, no minimum per request."
            center
          />
          {error ? (
            <Card>
              <ErrorState
                title="The price list did not load"
                message={error}
                onRetry={onRetry}
                headingLevel={2}
              />
            </Card>
          ) : (
            <PricingGrid>
              <Table
                caption="Price per model"
                columns={columns}
                rows={rates?.rates ?? []}
                getRowKey={(rate) => rate.model}
                loading={loading}
                skeletonRows={6}
                emptyMessage="No models are available right now."
              />
              {rates && rates.rates.length > 0 ? (
                <RateCalculator rates={rates.rates} />
              ) : (
                <Card title="Estimate your cost" aria-busy={loading}>
                  <Skeleton height="120px" shape="rect" />
                </Card>
              )}
            </PricingGrid>
          )}
          <Notes>
            <li>
              <strong>Billed to the second</strong>
              <span>
                {rates?.billing ?? 'Exactly per second of audio, rounded up to the next $0.000001'}.
              </span>
            </li>
            <li>
              <strong>Failed jobs are free</strong>
              <span>
                If a transcription fails, nothing is charged. Your balance never goes negative.
              </span>
            </li>
            <li>
              <strong>Options cost nothing extra</strong>
              <span>
                Speaker labels, key terms, translation, redaction, profanity masking and filler
                words are included: the price depends only on the model and the seconds of audio.
                With multichannel, each channel is transcribed and billed on its own: a two-channel
                call costs twice its length. Translation and language detection need a multilingual
                model, which is the default unless you say the audio is English.
              </span>
            </li>
            <li>
              <strong>Same price through every door</strong>
              <span>
                The dashboard, the REST API and the OpenAI-compatible endpoint all use these rates.
              </span>
            </li>
          </Notes>
        </Container>
      </Section>
      <CallToAction
        id="pricing-cta-title"
        title="Start with a few dollars of credit"
        text="Create an account, top up by card and transcribe your first hour for less than a coffee."
        primary={{ to: paths.register.getHref(), label: 'Get started free' }}
        secondary={{ to: paths.contact.getHref(), label: 'Talk to us about volume' }}
      />
    </>
  );
}
