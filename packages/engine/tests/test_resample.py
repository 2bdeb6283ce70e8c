"""A live stream's resampler (live.Resampler, libswresample): speech-band tones pass to 16 kHz at
their level and length, what 16 kHz cannot hold does not fold back, whatever the chunks."""

import numpy as np
import pytest

from parlance_engine.live import Resampler


def tone(hz: float, rate: int, seconds: float, amplitude: float = 10_000) -> np.ndarray:
    return np.round(amplitude * np.sin(2 * np.pi * hz * np.arange(round(rate * seconds)) / rate)).astype("<i2")


def rms(pcm: np.ndarray) -> float:
    """RMS of the middle half (away from the filter's start and end)."""
    middle = pcm[pcm.size // 4 : 3 * pcm.size // 4].astype(np.float64)
    return float(np.sqrt(np.mean(middle**2)))


def resample(pcm: np.ndarray, rate: int) -> np.ndarray:
    """In uneven chunks, as frames arrive, then the end."""
    resampler = Resampler(rate)
    parts, at, size = [], 0, 777
    while at < pcm.size:
        parts.append(resampler.push(pcm[at : at + size], last=False))
        at, size = at + size, 4096 if size == 777 else 777
    parts.append(resampler.push(pcm[:0], last=True))
    return np.concatenate(parts)


@pytest.mark.parametrize("rate", [48_000, 44_100, 22_050, 8_000])
def test_a_440_hz_tone_keeps_its_level_and_length(rate):
    out = resample(tone(440, rate, 1), rate)
    assert abs(out.size - 16_000) <= 1
    expected = rms(tone(440, 16_000, 1))
    assert abs(rms(out) - expected) / expected < 0.02


def test_a_12_khz_tone_is_removed_instead_of_folding_to_4_khz():
    out = resample(tone(12_000, 48_000, 1), 48_000)
    assert rms(out) < 0.01 * rms(tone(12_000, 48_000, 1))
