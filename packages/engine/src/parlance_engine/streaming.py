"""Live transcription of one audio stream: 16 kHz mono samples in, partial and final phrases out.

Whisper transcribes 30 s windows, not streams, so a stream is cut into phrases and each phrase is
decoded again as it grows (the approach of Macháček et al., "Turning Whisper into Real-Time
Transcription System", 2023):

- Silero voice-activity detection (bundled with faster-whisper) runs over the audio not yet
  finalised every ``vad_every_seconds``. Audio before the first speech is dropped (bar a short
  pre-roll), so silence costs no decoding.
- While a phrase is being spoken it is re-decoded every ``partial_every_seconds`` with greedy
  search, no fallback and no timestamps, encoding the phrase and ``partial_padding_seconds`` of
  Whisper's padding rather than its whole 30 s window (the cheapest decode), and sent as a
  ``partial``.
- Local agreement: a word is committed once two consecutive decodes agree on it and on every word
  before it. Committed words are never taken back, so a partial only ever changes after its
  committed prefix (``stable``) and captions do not flicker.
- A phrase ends at ``end_silence_seconds`` of silence after speech (or when the stream ends): it
  is decoded once more with beam search and word timing and sent as a ``final``, which is never
  changed. That decode starts ``ahead_after_seconds`` into the pause (it is that step's partial),
  so the final is sent as soon as the pause is long enough; if speech resumes first, it is
  forgotten. Where a phrase is cut does not depend on whether it was decoded ahead (a stream that
  fell behind skips those decodes), so the finals do not depend on how the audio was split.
- A final is decoded after the stream's last ``context_seconds`` of audio when words of earlier
  finals were heard there: a phrase is heard as the continuation of what was said, so its first
  words are not misheard for want of what came before. The context's words are left out by what
  they say, not by their timing (Whisper's word times drift, most where it leaves a context word
  out, as it may for a key term): the decode's words up to the last one that, in order and among
  those starting and ending before the phrase's speech, is spelled like a word of those finals.
- A phrase shorter than ``min_phrase_seconds`` with no words in its context (alone, a second of
  speech is often misheard) waits for a longer pause, or is decoded with the phrase after it.
- The previous phrases are not given as Whisper's prompt (the batch path conditions on them): on
  short phrases the prompt's words were heard again in the next phrase ("Abigail" for "Ask not"),
  and measured on the benchmark session the finals were as good without it.
- A phrase longer than ``long_phrase_seconds`` ends at a shorter pause; one that reaches
  ``max_phrase_seconds`` is cut at its last pause (or its quietest 100 ms), and the rest starts
  the next phrase.
- Turns (``end_of_turn_silence``, off by default): once that much silence follows the last
  speech, the phrase in progress is finalised at once (whatever its length) and an
  ``end_of_turn`` event follows its final, carrying the turn's finals; the stream's end ends a
  turn too. A turn whose finals hold no words (noise taken for speech) ends without one. A voice
  agent answers on it.

The caller feeds audio as it arrives and is answered with events at once; decoding runs in the
calling thread (the engine server gives streams their own threads).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import TYPE_CHECKING

import numpy as np

from .audio import SAMPLE_RATE as SR
from .audio import Pcm, find_cut
from .engine import encoder_window, made_up
from .languages import Detection
from .protocol import FinalEvent, PartialEvent, StreamEvent, Word
from .textnorm import normalize

if TYPE_CHECKING:
    from faster_whisper import WhisperModel
    from faster_whisper.transcribe import Word as WhisperWord


# How alike two words' letters must be (difflib's ratio) for a decode's word to be a context word
# heard again.
ALIKE = 0.6


@dataclass(frozen=True)
class StreamSettings:
    vad_every_seconds: float = 0.2
    partial_every_seconds: float = 0.5
    end_silence_seconds: float = 0.4
    # A phrase longer than this ends at a shorter pause; at the limit, at any pause or its quietest
    # 100 ms (speech without a pause that long is rare; the limit bounds what one decode costs).
    long_phrase_seconds: float = 6.0
    long_phrase_pause_seconds: float = 0.25
    max_phrase_seconds: float = 15.0
    # Audio kept before the first speech: Silero marks speech a little late.
    pre_roll_seconds: float = 0.2
    # Finals are decoded after this much of the stream before them, when it holds words heard.
    context_seconds: float = 2.0
    # A phrase shorter than this is often misheard alone ("Ask not." as "Lock!"): with no words in
    # its context, it ends only at a longer pause, or is decoded with the phrase after it.
    min_phrase_seconds: float = 2.0
    short_phrase_silence_seconds: float = 1.5
    beam_size: int = 5
    # Once this much silence follows the speech, the phrase's final is decoded ahead, so it is sent
    # the moment the pause is long enough, unless speech resumes first.
    ahead_after_seconds: float = 0.1
    # A partial's decode encodes the phrase and this much of the silence Whisper pads it with to
    # 30 s, not all of it (the encoder's cost grows with its input). A final's encodes the whole
    # window, as the batch path does: shortened, Whisper changed words of short phrases (jfk's
    # "And so" heard as "and sold" with 10 s), where a partial is soon replaced.
    partial_padding_seconds: float = 10.0


@dataclass
class _Ahead:
    """A phrase's final decoded before its pause was long enough to end it."""

    upto: int  # the phrase is audio[:upto]
    decoded: bool = False
    final: FinalEvent | None = None


class StreamingTranscriber:
    def __init__(
        self,
        model: WhisperModel,
        *,
        language: str | None = None,
        detection: Detection | None = None,
        keyterms: tuple[str, ...] = (),
        settings: StreamSettings | None = None,
        end_of_turn_silence: float | None = None,
    ):
        self.model = model
        self.settings = settings or StreamSettings()
        self.language = "en" if not model.model.is_multilingual else language
        # Detecting among a request's expected languages (or with its fallback): each phrase's
        # language is chosen once for its partials, and again on all of it for its final.
        self.detection = detection if self.language is None else None
        self.phrase_language: str | None = None
        self.hotwords = ", ".join(keyterms) or None
        self.end_of_turn_silence = end_of_turn_silence
        # The turn under way: whether speech was heard since the last end of turn, where it began
        # and last ended (stream samples), and its finals' text.
        self.turn_open = False
        self.turn_start = 0
        self.speech_end = 0
        self.turn_texts: list[str] = []
        # Audio not yet finalised, and where it starts in the stream (samples).
        self.audio: Pcm = np.zeros(0, dtype=np.float32)
        self.base = 0
        self.received = 0
        self.vad_at = 0
        # When the phrase was last decoded for a partial (None: not yet).
        self.partial_at: int | None = None
        # The phrase's last decode (words) and its committed prefix.
        self.hypothesis: list[str] = []
        self.committed: list[str] = []
        # Whether speech has been heard in the pending audio (the phrase's start is then fixed), and
        # whether the phrase has been sent as a partial. Partials never change where phrases end,
        # so the finals do not depend on how the audio was split into feeds.
        self.started = False
        self.shown = False
        self.ahead: _Ahead | None = None
        # The stream audio before ``base`` kept as context, and the words of finals heard in it.
        self.history: Pcm = np.zeros(0, dtype=np.float32)
        self.heard: list[Word] = []

    @property
    def seconds_received(self) -> float:
        return self.received / SR

    def feed(self, samples: Pcm, latest: bool = True) -> list[StreamEvent]:
        """Takes the next samples of the stream; returns what they made known. Audio that arrives
        late, in one go, is taken in steps as if it had come live (phrases end at its pauses, and
        the pending audio stays under ``max_phrase_seconds``), with a partial only for the latest
        (none if ``latest`` is false: more audio is already waiting)."""
        events: list[StreamEvent] = []
        step = self._samples(self.settings.vad_every_seconds)
        rest = samples.astype(np.float32, copy=False)
        while rest.size:
            piece, rest = rest[: self.vad_at + step - self.received], rest[self.vad_at + step - self.received :]
            self.audio = np.concatenate([self.audio, piece])
            self.received += piece.size
            if self.received - self.vad_at >= step:
                self.vad_at = self.received
                events += self._step(ending=False, partial=latest and rest.size < step)
        return events

    def finish(self) -> list[StreamEvent]:
        """The stream has ended: the phrase in progress, if any, is finalised."""
        return self._step(ending=True)

    def configure(self, keyterms: tuple[str, ...] | None, end_of_turn_silence: float | None) -> None:
        """New key terms or end-of-turn silence (None: unchanged), from the next decode on."""
        if keyterms is not None:
            self.hotwords = ", ".join(keyterms) or None
            if self.ahead is not None:
                self.ahead.decoded = False
        if end_of_turn_silence is not None:
            self.end_of_turn_silence = end_of_turn_silence

    # ------------------------------------------------------------------ steps
    def _step(self, ending: bool, partial: bool = True) -> list[StreamEvent]:
        events = self._phrase_step(ending, partial)
        return events + self._turn_step(ending)

    def _turn_step(self, ending: bool) -> list[StreamEvent]:
        """Ends the turn under way once its silence is long enough (or the stream ends)."""
        if not self.turn_open or self.end_of_turn_silence is None:
            return []
        if not ending and self.received - self.speech_end < self._samples(self.end_of_turn_silence):
            return []
        events: list[StreamEvent] = []
        if self.started:  # the turn's last phrase is still pending: it ends here
            events += self._finalise(self._pause_cut(self.speech_end - self.base))
        self.turn_open = False
        text = " ".join(self.turn_texts)
        self.turn_texts = []
        if not text:  # noise the VAD took for speech: no words, no turn to answer
            return events
        start, end = round(self.turn_start / SR, 3), round(self.speech_end / SR, 3)
        events.append({"type": "end_of_turn", "start": start, "end": end, "text": text})
        return events

    def _phrase_step(self, ending: bool, partial: bool) -> list[StreamEvent]:
        speech = self._speech()
        if not speech:
            # A phrase shown in partials gets its final, empty if it turned out not to be speech.
            events: list[StreamEvent] = [self._nothing_said()] if self.shown else []
            self._drop(max(0, self.audio.size - self._samples(self.settings.pre_roll_seconds)))
            return events
        lead = speech[0]["start"] - self._samples(self.settings.pre_roll_seconds)
        if lead > 0 and not self.started:
            self._drop(lead)
            speech = [{"start": r["start"] - lead, "end": r["end"] - lead} for r in speech]
        # Where the phrase starts is fixed when speech is first heard: heard again with more audio
        # after it, a soft first word can move later and would be cut off.
        self.started = True
        if not self.turn_open:
            self.turn_open = True
            self.turn_start = self.base + speech[0]["start"]
        self.speech_end = self.base + speech[-1]["end"]
        first, last_end = speech[0]["start"], speech[-1]["end"]
        if self.ahead is not None and last_end > self.ahead.upto - self._samples(0.1):
            self.ahead = None  # speech went on past its cut
        silence = self.audio.size - last_end
        short = last_end - first < self._samples(self.settings.min_phrase_seconds) and not self.heard
        pause = self.settings.short_phrase_silence_seconds if short else self.settings.end_silence_seconds
        if ending or silence >= self._samples(pause):
            return self._finalise(self._pause_cut(last_end))
        cut = self._long_phrase_cut(speech)
        if cut is not None:
            return self._finalise(cut)
        if silence >= self._samples(self.settings.ahead_after_seconds):
            self.ahead = self.ahead or _Ahead(self._pause_cut(last_end))
            if self.ahead.decoded or not partial:
                return []  # nothing new to show while the pause lasts
            # The final decoded ahead is this step's partial.
            self.ahead.final, self.ahead.decoded = self._decode(self.ahead.upto), True
            self.partial_at = self.received
            return self._shown([w["text"] for w in self.ahead.final["words"]] if self.ahead.final else [])
        every = self._samples(self.settings.partial_every_seconds)
        if not partial or (self.partial_at is not None and self.received - self.partial_at < every):
            return []
        self.partial_at = self.received
        return self._shown(self._partial_words())

    def _long_phrase_cut(self, speech: list[dict[str, int]]) -> int | None:
        """Where a long phrase ends: at a shorter pause, and at the limit at any pause (or none)."""
        if self.audio.size < self._samples(min(self.settings.long_phrase_seconds, self.settings.max_phrase_seconds)):
            return None
        at_limit = self.audio.size >= self._samples(self.settings.max_phrase_seconds)
        cut = self._last_pause(speech, 0.0 if at_limit else self.settings.long_phrase_pause_seconds)
        if cut is None and at_limit:
            cut = find_cut(self.audio, self.audio.size // 2, self.audio.size)
        return cut

    def _pause_cut(self, last_end: int) -> int:
        """Where a phrase whose speech ends at ``last_end`` is cut at a pause: a little after it, or
        where its final was decoded ahead."""
        if self.ahead is not None:
            return self.ahead.upto
        return min(self.audio.size, max(1, last_end + self._samples(0.2)))

    def _speech(self) -> list[dict[str, int]]:
        from faster_whisper.vad import VadOptions, get_speech_timestamps  # noqa: PLC0415 (slow import)

        if self.audio.size < self._samples(0.1):
            return []
        options = VadOptions(min_silence_duration_ms=100, speech_pad_ms=0, min_speech_duration_ms=100)
        return list(get_speech_timestamps(self.audio, options))

    def _partial_words(self) -> list[str]:
        if self.detection is not None and self.phrase_language is None:
            self.phrase_language = self.detection.choose(self.model, self.audio).language
        with encoder_window(self.audio.size / SR + self.settings.partial_padding_seconds):
            segments, _ = self.model.transcribe(
                self.audio,
                language=self.language or self.phrase_language,
                beam_size=1,
                temperature=0.0,
                without_timestamps=True,
                condition_on_previous_text=False,
                hotwords=self.hotwords,
                vad_filter=False,
            )
            return " ".join(s.text.strip() for s in segments).split()

    def _shown(self, words: list[str]) -> list[StreamEvent]:
        """The partial for the phrase's latest decode (none if it holds no words)."""
        self._agree(words)
        tail = words[len(self.committed) :] if _same(words[: len(self.committed)], self.committed) else []
        shown = self.committed + tail
        if not shown:
            return []
        self.shown = True
        event: PartialEvent = {
            "type": "partial",
            "text": " ".join(shown),
            "stable": " ".join(self.committed),
            "start": round(self.base / SR, 3),
            "end": round((self.base + self.audio.size) / SR, 3),
        }
        return [event]

    def _agree(self, words: list[str]) -> None:
        """Local agreement: commits the words this decode and the last one agree on, in order."""
        if _same(words[: len(self.committed)], self.committed):
            n = len(self.committed)
            while n < min(len(words), len(self.hypothesis)) and _same([words[n]], [self.hypothesis[n]]):
                n += 1
            # The last word of a decode is often cut off mid-word: never commit it. Words committed
            # before keep their spelling, so the partials' text only ever grows after them.
            self.committed = self.committed + words[len(self.committed) : min(n, len(words) - 1)]
        self.hypothesis = words

    def _finalise(self, upto: int) -> list[StreamEvent]:
        """Sends the phrase in ``audio[:upto]`` as final (decoded now, or ahead)."""
        ahead = self.ahead
        final = ahead.final if ahead is not None and ahead.decoded and ahead.upto == upto else self._decode(upto)
        event = final or (self._nothing_said() if self.shown else None)
        if event and event["text"]:
            self.turn_texts.append(event["text"])
            self.heard += event["words"]
        self._drop(upto)
        return [event] if event else []

    def _decode(self, upto: int) -> FinalEvent | None:
        """Decodes the phrase in ``audio[:upto]`` once more, as the batch path does (beam search,
        word timing), after its context if words were heard there (they are left out)."""
        context = self.history if self.heard else self.history[:0]
        language, detected, fell_back = self.language, None, False
        if self.detection is not None:
            choice = self.detection.choose(self.model, self.audio[:upto])
            language, detected, fell_back = choice.language, choice.detected, choice.fell_back
        segments, info = self.model.transcribe(
            np.concatenate([context, self.audio[:upto]]),
            language=language,
            beam_size=self.settings.beam_size,
            word_timestamps=True,
            condition_on_previous_text=True,
            hotwords=self.hotwords,
            vad_filter=False,
        )
        offset = context.size / SR
        decoded = [(s, w) for s in segments for w in s.words or []]
        heard = self._heard_again([w for _, w in decoded], offset) if context.size else 0
        words = [w for s, w in decoded[heard:] if not made_up(s)]
        heard_in = language or info.language
        # Detected when no language was set: by the expected languages' choice, else Whisper's own.
        return self._final(words, offset, heard_in, None if self.language else detected or heard_in, fell_back)

    def _heard_again(self, words: list[WhisperWord], offset: float) -> int:
        """How many of a decode's first words are its context's: through the last one that, in
        order, is spelled like a word of the finals the context holds, among the first words that
        start and end before the phrase's speech (``offset`` is where the phrase starts in the
        decoded audio). Whisper stretches a word's start back over context it left out, not its
        end, so the phrase's first word is not among them."""
        speech = offset + self.settings.pre_roll_seconds
        before = itertools.takewhile(lambda w: w.start < speech and w.end < speech + 0.1, words)
        lead = [normalize(w.word) for w in before]
        heard = [normalize(w["text"]) for w in self.heard]
        # Each word as the word heard it is spelled like (Whisper hears a context word again with
        # small differences: "Turner" as "O'Tourner"), so the matching below can be exact.
        alike = [_spelled_like(w, heard) for w in lead]
        blocks = SequenceMatcher(None, heard, alike, autojunk=False).get_matching_blocks()
        return max((b.b + b.size for b in blocks if b.size), default=0)

    def _last_pause(self, speech: list[dict[str, int]], seconds: float) -> int | None:
        """The middle of the last pause of at least ``seconds`` between two stretches of speech,
        past the phrase's first ``min_phrase_seconds``: where a long phrase can be cut between
        words."""
        earliest = speech[0]["start"] + self._samples(self.settings.min_phrase_seconds)
        pauses = [
            (a["end"] + b["start"]) // 2
            for a, b in itertools.pairwise(speech)
            if b["start"] - a["end"] >= self._samples(seconds) and a["end"] >= earliest
        ]
        return pauses[-1] if pauses else None

    def _final(
        self, spoken: list[WhisperWord], offset: float, language: str, detected: str | None, fell_back: bool
    ) -> FinalEvent | None:
        t0 = self.base / SR - offset
        # A word is something said: runs of bare punctuation (". . . .") are what Whisper makes of noise.
        spoken = [w for w in spoken if any(c.isalnum() for c in w.word)]
        words: list[Word] = [
            {
                "start": round(max(t0 + offset, t0 + float(w.start)), 3),
                "end": round(t0 + float(w.end), 3),
                "text": w.word.strip(),
                "confidence": round(float(w.probability), 4),
            }
            for w in spoken
        ]
        if not words:
            return None
        text = "".join(w.word for w in spoken).strip()
        return {
            "type": "final",
            "text": text,
            "start": words[0]["start"],
            "end": words[-1]["end"],
            "words": words,
            "language": language,
            "detected_language": detected,
            "language_fallback": fell_back,
        }

    def _nothing_said(self) -> FinalEvent:
        """The final of a phrase shown in partials that holds no words after all (noise)."""
        start = round(self.base / SR, 3)
        language = self.language or "en"
        return {
            "type": "final",
            "text": "",
            "start": start,
            "end": start,
            "words": [],
            "language": language,
            "detected_language": None,
            "language_fallback": False,
        }

    # ----------------------------------------------------------------- helpers
    def _drop(self, samples: int) -> None:
        """Forgets the first ``samples`` of the pending audio; a new phrase starts after them."""
        if samples <= 0:
            return
        kept = self._samples(self.settings.context_seconds)
        self.history = np.concatenate([self.history, self.audio[:samples]])[
            max(0, self.history.size + samples - kept) :
        ]
        self.audio = self.audio[samples:]
        self.base += samples
        # The words mostly in the context kept (a word's sliver is no context).
        since = self.base / SR - self.settings.context_seconds
        self.heard = [w for w in self.heard if (w["start"] + w["end"]) / 2 > since]
        self.hypothesis = []
        self.committed = []
        self.started = False
        self.shown = False
        self.partial_at = None
        self.ahead = None
        self.phrase_language = None

    @staticmethod
    def _samples(seconds: float) -> int:
        return int(seconds * SR)


def _spelled_like(word: str, words: list[str]) -> str:
    """The one of ``words`` spelled most like ``word`` (normalised words: the same, or mostly the
    same letters in order), or ``word`` if none is."""
    if word in words or not word:
        return word
    scored = [(SequenceMatcher(None, word, w).ratio(), w) for w in words]
    ratio, best = max(scored, key=lambda pair: pair[0], default=(0.0, word))
    return best if ratio >= ALIKE else word


def _same(a: list[str], b: list[str]) -> bool:
    """Two runs of words are the same up to case and punctuation."""
    return len(a) == len(b) and normalize(" ".join(a)) == normalize(" ".join(b))
