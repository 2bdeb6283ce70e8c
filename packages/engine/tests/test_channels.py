"""One channel of a recording transcribed alone: what the other channel says is not heard."""

import shutil
import subprocess

import pytest

from conftest import FIXTURES
from parlance_engine.textnorm import wer
from test_transcribe import transcribe


@pytest.fixture(scope="module")
def stereo(tmp_path_factory):
    """jfk on the left, LJ002-0035 on the right (padded with silence to jfk's length)."""
    if not shutil.which("ffmpeg"):
        pytest.skip("ffmpeg not installed")
    out = tmp_path_factory.mktemp("channels") / "two-talkers.wav"
    subprocess.run(
        ["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", str(FIXTURES / "jfk.wav"),
         "-i", str(FIXTURES / "LJ002-0035.wav"), "-filter_complex", "[1:a]apad[b];[0:a][b]amerge=inputs=2",
         "-ac", "2", str(out)], check=True)
    return out


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
