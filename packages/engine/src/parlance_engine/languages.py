"""Which language is spoken where, for a transcription asked to detect it with a multilingual model.

Whisper detects one language for 30 s of audio and decodes all of it in that language, so a
recording that moves from English to German comes out as English words for the German half
(measured: "The rich psyched, as the UMSA's UMSA's 12% achieved this"). Instead, the window's
speech regions (Silero VAD, at most 30 s each) are looked at one by one: a region whose language
Whisper is sure of (``CONFIDENT``) keeps it; one it is unsure of, as speech in two languages makes
it, is looked at again in pieces of about ``PIECE_SECONDS``, cut at their quietest 100 ms.
Neighbouring stretches of one language then form a span, and each span is transcribed in its
language. Each look is one pass of the model's encoder; a region in one clear language costs
one, a fraction of what decoding it costs.

A request may narrow the choice (``Detection``): detection then picks only among its expected
languages, and a stretch whose language Whisper is less sure of than its threshold is transcribed
in its fallback language instead (accented English is the case: the multilingual ``base`` hears
Chinese or Latin in a quarter of the evaluation set's non-native English recordings).

``speech_regions`` is also what ``engine`` checks the words against: speech that produced no
text is named in the result, never dropped without a word.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import audio as audio_mod
from . import vad

if TYPE_CHECKING:
    from faster_whisper import WhisperModel

SR = audio_mod.SAMPLE_RATE
CONFIDENT = 0.8
PIECE_SECONDS = 8.0
# A piece shorter than this says little about its language: it joins the piece before it.
MIN_PIECE_SECONDS = 2.0


@dataclass(frozen=True)
class Detection:
    """How a detected language is chosen: among ``expected`` only (None: any the model knows), and
    ``fallback`` when Whisper's probability for the one chosen is under ``threshold``."""

    expected: tuple[str, ...] | None = None
    threshold: float | None = None
    fallback: str = "en"

    def choose(self, model: WhisperModel, audio: audio_mod.Pcm) -> Choice:
        """The language ``audio`` is transcribed in (one pass of the model's encoder)."""
        language, probability, ranked = model.detect_language(audio=audio)
        if self.expected is not None:
            # Ranked most likely first; every expected language is among them (the engine checks
            # them against the model's tokenizer when asked), else the fallback is all there is.
            language, probability = next(
                ((lang, p) for lang, p in ranked if lang in self.expected), (self.fallback, 0.0)
            )
        if self.threshold is not None and probability < self.threshold:
            return Choice(self.fallback, float(probability), language, fell_back=True)
        return Choice(language, float(probability), language, fell_back=False)


@dataclass(frozen=True)
class Choice:
    """The ``language`` chosen, and the one ``detected`` with Whisper's ``probability`` for it
    (they differ when the detection was under the threshold and the fallback applied)."""

    language: str
    probability: float
    detected: str
    fell_back: bool


@dataclass
class Span:
    """Samples [start, end) of a window, spoken in ``choice.language``."""

    start: int
    end: int
    choice: Choice

    @property
    def language(self) -> str:
        return self.choice.language


def speech_regions(chunk: audio_mod.Pcm) -> list[tuple[int, int]]:
    """Where the window holds speech, as sample ranges of at most 30 s (Silero VAD)."""
    from faster_whisper.vad import VadOptions  # noqa: PLC0415 (slow import)

    found = vad.speech_timestamps(chunk, VadOptions(max_speech_duration_s=30))
    return [(int(r["start"]), int(r["end"])) for r in found]


def _pieces(chunk: audio_mod.Pcm, start: int, end: int) -> list[tuple[int, int]]:
    """[start, end) in pieces of about PIECE_SECONDS, each cut at a pause where there is one."""
    size, least = int(PIECE_SECONDS * SR), int(MIN_PIECE_SECONDS * SR)
    cuts = [start]
    while end - cuts[-1] > size + least:
        at = cuts[-1] + size
        cuts.append(audio_mod.find_cut(chunk, at - least, at + least))
    return list(zip(cuts, [*cuts[1:], end], strict=True))


def language_spans(
    model: WhisperModel, chunk: audio_mod.Pcm, regions: list[tuple[int, int]], detection: Detection
) -> list[Span]:
    """The window in spans of one language each, covering it end to end, from its speech
    ``regions`` (``speech_regions``); [] when it holds no speech."""

    def detect(start: int, end: int) -> Span:
        return Span(start, end, detection.choose(model, chunk[start:end]))

    looked: list[Span] = []
    for start, end in regions:
        whole = detect(start, end)
        if whole.choice.probability >= CONFIDENT or end - start < 2 * MIN_PIECE_SECONDS * SR:
            looked.append(whole)
        else:
            looked.extend(detect(a, b) for a, b in _pieces(chunk, start, end))
    spans: list[Span] = []
    for span in looked:
        last = spans[-1] if spans else None
        if last is not None and last.language == span.language:
            seconds = (last.end - last.start, span.end - span.start)
            probability = (last.choice.probability * seconds[0] + span.choice.probability * seconds[1]) / sum(seconds)
            # The merged span counts as detected in the language of its longer part.
            detected = last.choice.detected if seconds[0] >= seconds[1] else span.choice.detected
            last.choice = Choice(last.language, probability, detected, last.choice.fell_back or span.choice.fell_back)
            last.end = span.end
        else:
            spans.append(span)
    # Tile the window: each span runs to the middle of the pause before the next one.
    for before, after in itertools.pairwise(spans):
        before.end = after.start = (before.end + after.start) // 2
    if spans:
        spans[0].start, spans[-1].end = 0, chunk.shape[0]
    return spans
