"""Audio without speech, alone and with one sentence inside: what Whisper is known to make words of
("Thanks for watching" on music, loops on silence). tests/test_nonspeech.py holds short versions
to no words; scripts/bench_nonspeech.py prints the figures on long ones.

Music is real recordings: excerpts in fixtures/music (PROVENANCE.md) or, for the bench, whole
tracks of the Debian package they come from. The rest is made here, the same each time (a fixed
seed): white and pink noise, a telephone hold tone, DTMF digits, room tone (quiet noise, mostly
low frequencies) and digital silence. The sentence is jfk.wav, which the recogniser transcribes
word for word alone."""

from __future__ import annotations

import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np

from parlance_engine.audio import SAMPLE_RATE as SR
from parlance_engine.audio import iter_pcm

FIXTURES = Path(__file__).parent / "fixtures"
SENTENCE = FIXTURES / "jfk.wav"
MUSIC_EXCERPTS = {
    "choral music": FIXTURES / "music" / "nunc_dimittis-60s-80s.ogg",
    "orchestral music": FIXTURES / "music" / "battle-epic-20s-40s.ogg",
}
# The non-speech under the sentence: this many dB below its level, as a podcast's music bed or a
# noisy call (the bench also prints 6 dB, louder than that).
MIX_DB = 12.0
# Words this far outside the sentence's span are words made up from the non-speech around it.
SPAN_MARGIN_SECONDS = 0.5


def decode(path: Path) -> np.ndarray:
    """The recording as 16 kHz mono float samples, decoded as the engine decodes it."""
    return np.concatenate(list(iter_pcm(str(path))))


def _rms(audio: np.ndarray) -> float:
    return float(np.sqrt(np.mean(np.square(audio, dtype=np.float64))))


def _at_level(audio: np.ndarray, rms: float) -> np.ndarray:
    return (audio * (rms / max(_rms(audio), 1e-9))).astype(np.float32)


def white_noise(seconds: float, rng: np.random.Generator) -> np.ndarray:
    return _at_level(rng.standard_normal(int(seconds * SR)), 0.05)


def _shaped_noise(seconds: float, rng: np.random.Generator, exponent: float) -> np.ndarray:
    """Noise whose power falls as 1/f**exponent (1: pink, 2: brown)."""
    n = int(seconds * SR)
    spectrum = np.fft.rfft(rng.standard_normal(n))
    f = np.fft.rfftfreq(n, 1 / SR)
    f[0] = f[1]
    return np.fft.irfft(spectrum / f ** (exponent / 2), n)


def pink_noise(seconds: float, rng: np.random.Generator) -> np.ndarray:
    return _at_level(_shaped_noise(seconds, rng, 1.0), 0.05)


def room_tone(seconds: float, rng: np.random.Generator) -> np.ndarray:
    """An empty room's hum and air: brown noise, about 45 dB below full scale."""
    return _at_level(_shaped_noise(seconds, rng, 2.0), 0.005)


def _tones(freqs: tuple[float, ...], seconds: float) -> np.ndarray:
    t = np.arange(int(seconds * SR)) / SR
    return sum(np.sin(2 * np.pi * f * t) for f in freqs) * (0.2 / len(freqs))


def hold_tone(seconds: float, rng: np.random.Generator) -> np.ndarray:
    """A telephone ringback as a caller on hold hears it: 440 + 480 Hz, 2 s on, 4 s off."""
    cycle = np.concatenate([_tones((440, 480), 2.0), np.zeros(4 * SR)])
    return np.resize(cycle, int(seconds * SR)).astype(np.float32)


DTMF = {
    "1": (697, 1209), "2": (697, 1336), "3": (697, 1477), "4": (770, 1209), "5": (770, 1336),
    "6": (770, 1477), "7": (852, 1209), "8": (852, 1336), "9": (852, 1477), "*": (941, 1209),
    "0": (941, 1336), "#": (941, 1477),
}


def dtmf(seconds: float, rng: np.random.Generator) -> np.ndarray:
    """Keypad digits as a phone menu hears them: 100 ms tones, 100 ms apart, a pause after each
    number of 4 to 12 digits."""
    parts: list[np.ndarray] = []
    while sum(p.size for p in parts) < seconds * SR:
        for digit in rng.choice(list(DTMF), size=int(rng.integers(4, 13))):
            parts += [_tones(DTMF[str(digit)], 0.1), np.zeros(SR // 10)]
        parts.append(np.zeros(int(rng.uniform(0.8, 2.0) * SR)))
    return np.concatenate(parts)[: int(seconds * SR)].astype(np.float32)


def silence(seconds: float, rng: np.random.Generator) -> np.ndarray:
    return np.zeros(int(seconds * SR), dtype=np.float32)


MADE: dict[str, Callable[[float, np.random.Generator], np.ndarray]] = {
    "white noise": white_noise,
    "pink noise": pink_noise,
    "hold tone": hold_tone,
    "DTMF": dtmf,
    "room tone": room_tone,
    "silence": silence,
}


def clips(seconds: float, music: dict[str, Path] = MUSIC_EXCERPTS) -> dict[str, np.ndarray]:
    """Every kind of non-speech, ``seconds`` long each (music: as long as its recording)."""
    rng = np.random.default_rng(20261129)
    made = {name: make(seconds, rng) for name, make in MADE.items()}
    return made | {name: decode(path) for name, path in music.items()}


def with_sentence(
    background: np.ndarray, sentence: np.ndarray, below_db: float = MIX_DB
) -> tuple[np.ndarray, float, float]:
    """The sentence in the middle of the background, which is put ``below_db`` under it where they
    overlap (music is louder in places; digital silence stays silent); answers the mix and where
    the sentence starts and ends in it (s)."""
    if background.size < sentence.size + 2 * SR:
        background = np.resize(background, sentence.size + 2 * SR)
    start = (background.size - sentence.size) // 2
    level = _rms(background[start : start + sentence.size])
    gain = _rms(sentence) * 10 ** (-below_db / 20) / level if level > 0 else 1.0
    mixed = background * gain
    mixed[start : start + sentence.size] += sentence
    return np.clip(mixed, -1, 1).astype(np.float32), start / SR, (start + sentence.size) / SR


def write(audio: np.ndarray, out: Path) -> Path:
    """Writes 16 kHz mono 16-bit wav, what the engine is given in the tests and the bench."""
    with wave.open(str(out), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes((np.clip(audio, -1, 1) * 32767).astype("<i2").tobytes())
    return out


def words_outside(words: list[dict[str, float | str]], start: float, end: float) -> list[str]:
    """The words heard away from the sentence (which spans ``start`` to ``end``)."""
    return [str(w["text"]) for w in words
            if float(w["end"]) < start - SPAN_MARGIN_SECONDS or float(w["start"]) > end + SPAN_MARGIN_SECONDS]
