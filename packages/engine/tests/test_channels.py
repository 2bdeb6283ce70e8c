"""One channel of a recording transcribed alone: what the other channel says is not heard."""

import pytest

from parlance_engine.textnorm import wer
from test_transcribe import transcribe


def test_each_channel_alone(engine, refs, stereo):
    left, _ = transcribe(engine, stereo, channel=1)
    right, _ = transcribe(engine, stereo, channel=2)
    assert wer(refs["jfk"], left["text"]) < 0.2
    assert wer(refs["LJ002-0035"], right["text"]) == 0.0
    # Both channels are as long as the file.
    assert left["duration"] == right["duration"] == pytest.approx(11.0, abs=0.01)


def test_a_channel_the_file_lacks(engine, stereo):
    m, _ = engine.call("transcribe", {"path": str(stereo), "model": "tiny.en", "channel": 3})
    assert m["error"]["code"] == "unsupported_audio"
    assert "2 channel(s)" in m["error"]["message"]
    for bad in (0, 9, "1", 1.5):
        m, _ = engine.call("transcribe", {"path": str(stereo), "model": "tiny.en", "channel": bad})
        assert m["error"]["code"] == "invalid_params", bad
