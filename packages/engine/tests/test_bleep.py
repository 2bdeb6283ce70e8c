"""A redacted copy of a recording: the tone over each span, the rest as decoded, the length kept."""

import subprocess

import av
import numpy as np
import pytest

from conftest import FIXTURES
from parlance_engine import protocol
from parlance_engine.audio import BLEEP_HZ, BLEEP_LEVEL, SAMPLE_RATE, bleep, iter_channels, iter_pcm, probe
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


def test_a_copy_keeps_each_channel_and_tones_them_all(tmp_path, stereo):
    out = tmp_path / "two-talkers.flac"
    bleep(str(stereo), str(out), [(1.0, 2.0)])
    assert probe(str(out))["channels"] == 2
    original = np.concatenate(list(iter_channels(str(stereo))), axis=1)
    redacted = np.concatenate(list(iter_channels(str(out))), axis=1)
    assert redacted.shape == original.shape == (2, 11 * SAMPLE_RATE)
    for channel in redacted[:, SAMPLE_RATE : 2 * SAMPLE_RATE]:
        assert abs(np.sqrt(np.mean(channel**2)) - BLEEP_LEVEL / np.sqrt(2)) < 0.002
    kept = redacted[:, 3 * SAMPLE_RATE :]
    assert np.max(np.abs(kept - original[:, 3 * SAMPLE_RATE :])) < 2 / 32768
    # Each talker stays on their side: the channels were not mixed.
    assert np.max(np.abs(kept[0] - kept[1])) > 0.1


def _tones(path, channels, layout=None):
    """Two seconds of a tone on each of ``channels`` channels (in ``layout`` when given)."""
    tone = "|".join(["0.1*sin(2*PI*440*t)"] * channels) + (f":c={layout}" if layout else "")
    subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-f", "lavfi", "-i",
                    f"aevalsrc={tone}:s={SAMPLE_RATE}:d=2", str(path)], check=True)
    return path


def test_a_copy_keeps_the_layout_of_its_channels(tmp_path):
    out = tmp_path / "low.flac"
    bleep(str(_tones(tmp_path / "low.wav", 3, "2.1")), str(out), [(0.5, 1.0)])
    with av.open(str(out)) as copy:
        assert copy.streams.audio[0].codec_context.layout.name == "2.1"  # a subwoofer, not a centre


def test_more_channels_than_flac_holds_are_mixed_to_one(tmp_path):
    ten = _tones(tmp_path / "ten.wav", 10)
    out = tmp_path / "ten.flac"
    assert bleep(str(ten), str(out), [(0.5, 1.0)]) == 2.0
    assert probe(str(out))["channels"] == 1
    with pytest.raises(EngineError) as refused:  # one of them alone is not read
        next(iter_pcm(str(ten), channel=1))
    assert refused.value.code == "unsupported_audio"


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
