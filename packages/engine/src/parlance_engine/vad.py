"""Silero voice-activity detection (bundled with faster-whisper), started afresh as it goes.

Silero carries its state through all the audio it is given, and over a long stretch of music or
noise it comes to hear speech less. Measured with a sentence 12 dB above two minutes of choral
music (tests/nonspeech.py): under the sentence's first 5 s its speech probability stayed at
0.2-0.4 (the threshold is 0.5), where the same audio cut 2 s before the sentence gave 0.86, and the
sentence lost its first six words. So the audio is looked at in blocks of ``BLOCK_SECONDS``, each
after ``WARM_SECONDS`` of the audio before it, and the speech found in them is joined: over the
non-speech bench's 18 sentences in music, noise and tones, tiny.en's word errors went from 65 to 4
(scripts/bench_nonspeech.py), with still no word made up from non-speech.

The live stream (streaming.py) looks at no more than a phrase (at most 15 s) at a time, so it
calls Silero directly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .audio import SAMPLE_RATE as SR
from .audio import Pcm, find_cut

if TYPE_CHECKING:
    from collections.abc import Iterable

    from faster_whisper import WhisperModel
    from faster_whisper.transcribe import Segment, TranscriptionInfo
    from faster_whisper.vad import VadOptions

BLOCK_SECONDS = 10.0
WARM_SECONDS = 2.0


def speech_timestamps(audio: Pcm, options: VadOptions | None = None) -> list[dict[str, int]]:
    """Where ``audio`` holds speech (sample ranges), as faster-whisper's ``get_speech_timestamps``
    answers with ``options``, but with Silero's state started afresh every ``BLOCK_SECONDS``."""
    from faster_whisper.vad import VadOptions, get_speech_timestamps  # noqa: PLC0415 (slow import)

    options = options or VadOptions()
    block, warm = int(BLOCK_SECONDS * SR), int(WARM_SECONDS * SR)
    # Two ranges closer than this would have been one, had Silero seen them in one block.
    join = max(0, (options.min_silence_duration_ms - 2 * options.speech_pad_ms) * SR // 1000)
    ranges: list[list[int]] = []
    # A range that runs to its block's end (the last block's aside) says nothing of where it ends:
    # where the next block, which sees past it, hears it go on, it is cut there, and the next
    # block's range (its end told by the block after, if it too runs to its end) carries it on.
    open_range: list[int] | None = None
    for start in range(0, audio.shape[0], block):
        before, end = max(0, start - warm), min(audio.shape[0], start + block)
        heard = [[r["start"] + before, r["end"] + before] for r in get_speech_timestamps(audio[before:end], options)]
        if open_range is not None:
            overlapping = [lo for lo, hi in heard if lo <= open_range[1] and hi >= open_range[0]]
            if overlapping:
                open_range[1] = max(open_range[0], min(overlapping))
        ranges += heard
        open_range = heard[-1] if heard and heard[-1][1] >= end and end < audio.shape[0] else None
    found: list[dict[str, int]] = []
    for lo, hi in sorted(ranges):
        if found and lo - found[-1]["end"] < join:
            found[-1]["end"] = max(found[-1]["end"], hi)
        else:
            found.append({"start": lo, "end": hi})
    return _at_most(audio, found, options.max_speech_duration_s)


def _at_most(audio: Pcm, found: list[dict[str, int]], seconds: float) -> list[dict[str, int]]:
    """Ranges joined across blocks cut again where longer than ``seconds``, at their quietest."""
    if seconds == float("inf"):
        return found
    longest = int(seconds * SR)
    cut: list[dict[str, int]] = []
    for r in found:
        start = r["start"]
        while r["end"] - start > longest:
            at = find_cut(audio, start + longest // 2, start + longest)
            cut.append({"start": start, "end": at})
            start = at
        cut.append({"start": start, "end": r["end"]})
    return cut


def transcribe(
    model: WhisperModel, audio: Pcm, vad: bool, **options: Any
) -> tuple[Iterable[Segment], TranscriptionInfo]:
    """``model.transcribe(audio, **options)``, its VAD filter (``vad``) done as faster-whisper does
    its own (the speech joined, then times mapped back to the audio), by ``speech_timestamps``."""
    if not vad:
        return model.transcribe(audio, vad_filter=False, **options)
    from faster_whisper.transcribe import restore_speech_timestamps  # noqa: PLC0415 (slow import)
    from faster_whisper.vad import collect_chunks  # noqa: PLC0415 (slow import)

    chunks = speech_timestamps(audio)
    speech = np.concatenate(collect_chunks(audio, chunks)[0])
    segments, info = model.transcribe(speech, vad_filter=False, **options)
    return (restore_speech_timestamps(segments, chunks, SR) if chunks else segments), info
