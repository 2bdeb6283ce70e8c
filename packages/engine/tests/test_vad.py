"""vad.speech_timestamps joins what Silero hears block by block (each block after 2 s of the audio
before it) into ranges in order that never overlap, start before they end, and keep every stretch
of speech a block heard. Silero is stood in for by what each block would answer."""

import itertools

import faster_whisper.vad
import numpy as np
import pytest

from parlance_engine import vad

SR = 16000


def joined(monkeypatch, audio, heard, options=None):
    """The ranges for ``audio`` when the block starting at second k (after its warm-up) hears
    ``heard[k]`` (ranges in seconds of the whole audio)."""
    asked = []

    def silero(_audio, _options=None, **_):
        before = list(heard)[len(asked)]
        asked.append(before)
        at = max(0, int(before * SR) - 2 * SR)
        return [{"start": int(a * SR) - at, "end": int(b * SR) - at} for a, b in heard[before]]

    monkeypatch.setattr(faster_whisper.vad, "get_speech_timestamps", silero)
    found = vad.speech_timestamps(audio, options)
    assert len(asked) == len(heard)
    return found


@pytest.mark.parametrize(
    ("heard", "ranges"),
    [
        # The second block hears the range the first ran to its end with go on, and end.
        ({0: [(5.0, 8.1), (9.4, 10.0)], 10: [(9.3, 12.0)]}, [(5.0, 8.1), (9.3, 12.0)]),
        # It hears speech in its warm-up the first block missed, and not the range that ran on.
        ({0: [(2.0, 4.0), (9.4, 10.0)], 10: [(8.0, 9.0), (14.0, 16.0)]}, [(2.0, 4.0), (8.0, 10.0), (14.0, 16.0)]),
        # Speech across three blocks: each block's end is told by the next.
        ({0: [(6.0, 10.0)], 10: [(8.0, 20.0)], 20: [(18.0, 21.5)]}, [(6.0, 21.5)]),
        # Ranges closer than Silero's own pause (2 s less the padding) are one.
        ({0: [(1.0, 3.0), (3.5, 5.0), (7.0, 8.0)]}, [(1.0, 5.0), (7.0, 8.0)]),
    ],
)
def test_blocks_join_into_ordered_ranges(monkeypatch, heard, ranges):
    audio = np.zeros(10 * len(heard) * SR, dtype=np.float32)
    found = [(r["start"] / SR, r["end"] / SR) for r in joined(monkeypatch, audio, heard)]
    assert found == ranges
    assert all(a < b for a, b in found) and all(b1 < a2 for (_, b1), (a2, _) in itertools.pairwise(found))


def test_long_ranges_are_cut_at_most_as_long_as_asked(monkeypatch):
    heard = {0: [(0.0, 10.0)], 10: [(8.0, 20.0)], 20: [(18.0, 30.0)], 30: [(28.0, 35.0)]}
    audio = np.random.default_rng(1).standard_normal(40 * SR).astype(np.float32)
    found = joined(monkeypatch, audio, heard, faster_whisper.vad.VadOptions(max_speech_duration_s=12))
    assert found[0]["start"] == 0 and found[-1]["end"] == 35 * SR
    assert all(r["end"] - r["start"] <= 12 * SR for r in found)
    assert all(a["end"] == b["start"] for a, b in itertools.pairwise(found))
