import { Fragment, useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { EmptyState } from '../EmptyState';
import { Skeleton } from '../Skeleton';
import { formatTimestamp } from './formatTimestamp';
import {
  LoadingLines,
  SegmentButton,
  SegmentList,
  SegmentText,
  Speaker,
  Timestamp,
  TranscriptRoot,
  Word,
} from './Transcript.styles';

export interface TranscriptWord {
  start: number;
  end: number;
  word: string;
}

export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
  /** Who speaks, above the text: a name, or a `SpeakerChip`. */
  speaker?: ReactNode;
  words?: readonly TranscriptWord[];
}

export interface TranscriptProps {
  segments: readonly TranscriptSegment[];
  /** Playback position in seconds: the segment playing is highlighted and kept in view. */
  currentTime?: number;
  /**
   * Called with where to play from when the text is clicked (seek the player there): the word's
   * start when a word of `showWords` was clicked, else the segment's (the keyboard seeks by segment).
   */
  onSeek?: (start: number) => void;
  /** Shows word timings, highlighting the word playing. */
  showWords?: boolean;
  loading?: boolean;
  emptyMessage?: string;
  /** Names the transcript region. */
  label?: string;
  /** Scrolls inside this height (any CSS length). */
  maxHeight?: string;
  className?: string;
}

/** The start of the word (of `showWords`) a click landed on, if it landed on one. */
function clickedWordStart(target: EventTarget): number | undefined {
  const word = target instanceof Element ? target.closest<HTMLElement>('[data-start]') : null;
  return word?.dataset['start'] === undefined ? undefined : Number(word.dataset['start']);
}

const within = (time: number | undefined, item: { start: number; end: number }) =>
  time !== undefined && time >= item.start && time < item.end;

export function Transcript({
  segments,
  currentTime,
  onSeek,
  showWords = false,
  loading = false,
  emptyMessage = 'No speech was found in this audio.',
  label = 'Transcript',
  maxHeight,
  className,
}: TranscriptProps) {
  const rootRef = useRef<HTMLElement>(null);
  const activeRef = useRef<HTMLButtonElement>(null);
  const activeIndex = segments.findIndex((segment) => within(currentTime, segment));

  useEffect(() => {
    const root = rootRef.current;
    const active = activeRef.current;
    if (!root || !active || activeIndex < 0) return;
    const top = active.offsetTop;
    const bottom = top + active.offsetHeight;
    if (top < root.scrollTop || bottom > root.scrollTop + root.clientHeight) {
      root.scrollTop = Math.max(0, top - (root.clientHeight - active.offsetHeight) / 2);
    }
  }, [activeIndex]);

  const style: CSSProperties | undefined = maxHeight ? { maxHeight } : undefined;

  return (
    <TranscriptRoot
      ref={rootRef}
      aria-label={label}
      aria-busy={loading || undefined}
      style={style}
      className={className}
    >
      {loading ? (
        <LoadingLines>
          {[80, 95, 60, 85].map((width) => (
            <Skeleton key={width} width={`${width}%`} />
          ))}
        </LoadingLines>
      ) : segments.length === 0 ? (
        <EmptyState title="No transcript" description={emptyMessage} />
      ) : (
        <SegmentList>
          {segments.map((segment, index) => {
            const active = index === activeIndex;
            return (
              <li key={`${segment.start}-${index}`}>
                <SegmentButton
                  type="button"
                  ref={active ? activeRef : undefined}
                  aria-current={active || undefined}
                  onClick={(event) => onSeek?.(clickedWordStart(event.target) ?? segment.start)}
                >
                  <Timestamp dateTime={`PT${Math.floor(segment.start)}S`}>
                    [{formatTimestamp(segment.start)}]
                  </Timestamp>
                  <SegmentText>
                    {segment.speaker && <Speaker>{segment.speaker}</Speaker>}
                    {showWords && segment.words?.length
                      ? segment.words.map((word, i) => (
                          <Fragment key={`${word.start}-${i}`}>
                            {i > 0 && ' '}
                            <Word
                              data-active={active && within(currentTime, word)}
                              data-start={word.start}
                            >
                              {word.word.trim()}
                            </Word>
                          </Fragment>
                        ))
                      : segment.text}
                  </SegmentText>
                </SegmentButton>
              </li>
            );
          })}
        </SegmentList>
      )}
    </TranscriptRoot>
  );
}
