import { useEffect, useRef, useState } from 'react';
import type { Transcript as TranscriptData } from '@parlance/contract';
import { Alert, Button, SpeakerChip, Transcript } from '@parlance/ui';
import { TRANSCRIPT_EXPORT_FORMATS, transcriptExportHref } from '../api/transcriptRequest';
import type { Outcome } from '../../../shared/outcome';
import { paragraphsOf, speakerName } from '@parlance/contract/endpoints';
import { speakerLabels } from '../utils/speakers';
import { SpeakerLegend } from './SpeakerLegend';
import { CaptionStyleFields, DEFAULT_CAPTION_STYLE } from './CaptionStyleFields';
import { Download } from '../../../shared/Download.styles';
import { Layout, Player, Toolbar } from './TranscriptResultView.styles';

export interface TranscriptResultViewProps {
  transcript: TranscriptData;
  /** What to play alongside the text (the audio URL, or the uploaded file's object URL). */
  audioSrc: string | null;
  onCopyText: (text: string) => void;
  /** Saves the speakers' names (all of them); without it speakers are shown, not renamed. */
  onRenameSpeakers?: (names: Record<string, string>) => Promise<Outcome>;
  renamingSpeakers?: boolean;
}

/**
 * A finished transcript, in paragraphs (as `GET /v1/transcript/:id/paragraphs` cuts them):
 * playback synced with the text (the paragraph, or with word timestamps the word, being spoken is
 * highlighted; clicking one plays from there), downloads in four formats (SRT and VTT cut to the
 * caption style chosen), copy; and the server's
 * notice first when it stopped before the end of the audio (limit, credit). With speaker labels
 * each paragraph is one speaker's, marked with its speaker, and the speakers are listed above the
 * text, each with a Rename action where `onRenameSpeakers` is given.
 */
export function TranscriptResultView({
  transcript,
  audioSrc,
  onCopyText,
  onRenameSpeakers,
  renamingSpeakers = false,
}: TranscriptResultViewProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const [currentTime, setCurrentTime] = useState(0);
  const [unplayable, setUnplayable] = useState(false);
  const [captions, setCaptions] = useState(DEFAULT_CAPTION_STYLE);
  useEffect(() => setUnplayable(false), [audioSrc]);
  const result = transcript.result;
  if (!result) return null;
  const wordLevel = transcript.timestamp_style === 'word';
  const turns = result.utterances?.length ? result.utterances : undefined;
  const segments = paragraphsOf(result).map(({ start, end, text, speaker, words }) => ({
    start,
    end,
    text,
    ...(wordLevel
      ? { words: words.map((w) => ({ start: w.start, end: w.end, word: w.text })) }
      : {}),
    ...(speaker === undefined
      ? {}
      : {
          speaker: (
            <SpeakerChip label={speaker} name={speakerName(transcript.speaker_names, speaker)} />
          ),
        }),
  }));

  const seek = (seconds: number) => {
    const player = audio.current;
    if (!player) return;
    player.currentTime = seconds;
    setCurrentTime(seconds);
    void player.play().catch(() => undefined);
  };

  return (
    <Layout>
      {result.notice && (
        <Alert variant="warning" title="Part of the audio was not transcribed">
          {result.notice}
        </Alert>
      )}
      {audioSrc && (
        <Player
          ref={audio}
          controls
          preload="metadata"
          src={audioSrc}
          aria-label="Audio"
          onTimeUpdate={(event) => setCurrentTime(event.currentTarget.currentTime)}
          onError={() => setUnplayable(true)}
        />
      )}
      {unplayable && (
        <Alert variant="info" title="This audio cannot be played here">
          Your browser could not load or decode it (Chromium says the same of a format it does not
          play and of a file it could not fetch). The transcript and its downloads are not affected.
        </Alert>
      )}
      <Toolbar aria-label="Transcript actions">
        <Button variant="secondary" size="sm" onClick={() => onCopyText(result.text)}>
          Copy text
        </Button>
        {TRANSCRIPT_EXPORT_FORMATS.map((format) => (
          <Download
            key={format}
            href={transcriptExportHref(transcript.id, format, captions)}
            download
            aria-label={`Download ${format.toUpperCase()}`}
          >
            {format.toUpperCase()}
          </Download>
        ))}
      </Toolbar>
      <CaptionStyleFields value={captions} onChange={setCaptions} />
      {turns && (
        <SpeakerLegend
          labels={speakerLabels(turns)}
          names={transcript.speaker_names}
          renaming={renamingSpeakers}
          onRename={onRenameSpeakers}
        />
      )}
      <Transcript
        label="Transcript text"
        segments={segments}
        showWords={wordLevel}
        currentTime={currentTime}
        onSeek={seek}
        maxHeight="480px"
      />
    </Layout>
  );
}
