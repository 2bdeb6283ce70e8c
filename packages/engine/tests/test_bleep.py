"""A redacted copy of a recording: the tone over each span, the rest as decoded, the length kept."""

import numpy as np
import pytest

from conftest import FIXTURES
from parlance_engine import protocol
from parlance_engine.audio import BLEEP_HZ, BLEEP_LEVEL, SAMPLE_RATE, bleep, iter_pcm, probe
from parlance_engine.errors import EngineError


def _pcm(path):
    return np.concatenate(list(iter_pcm(str(path))))


def test_bleep_covers_each_span_and_keeps_the_rest(tmp_path):
    out = tmp_path / "jfk.flac"
    spans = [(1.0, 2.5), (8.0, 20.0)]  # the second runs past the end (11 s)
    assert bleep(str(FIXTURES / "jfk.wav"), str(out), spans) == 11.0
    facts = probe(str(out))
    assert (facts["format"], facts["sample_rate"], facts["channels"]) == ("flac", SAMPLE_RATE, 1)
    original, redacted = _pcm(FIXTURES / "jfk.wav"), _pcm(out)
    assert redacted.shape == original.shape
    for start, end in [(1.0, 2.5), (8.0, 11.0)]:
        part = redacted[int(start * SAMPLE_RATE) : int(end * SAMPLE_RATE)]
        # A steady tone: its level, and nothing of the speech (whose loudness varies) left.
        assert abs(np.sqrt(np.mean(part**2)) - BLEEP_LEVEL / np.sqrt(2)) < 0.002
        spectrum = np.abs(np.fft.rfft(part))
        assert np.argmax(spectrum) * SAMPLE_RATE / part.shape[0] == BLEEP_HZ
    kept = np.r_[0 : SAMPLE_RATE, int(2.5 * SAMPLE_RATE) : 8 * SAMPLE_RATE]
    assert np.max(np.abs(redacted[kept] - original[kept])) < 2 / 32768  # lossless, but for rounding


def test_no_spans_is_a_plain_copy(tmp_path):
    out = tmp_path / "plain.flac"
    bleep(str(FIXTURES / "LJ002-0020.wav"), str(out), [])
    original, copied = _pcm(FIXTURES / "LJ002-0020.wav"), _pcm(out)
    assert np.max(np.abs(copied - original)) < 2 / 32768


def test_bleep_params_are_checked():
    def parse(params):
        return protocol.parse_request({"id": 1, "method": "bleep", "params": params})

    base = {"path": "/a.wav", "out": "/b.flac"}
    assert parse({**base, "spans": [{"start": 1, "end": 2}]}).params.spans == ((1.0, 2.0),)
    for bad in (
        {**base, "spans": [{"start": 2, "end": 1}]},
        {**base, "spans": [{"start": 0, "end": float("inf")}]},
        {**base, "spans": [{"start": -1, "end": 1}]},
        {"path": "/a.wav", "out": "/a.wav", "spans": []},
    ):
        with pytest.raises(EngineError) as raised:
            parse(bad)
        assert raised.value.code == "invalid_params"
