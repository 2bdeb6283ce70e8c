import { useRef, useState } from 'react';
import type { Transcript as TranscriptData } from '@parlance/server/contract';
import { Alert, Button, Transcript } from '@parlance/ui';
import { TRANSCRIPT_EXPORT_FORMATS, transcriptExportHref } from '../api/transcriptRequest';
import { transcriptSegments } from '../../../shared/transcriptSegments';
import { Download, Layout, Player, Toolbar } from './TranscriptResultView.styles';

export interface TranscriptResultViewProps {
  transcript: TranscriptData;
  /** What to play alongside the text (the audio URL, or the uploaded file's object URL). */
  audioSrc: string | null;
  onCopyText: (text: string) => void;
}

/**
 * A finished transcript: playback synced with the text, downloads in four formats, copy; and
 * the server's notice first when it stopped before the end of the audio (limit, credit).
 */
export function TranscriptResultView({
  transcript,
  audioSrc,
  onCopyText,
}: TranscriptResultViewProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const [currentTime, setCurrentTime] = useState(0);
  const result = transcript.result;
  if (!result) return null;
  const wordLevel = transcript.timestamp_style === 'word';

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
          preload="none"
          src={audioSrc}
          aria-label="Audio"
          onTimeUpdate={(event) => setCurrentTime(event.currentTarget.currentTime)}
        />
      )}
      <Toolbar aria-label="Transcript actions">
        <Button variant="secondary" size="sm" onClick={() => onCopyText(result.text)}>
          Copy text
        </Button>
        {TRANSCRIPT_EXPORT_FORMATS.map((format) => (
          <Download
            key={format}
            href={transcriptExportHref(transcript.id, format)}
            download
            aria-label={`Download ${format.toUpperCase()}`}
          >
            {format.toUpperCase()}
          </Download>
        ))}
      </Toolbar>
      <Transcript
        label="Transcript text"
        segments={transcriptSegments(result.segments, wordLevel ? result.words : undefined)}
        showWords={wordLevel}
        currentTime={currentTime}
        onSeek={seek}
        maxHeight="480px"
      />
    </Layout>
  );
}
