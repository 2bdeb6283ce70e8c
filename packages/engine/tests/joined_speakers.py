"""Recordings joined from different real speakers, with known turns: what speaker labels are
measured on (tests/test_speakers.py holds them to a bar; scripts/bench_speakers.py prints the
figures). The voices are the held-out set's (fixtures/PROVENANCE.md): speaker labelling was tuned
on other voices (LJ Speech, Common Voice, espeak-ng), named in speakers.py."""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np

from parlance_engine.audio import SAMPLE_RATE as SR
from parlance_engine.audio import iter_pcm

FIXTURES = Path(__file__).parent / "fixtures"
PAUSE_SECONDS = 0.6
VOICES = {
    "jfk": FIXTURES / "jfk.wav",
    "libri": FIXTURES / "held-out" / "libri-1088-134315-0000.wav",
    "ami": FIXTURES / "held-out" / "ES2011a.Headset-0-40s-46s.wav",
}
# Turns as (voice, from second, to second) of its recording; None: to its end.
Turn = tuple[str, float, float | None]
ARRANGEMENTS: dict[str, list[Turn]] = {
    "jfk, libri, ami": [("jfk", 0, None), ("libri", 0, None), ("ami", 0, None)],
    "libri, jfk, ami, libri again": [("libri", 0, 8.0), ("jfk", 0, None), ("ami", 0, None), ("libri", 8.0, None)],
}


def _pcm(path: Path) -> np.ndarray:
    """The recording as 16-bit samples at 16 kHz, decoded as the engine decodes it."""
    return (np.clip(np.concatenate(list(iter_pcm(str(path)))), -1, 1) * 32767).astype("<i2")


def join(turns: list[Turn], out: Path) -> list[tuple[float, float, str]]:
    """Writes the turns one after the other, PAUSE_SECONDS apart, as a 16 kHz wav at ``out``;
    answers each turn's (start, end, voice) in it."""
    parts, truth, at = [], [], 0.0
    for voice, start, end in turns:
        pcm = _pcm(VOICES[voice])[int(start * SR) : None if end is None else int(end * SR)]
        parts += [pcm, np.zeros(int(PAUSE_SECONDS * SR), np.int16)]
        truth.append((at, at + len(pcm) / SR, voice))
        at += (len(pcm) + PAUSE_SECONDS * SR) / SR
    with wave.open(str(out), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(np.concatenate(parts).tobytes())
    return truth
