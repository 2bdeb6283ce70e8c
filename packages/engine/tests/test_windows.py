"""audio.windows: decoded blocks joined into windows cut at a pause."""

import numpy as np

from parlance_engine.audio import SAMPLE_RATE, windows

SR = SAMPLE_RATE


def tone(seconds: float) -> np.ndarray:
    return (0.5 * np.sin(np.arange(int(seconds * SR)) * 0.3)).astype(np.float32)


def test_windows_cover_the_stream_in_order_and_cut_at_the_quietest_moment():
    # 100 s of tone with a 0.2 s silence at 52 s: the first 60 s window (searching its last 15 s)
    # must end in that silence.
    stream = np.concatenate([tone(52), np.zeros(int(0.2 * SR), np.float32), tone(47.8)])
    blocks = np.array_split(stream, 37)  # odd block sizes
    got = list(windows(iter(blocks), 60 * SR, 15 * SR))
    assert [start for _, start in got] == [0, got[0][0].shape[0]]
    assert 52 * SR <= got[0][0].shape[0] <= 52.2 * SR
    np.testing.assert_array_equal(np.concatenate([w for w, _ in got]), stream)


def test_a_short_stream_is_one_window_and_an_empty_one_none():
    stream = tone(5)
    got = list(windows([stream[: 2 * SR], stream[2 * SR :]], 60 * SR, 15 * SR))
    assert len(got) == 1 and got[0][1] == 0
    np.testing.assert_array_equal(got[0][0], stream)
    assert list(windows([], 60 * SR, 15 * SR)) == []


def test_a_long_stream_is_cut_every_window():
    stream = tone(200)
    got = list(windows(np.array_split(stream, 20), 30 * SR, 7 * SR))
    sizes = [w.shape[0] for w, _ in got]
    assert all(23 * SR <= n <= 30 * SR for n in sizes[:-1]), sizes
    assert sum(sizes) == stream.shape[0] and len(got) >= 7
